// Each instance's delivery loop: every poll interval, and at once when a message is written (a nudge),
// it claims due messages, sends them one by one and records the outcome. On every poll it also deletes
// development-mailbox messages whose links have expired. Modelled on the credential expiry sweep: one
// run at a time, never stacked; a nudge during a run makes it run again.
import { CLAIM_BATCH, describeSendError, STOP_GRACE_MS } from './delivery-policy.ts';
import type { ClaimedEmail, OutboxStore } from './outbox-store.ts';
import type { MailSender } from './smtp-sender.ts';

export interface DeliveryLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface DeliveryWorker {
  /** Runs a delivery now (a message was just written), or right after the run in progress. */
  nudge(): void;
  /** No new claims from now; waits for the send in flight up to the grace, then closes the sender. */
  stop(): Promise<void>;
}

export function startDeliveryWorker(options: {
  outbox: Pick<OutboxStore, 'claimDue' | 'markSent' | 'recordFailure' | 'release' | 'purgeExpiredMailbox'>;
  /** Undefined without SMTP_URL: the mailbox is the delivery, and only the purge runs. */
  sender: MailSender | undefined;
  /** 0 turns the periodic poll off: only nudges deliver, and nothing retries or purges. */
  pollMs: number;
  log: DeliveryLog;
  stopGraceMs?: number;
}): DeliveryWorker {
  const { outbox, sender, log } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let runAgain = false;

  async function deliver(email: ClaimedEmail, send: MailSender['send']): Promise<void> {
    try {
      await send(email);
    } catch (error) {
      const lastError = describeSendError(error, email.links);
      const outcome = await outbox.recordFailure(email, lastError);
      const fields = { emailId: email.id, subject: email.subject, attempts: email.attempts, lastError };
      if (outcome.status === 'failed')
        log.error(fields, 'email not delivered: gave up (mail-outbox lists it)');
      else
        log.warn({ ...fields, nextAttemptAt: outcome.nextAttemptAt }, 'email not delivered yet: will retry');
      return;
    }
    await outbox.markSent(email);
    log.info({ emailId: email.id, subject: email.subject, attempts: email.attempts }, 'email sent');
  }

  async function deliverDue(mailSender: MailSender): Promise<void> {
    for (;;) {
      if (stopped) return;
      const claimed = await outbox.claimDue(CLAIM_BATCH);
      for (const [index, email] of claimed.entries()) {
        if (stopped) return outbox.release(claimed.slice(index));
        await deliver(email, (message) => mailSender.send(message));
      }
      if (claimed.length < CLAIM_BATCH) return;
    }
  }

  async function runOnce(purge: boolean): Promise<void> {
    if (purge) {
      const purged = await outbox.purgeExpiredMailbox();
      if (purged > 0) log.info({ purged }, 'deleted development-mailbox email whose links have expired');
    }
    if (sender) await deliverDue(sender);
  }

  function run(purge: boolean): void {
    if (stopped) return;
    if (running) {
      runAgain = true;
      return;
    }
    running = runOnce(purge)
      .catch((error: unknown) => log.error({ err: error }, 'email delivery run failed'))
      .finally(() => {
        running = undefined;
        if (runAgain) {
          runAgain = false;
          run(false);
        }
      });
  }

  const timer = options.pollMs > 0 ? setInterval(() => run(true), options.pollMs) : undefined;
  timer?.unref();

  return {
    nudge: () => run(false),
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) {
        let graceTimer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          graceTimer = setTimeout(resolve, options.stopGraceMs ?? STOP_GRACE_MS);
        });
        await Promise.race([running, grace]);
        clearTimeout(graceTimer);
      }
      sender?.close();
    },
  };
}
