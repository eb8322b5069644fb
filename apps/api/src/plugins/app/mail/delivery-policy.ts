// When the outbox tries again, when it gives up, and what it may remember of a failure. The give-up time
// is the lifetime of the longest one-time link the portal emails: past it, every link the message holds
// has expired, so delivering it would only hand the reader a dead link.
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  INVITATION_TTL_DAYS,
  RESET_TOKEN_TTL_SECONDS,
} from '@datafeeds/domain';

/**
 * 7 days (an invitation link's lifetime): an undelivered message is marked failed, and a mailbox message
 * deleted, after this.
 */
export const GIVE_UP_SECONDS = Math.max(
  EMAIL_VERIFICATION_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  INVITATION_TTL_DAYS * 86_400,
);

/** The first retry waits this long; each next one twice as long as the previous. */
export const FIRST_RETRY_SECONDS = 10;
/** …up to this, so a server back after an outage is noticed within a quarter of an hour. */
export const MAX_RETRY_SECONDS = 15 * 60;

/**
 * How long a claimed message belongs to the instance that claimed it. It outlasts the SMTP timeouts
 * (smtp-sender.ts) of one attempt, so only a crashed or frozen instance's claim expires, and then
 * another instance retries the message.
 */
export const LEASE_SECONDS = 2 * 60;

/** Messages one claim takes; the claim repeats while it finds this many. */
export const CLAIM_BATCH = 10;

/** How long closing the app waits for a send in flight before it lets it go (its lease then expires). */
export const STOP_GRACE_MS = 10_000;

/** The wait after the `attempts`-th failed attempt: 10 s, 20 s, 40 s, … capped at 15 min. */
export function retryDelaySeconds(attempts: number): number {
  const doublings = Math.max(0, attempts - 1);
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.min(doublings, 30));
}

const MAX_ERROR_LENGTH = 300;

/**
 * What is kept of a failed attempt: the SMTP error's message, without any link (a server may echo part
 * of what it refused, and links carry one-time tokens), never the message body, and short.
 */
export function describeSendError(error: unknown, links: readonly string[]): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const link of links) if (link) text = text.split(link).join('[link]');
  text = text
    .replace(/\bhttps?:\/\/\S+/gi, '[link]')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text || 'unknown error';
}
