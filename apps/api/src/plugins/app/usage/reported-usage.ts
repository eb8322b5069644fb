// The counts data feeds report (design §8 "Usage"), held by the usage meter until a verification mark
// confirms them: an entry for hour H is counted only if its verifier key verified the credential at the
// portal in hour H or the hour before (verification-marks.ts), and only up to
// USAGE_REPORT_MAX_HOURLY_COUNT. The rest are dropped, counted and logged — never refused, so an honest
// verifier never resends them for ever.
import { USAGE_REPORT_MAX_HOURLY_COUNT, type MeteredCode } from '@datafeeds/domain';
import type { UsageCount } from '@datafeeds/domain/usage-counts';
import { isStorable } from './storable-text.ts';
import type { VerificationMark, VerificationMarks } from './verification-marks.ts';

/**
 * How long a reported entry waits for its verification mark before it is dropped: the verification may
 * have been made on another instance whose batch (about a second) is not written yet.
 */
const REPORT_CONFIRM_MS = 10_000;

/** A data feed's reported entry, waiting to be confirmed by a verification mark. */
interface ReportedCount extends UsageCount {
  code: MeteredCode;
  verifierKeyId: string;
  receivedAtMs: number;
}

export interface ReportedUsageOptions {
  marks: VerificationMarks;
  /** Which of these marks the database holds (written by any instance). */
  findVerifications: ((marks: VerificationMark[]) => Promise<VerificationMark[]>) | undefined;
  now: () => number;
  log: { warn(object: object, message: string): void };
  /** Entries waiting at most; past it new ones are dropped. */
  maxEntries: number;
}

export function createReportedUsage({
  marks,
  findVerifications,
  now,
  log,
  maxEntries,
}: ReportedUsageOptions) {
  let waiting: ReportedCount[] = [];
  /** Counts dropped since the last warning, and since start (an operator's figure). */
  let sinceWarning = 0;
  let droppedCounts = 0;

  function drop(count: number) {
    sinceWarning += count;
    droppedCounts += count;
  }

  return {
    add(entry: ReportedCount): void {
      if (entry.count > USAGE_REPORT_MAX_HOURLY_COUNT || waiting.length >= maxEntries) drop(entry.count);
      else waiting.push(entry);
    },

    /**
     * Hands the entries a verification mark covers to `count` (asking the database for the marks this
     * instance has not seen), drops those still uncovered after REPORT_CONFIRM_MS, keeps the rest.
     */
    async confirm(count: (entry: ReportedCount) => void): Promise<void> {
      if (waiting.length === 0) return;
      const covered = (entry: ReportedCount) =>
        marks.covers(entry.verifierKeyId, entry.clientId, entry.hourMs);
      const askable = waiting.filter((entry) => !covered(entry) && isStorable(entry.clientId));
      if (askable.length > 0 && findVerifications) {
        const wanted = askable.flatMap((entry) =>
          marks.covering(entry.verifierKeyId, entry.clientId, entry.hourMs),
        );
        marks.learn(await findVerifications(wanted));
      }
      const nowMs = now();
      const stillWaiting: ReportedCount[] = [];
      for (const entry of waiting) {
        if (covered(entry)) count(entry);
        else if (nowMs - entry.receivedAtMs < REPORT_CONFIRM_MS && isStorable(entry.clientId)) {
          stillWaiting.push(entry);
        } else drop(entry.count);
      }
      waiting = stillWaiting;
      if (sinceWarning > 0) {
        log.warn(
          { dropped: sinceWarning, droppedSinceStart: droppedCounts },
          'usage report counts dropped: above the hourly bound, or for credentials the reporting ' +
            'verifier key did not verify within their hour or the hour before',
        );
        sinceWarning = 0;
      }
    },

    /** Reported counts dropped since start (unverified, or above the bound). */
    get droppedCounts() {
      return droppedCounts;
    },
  };
}
