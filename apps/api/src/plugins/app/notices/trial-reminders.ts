// Trial reminders (design §9): emails to a trial company's owner and admins 7, 3 and 1 days
// before its trial ends and once it has ended, each exactly once however many instances run and however
// often they restart.
//
// When a stage is due: stage d (7, 3 or 1) from `trialEndsAt - d × 24 h`; stage 0 ("the day it ends")
// from `trialEndsAt` itself, the moment the trial tokens stop working, and only for ENDED_NOTICE_WINDOW_MS
// after it (later it would be stale news). Only the latest due stage is emailed: a portal that was down
// while several became due marks the earlier ones as done without emailing them, so nobody gets a burst
// of stale reminders. A paid or suspended company gets none (suspended: the provider team stopped the
// account, an upgrade link would mislead); nor does an owner or admin who turned reminders off, nor a
// member.
//
// The once-only guarantee is in the database, the same on PGlite and PostgreSQL: one transaction inserts
// the due stages into trial_reminders_sent (primary key company + trial end + stage) with ON CONFLICT DO
// NOTHING RETURNING, and only when the latest stage's row came back writes the emails into the outbox, in
// that same transaction. Concurrent instances block on the key and find it taken; a crash before the
// commit leaves neither the row nor the emails; after it, the outbox's delivery worker sends them. The
// trial end is part of the key, so a trial the provider team extends gets its reminders again.
//
// Why an in-process schedule and not graphile-worker: that would serve only the PostgreSQL case (the
// embedded default has no job queue), and the schedule plus this key already gives the same guarantee on
// both databases; graphile-worker 0.16 (the last for Node 20) would add a second schema and a runner.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies, trialRemindersSent } from '../../../db/schema.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import { startPeriodicTask } from '../../../lib/periodic-task.ts';
import { type Mailer, trialReminderEmail } from '../mail/index.ts';
import { ownersAndAdmins } from './recipients.ts';

/** Days before the trial's end at which a reminder goes out; 0 is the end itself. */
export const REMINDER_STAGES = [7, 3, 1, 0] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];
const DAY_MS = 86_400_000;
const FIRST_STAGE_MS = Math.max(...REMINDER_STAGES) * DAY_MS;
/** How long after the end the "trial has ended" email still goes out (a portal down longer sends none). */
export const ENDED_NOTICE_WINDOW_MS = DAY_MS;

/** The stages due at `now` for a trial ending at `trialEndsAt`, latest (smallest) last. */
export function dueStages(trialEndsAt: Date, now: Date): number[] {
  const untilEnd = trialEndsAt.getTime() - now.getTime();
  if (untilEnd <= -ENDED_NOTICE_WINDOW_MS) return [];
  return REMINDER_STAGES.filter((days) => untilEnd <= days * DAY_MS);
}

interface TrialCompany {
  id: string;
  name: string;
  trialEndsAt: Date;
}

/** What the operator's `send-trial-reminders` did for one company (docs/operating.md). */
export type ReminderNow =
  /** Emailed to these addresses (none when every owner and admin turned reminders off). */
  | { kind: 'sent'; stage: ReminderStage; to: string[]; preview: boolean }
  | { kind: 'none_due'; firstDueAt: Date }
  | { kind: 'over' }
  | { kind: 'already_sent'; stage: ReminderStage }
  /** An asked-for stage that is neither due now nor still to come: a later one has taken over. */
  | { kind: 'stage_passed'; stage: ReminderStage; due: ReminderStage | undefined }
  /** A stage still to come, asked for while email goes out through SMTP: it would reach the customer early. */
  | { kind: 'preview_needs_outbox'; stage: ReminderStage; dueAt: Date };

const stageDueAt = (trialEndsAt: Date, stage: number) => new Date(trialEndsAt.getTime() - stage * DAY_MS);

export function createTrialReminders({
  db,
  clock,
  mailer,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'send' | 'mode'>;
  appUrl: string;
}) {
  /** Writes the reminder with `daysLeft` to the owner and admins who want reminders; their addresses. */
  async function emailReminder(tx: Db, company: TrialCompany, daysLeft: number): Promise<string[]> {
    const recipients = (await ownersAndAdmins(tx, company.id)).filter((person) => person.trialReminders);
    const reminder = { companyName: company.name, trialEndsAt: company.trialEndsAt, daysLeft };
    for (const recipient of recipients) {
      await mailer.send(trialReminderEmail(recipient.email, appUrl, reminder), tx);
    }
    return recipients.map((recipient) => recipient.email);
  }

  /**
   * Records the company's due stages and emails the latest if this call recorded it (or, `again`, in
   * any case); the addresses emailed, or undefined when nothing was due, it was recorded already, or
   * the company left its trial.
   */
  async function remind(
    company: TrialCompany,
    now: Date,
    again = false,
  ): Promise<{ stage: ReminderStage; to: string[] } | undefined> {
    const stages = dueStages(company.trialEndsAt, now);
    const latest = stages.at(-1) as ReminderStage | undefined;
    if (latest === undefined) return undefined;
    return transaction(db, async (tx) => {
      const recorded = await tx
        .insert(trialRemindersSent)
        .values(
          stages.map((daysBefore) => ({
            companyId: company.id,
            trialEndsAt: company.trialEndsAt,
            daysBefore,
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ daysBefore: trialRemindersSent.daysBefore });
      if (!again && !recorded.some((row) => row.daysBefore === latest)) return undefined;
      // Still in trial, read in the transaction: an upgrade since the scan sends nothing.
      const [current] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, company.id), eq(companies.accountStatus, 'trial')));
      if (!current) return undefined;
      // The days actually left (a stage caught up late, or a trial shorter than 7 days, has fewer).
      const untilEnd = company.trialEndsAt.getTime() - now.getTime();
      const daysLeft = latest === 0 ? 0 : Math.max(1, Math.ceil(untilEnd / DAY_MS));
      return { stage: latest, to: await emailReminder(tx, company, daysLeft) };
    });
  }

  return {
    /** One pass over the trial companies with a stage due; answers how many emails it wrote. */
    async run(): Promise<number> {
      const now = clock.now();
      // Trial companies whose reminder window is open now (a range on trial_ends_at: one row per
      // customer, so a scan is cheap; a partial index on it would serve this query as written), with the
      // latest stage recorded so far (the primary key serves the join): a company whose latest due stage
      // is already recorded is skipped, so a tick with nothing new due writes nothing.
      const due = await db
        .select({
          id: companies.id,
          name: companies.name,
          trialEndsAt: companies.trialEndsAt,
          recorded: sql<number | null>`min(${trialRemindersSent.daysBefore})`,
        })
        .from(companies)
        .leftJoin(
          trialRemindersSent,
          and(
            eq(trialRemindersSent.companyId, companies.id),
            eq(trialRemindersSent.trialEndsAt, companies.trialEndsAt),
          ),
        )
        .where(
          and(
            eq(companies.accountStatus, 'trial'),
            gt(companies.trialEndsAt, new Date(now.getTime() - ENDED_NOTICE_WINDOW_MS)),
            lte(companies.trialEndsAt, new Date(now.getTime() + FIRST_STAGE_MS)),
          ),
        )
        .groupBy(companies.id);
      let sent = 0;
      for (const { recorded, trialEndsAt, ...company } of due) {
        if (!trialEndsAt) continue;
        const latest = dueStages(trialEndsAt, now).at(-1);
        if (latest === undefined || (recorded !== null && recorded <= latest)) continue;
        sent += (await remind({ ...company, trialEndsAt }, now))?.to.length ?? 0;
      }
      return sent;
    },

    /**
     * One trial company's reminder now, for the provider team. Without `stage`: what the schedule sends
     * at this moment, through the same once-only record. With the stage due now: that email again
     * (recorded, so the schedule does not add a second). With a stage still to come: a preview of its
     * email as it will read on its day, not recorded (the schedule still sends it then), and only into
     * the outbox of the embedded mail default — through SMTP it would reach the customer early.
     */
    async sendNow(company: TrialCompany, stage?: ReminderStage): Promise<ReminderNow> {
      const now = clock.now();
      const latest = dueStages(company.trialEndsAt, now).at(-1) as ReminderStage | undefined;
      const untilEnd = company.trialEndsAt.getTime() - now.getTime();
      if (stage === undefined || stage === latest) {
        if (latest === undefined) {
          return untilEnd > 0
            ? { kind: 'none_due', firstDueAt: stageDueAt(company.trialEndsAt, REMINDER_STAGES[0]) }
            : { kind: 'over' };
        }
        const sent = await remind(company, now, stage !== undefined);
        return sent ? { kind: 'sent', ...sent, preview: false } : { kind: 'already_sent', stage: latest };
      }
      const toCome = untilEnd > stage * DAY_MS;
      if (!toCome) return { kind: 'stage_passed', stage, due: latest };
      if (mailer.mode === 'smtp')
        return { kind: 'preview_needs_outbox', stage, dueAt: stageDueAt(company.trialEndsAt, stage) };
      const to = await transaction(db, (tx) => emailReminder(tx, company, stage));
      return { kind: 'sent', stage, to, preview: true };
    },
  };
}

export type TrialReminders = ReturnType<typeof createTrialReminders>;

export function startTrialReminders(
  reminders: TrialReminders,
  intervalMs: number,
  log: { error(object: object, message: string): void },
): () => Promise<void> {
  return startPeriodicTask(
    () => reminders.run(),
    intervalMs,
    (error) => log.error({ err: error }, 'trial reminders failed'),
  );
}
