// Every email is written to the outbox table first (durable), then delivered. With SMTP_URL a delivery
// worker in each instance sends it, retries with backoff, gives up after the longest link lifetime and
// clears the body once sent (delivery-worker.ts, delivery-policy.ts). Without it the row is the delivery:
// the development mailbox reads it, so every email flow works on a fresh machine, and it is deleted once
// its links have expired. The log says where to read it but never holds the links: they carry one-time
// tokens, and logs are not secret.
import type { Db } from '../../../db/client.ts';
import { afterCommit, transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AuditContext, AuditLog } from '../audit/index.ts';
import { startDeliveryWorker, type DeliveryLog } from './delivery-worker.ts';
import { createOutboxStore, type MailboxMessage, type UndeliveredEmail } from './outbox-store.ts';
import { createSmtpSender } from './smtp-sender.ts';
import type { EmailMessage } from './templates.ts';

/** How often each instance looks for due messages (and purges the expired mailbox) by default. */
export const DEFAULT_MAIL_DELIVERY_MS = 1_000;

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /**
   * Resolves once the message is stored; with SMTP it is sent in the background, retried if need be.
   * Given a transaction opened with `transaction()` (db/transaction.ts), the message is written in it:
   * it exists exactly when the change it reports committed (a crash in between loses neither, nor sends
   * one for a change rolled back), and delivery starts once it has committed. A message that reports no
   * change of its own is given `db`.
   */
  send(message: EmailMessage, executor: Db): Promise<void>;
  /** The development mailbox's messages, newest first. */
  outbox(): Promise<MailboxMessage[]>;
  /** Messages still waiting for SMTP delivery or given up on, without their body or links. */
  undelivered(): Promise<UndeliveredEmail[]>;
  /**
   * Makes a failed message pending again (or a pending one whose last attempt failed due now) and starts
   * its delivery, audited as `email.retried` (the id and recipient, never the body); undefined when no
   * such failed or failing one.
   */
  retry(id: string, context: AuditContext): Promise<UndeliveredEmail | undefined>;
  /** Stops the delivery worker: no new claims, the send in flight awaited (bounded). */
  close(): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  /** Where the outbox can be read, when the development mailbox is served. */
  mailboxUrl: string | undefined;
  db: Db;
  clock: Clock;
  audit: AuditLog;
  log: DeliveryLog;
  /** The delivery worker's poll interval; 0 leaves only the nudge after each send (tests). */
  deliveryPollMs: number;
}): Mailer {
  const { log } = options;
  const store = createOutboxStore(options.db, options.clock);
  const sender = options.smtpUrl ? createSmtpSender(options.smtpUrl, options.from) : undefined;
  const worker = startDeliveryWorker({ outbox: store, sender, pollMs: options.deliveryPollMs, log });

  return {
    mode: sender ? 'smtp' : 'outbox',
    async send(message, executor) {
      if (sender) {
        await store.add(message, 'smtp', executor);
        afterCommit(executor, () => {
          log.info({ subject: message.subject }, 'email queued for SMTP delivery');
          worker.nudge();
        });
        return;
      }
      await store.add(message, 'mailbox', executor);
      afterCommit(executor, () =>
        log.info(
          {
            to: message.to,
            subject: message.subject,
            readAt: options.mailboxUrl ?? 'the development mailbox (set DEV_MAILBOX=true to serve it)',
          },
          'email kept in the outbox (no SMTP_URL)',
        ),
      );
    },
    outbox: () => store.mailbox(),
    undelivered: () => store.undelivered(),
    async retry(id, context) {
      return transaction(options.db, async (tx) => {
        const row = await store.retry(id, tx);
        if (!row) return undefined;
        await options.audit.record(tx, {
          kind: 'email.retried',
          context,
          companyId: null,
          detail: { emailId: row.id, to: row.to },
        });
        afterCommit(tx, () => worker.nudge());
        return row;
      });
    },
    close: () => worker.stop(),
  };
}
