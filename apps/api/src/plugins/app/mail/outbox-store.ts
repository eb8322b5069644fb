// The outbox_emails table, the only writer of it. Every email is a row before anything tries to send it,
// so a message survives an unreachable SMTP server and a restart. Instances share the table: a claim
// takes due rows with FOR UPDATE SKIP LOCKED and stamps a lease, so two instances never hold the same
// row, and a lease left by a crashed instance runs out and lets another one retry.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { outboxEmails, type OutboxEmailStatus } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { GIVE_UP_SECONDS, LEASE_SECONDS, retryDelaySeconds } from './delivery-policy.ts';
import type { EmailMessage } from './templates.ts';

/** A claimed message: its content, and the lease that proves this instance still holds it. */
export interface ClaimedEmail extends EmailMessage {
  id: string;
  attempts: number;
  leasedUntil: Date;
  giveUpAt: Date;
}

/** What the operator sees of a message not delivered: never its body or links. */
export interface UndeliveredEmail {
  id: string;
  to: string;
  subject: string;
  status: Extract<OutboxEmailStatus, 'pending' | 'failed'>;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  lastError: string | null;
  failedAt: Date | null;
}

export type MailboxMessage = EmailMessage & { id: string; createdAt: string };

const undeliveredColumns = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  subject: outboxEmails.subject,
  status: outboxEmails.status,
  attempts: outboxEmails.attempts,
  createdAt: outboxEmails.createdAt,
  lastAttemptAt: outboxEmails.lastAttemptAt,
  nextAttemptAt: outboxEmails.nextAttemptAt,
  lastError: outboxEmails.lastError,
  failedAt: outboxEmails.failedAt,
};

/** Still this instance's to settle: pending, and leased by this very claim. */
const heldBy = (email: ClaimedEmail) =>
  and(
    eq(outboxEmails.id, email.id),
    eq(outboxEmails.status, 'pending'),
    eq(outboxEmails.leasedUntil, email.leasedUntil),
  );

export function createOutboxStore(db: Db, clock: Clock) {
  return {
    /**
     * Writes the message: for the SMTP worker (`pending`), or as the development mailbox's mail. Given a
     * caller's transaction, the message commits or rolls back with the change it is about.
     */
    async add(message: EmailMessage, destination: 'smtp' | 'mailbox', executor: Db): Promise<void> {
      const now = clock.now();
      await executor.insert(outboxEmails).values({
        ...message,
        createdAt: now,
        ...(destination === 'smtp'
          ? { status: 'pending', nextAttemptAt: now, giveUpAt: addSeconds(now, GIVE_UP_SECONDS) }
          : { status: 'mailbox' }),
      });
    },

    /** Takes up to `limit` due messages no live lease holds, and leases them to this instance. */
    async claimDue(limit: number): Promise<ClaimedEmail[]> {
      const now = clock.now();
      const due = db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.status, 'pending'),
            lte(outboxEmails.nextAttemptAt, now),
            or(isNull(outboxEmails.leasedUntil), lte(outboxEmails.leasedUntil, now)),
          ),
        )
        .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.seq))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(outboxEmails)
        .set({
          leasedUntil: addSeconds(now, LEASE_SECONDS),
          attempts: sql`${outboxEmails.attempts} + 1`,
          lastAttemptAt: now,
        })
        .where(inArray(outboxEmails.id, due))
        .returning();
      return rows
        .sort((a, b) => a.seq - b.seq)
        .map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          links: row.links,
          attempts: row.attempts,
          leasedUntil: row.leasedUntil ?? now,
          giveUpAt: row.giveUpAt ?? addSeconds(row.createdAt, GIVE_UP_SECONDS),
        }));
    },

    /** Delivered: only the envelope and the times stay, the body and its one-time links go. */
    async markSent(email: ClaimedEmail): Promise<void> {
      await db
        .update(outboxEmails)
        .set({
          status: 'sent',
          sentAt: clock.now(),
          text: '',
          html: '',
          links: [],
          leasedUntil: null,
          nextAttemptAt: null,
        })
        .where(heldBy(email));
    },

    /**
     * Schedules the next attempt after the backoff, never later than the give-up time; an attempt that
     * fails at or past it marks the message failed. Returns what became of it.
     */
    async recordFailure(
      email: ClaimedEmail,
      error: string,
    ): Promise<{ status: 'pending'; nextAttemptAt: Date } | { status: 'failed' }> {
      const now = clock.now();
      if (now >= email.giveUpAt) {
        await db
          .update(outboxEmails)
          .set({ status: 'failed', failedAt: now, lastError: error, leasedUntil: null, nextAttemptAt: null })
          .where(heldBy(email));
        return { status: 'failed' };
      }
      const backoff = addSeconds(now, retryDelaySeconds(email.attempts));
      const nextAttemptAt = backoff < email.giveUpAt ? backoff : email.giveUpAt;
      await db
        .update(outboxEmails)
        .set({ nextAttemptAt, lastError: error, leasedUntil: null })
        .where(heldBy(email));
      return { status: 'pending', nextAttemptAt };
    },

    /** Hands back claimed messages not tried (the app is closing): due at once, attempt not counted. */
    async release(emails: readonly ClaimedEmail[]): Promise<void> {
      for (const email of emails) {
        await db
          .update(outboxEmails)
          .set({ leasedUntil: null, attempts: sql`${outboxEmails.attempts} - 1` })
          .where(heldBy(email));
      }
    },

    /** Development-mailbox messages whose links have all expired are deleted, not kept forever. */
    async purgeExpiredMailbox(): Promise<number> {
      const cutoff = addSeconds(clock.now(), -GIVE_UP_SECONDS);
      const deleted = await db
        .delete(outboxEmails)
        .where(and(eq(outboxEmails.status, 'mailbox'), lte(outboxEmails.createdAt, cutoff)))
        .returning({ id: outboxEmails.id });
      return deleted.length;
    },

    /** The development mailbox: its messages, newest first. */
    async mailbox(): Promise<MailboxMessage[]> {
      const rows = await db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          subject: outboxEmails.subject,
          text: outboxEmails.text,
          html: outboxEmails.html,
          links: outboxEmails.links,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .where(eq(outboxEmails.status, 'mailbox'))
        .orderBy(desc(outboxEmails.seq));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Pending and failed messages, oldest first, for the operator. */
    async undelivered(): Promise<UndeliveredEmail[]> {
      const rows = await db
        .select(undeliveredColumns)
        .from(outboxEmails)
        .where(inArray(outboxEmails.status, ['pending', 'failed']))
        .orderBy(asc(outboxEmails.seq));
      return rows as UndeliveredEmail[];
    },

    /**
     * A failed message is pending again, due now, with a new give-up time and a fresh backoff; in the
     * caller's transaction when given one (its audit row commits with it). A pending one whose last
     * attempt failed (a failing mail server, design §11 "Screens") is only made due now: it is still
     * within its give-up time, and its attempts and lease stay, so that a worker holding it settles it
     * as usual. A pending one not tried yet, or tried without an error, is not retried.
     */
    async retry(id: string, executor: Db = db): Promise<UndeliveredEmail | undefined> {
      if (!isUuid(id)) return undefined;
      const now = clock.now();
      const [failed] = await executor
        .update(outboxEmails)
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          giveUpAt: addSeconds(now, GIVE_UP_SECONDS),
          failedAt: null,
          leasedUntil: null,
        })
        .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'failed')))
        .returning(undeliveredColumns);
      if (failed) return failed as UndeliveredEmail;
      const [failing] = await executor
        .update(outboxEmails)
        .set({ nextAttemptAt: now })
        .where(
          and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending'), isNotNull(outboxEmails.lastError)),
        )
        .returning(undeliveredColumns);
      return failing as UndeliveredEmail | undefined;
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
