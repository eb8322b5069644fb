// The counts data feeds report (design §8 "Usage"), held by the usage meter until a verification mark
// confirms them: an entry for hour H is counted only if its verifier key verified the credential at the
// portal in hour H or the hour before (verification-marks.ts), and only up to
// USAGE_REPORT_MAX_HOURLY_COUNT. VALID counts of a credential with a daily limit are also counted only up
// to what the key was leased of its company's day and has not reported yet (allowance/key-allowance.ts).
// The rest are dropped, counted and logged — never refused, so an honest verifier never resends them for
// ever.
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

/**
 * VALID answers a key reports of one credential in one UTC day (YYYY-MM-DD): what the
 * bound on them is asked (allowance/key-allowance.ts, which imports this shape: allowance → usage).
 */
export interface ReportedValid {
  verifierKeyId: string;
  clientId: string;
  day: string;
  count: number;
}

export interface ReportedUsageOptions {
  marks: VerificationMarks;
  /** Which of these marks the database holds (written by any instance). */
  findVerifications: ((marks: VerificationMark[]) => Promise<VerificationMark[]>) | undefined;
  /**
   * How much of each claim of VALID counts may count (allowance/key-allowance.ts), taken for good; no
   * such bound where it is not given (a meter without a database).
   */
  takeReportedValid: ((claims: ReportedValid[]) => Promise<number[]>) | undefined;
  now: () => number;
  log: { warn(object: object, message: string): void };
  /** Entries waiting at most; past it new ones are dropped. */
  maxEntries: number;
}

/** The UTC day (YYYY-MM-DD) of an hour, as the leases count days. */
const utcDayOf = (hourMs: number) => new Date(hourMs).toISOString().slice(0, 10);

export function createReportedUsage({
  marks,
  findVerifications,
  takeReportedValid,
  now,
  log,
  maxEntries,
}: ReportedUsageOptions) {
  let waiting: ReportedCount[] = [];
  /** Entries taken out of `waiting` by a confirmation under way (still held, for maxEntries). */
  let confirming = 0;
  /** Counts dropped since the last warning, and since start (an operator's figure). */
  let sinceWarning = 0;
  let droppedCounts = 0;

  function drop(count: number) {
    sinceWarning += count;
    droppedCounts += count;
  }

  /**
   * What each ready entry may count: a VALID one what its key's leases of the day have left (taken in one
   * statement for the batch, per key × credential × day, first entries first), any other all of it.
   */
  async function validAllowance(ready: readonly ReportedCount[]): Promise<(entry: ReportedCount) => number> {
    const whole = (entry: ReportedCount) => entry.count;
    if (!takeReportedValid) return whole;
    const claims: ReportedValid[] = [];
    const claimOf = new Map<ReportedCount, number>();
    const indexOf = new Map<string, Map<string, Map<string, number>>>();
    for (const entry of ready) {
      // An id no database could take would fail the statement for every entry; the batch drops it anyway.
      if (entry.code !== 'VALID' || !isStorable(entry.clientId)) continue;
      const day = utcDayOf(entry.hourMs);
      let byClient = indexOf.get(entry.verifierKeyId);
      if (!byClient) indexOf.set(entry.verifierKeyId, (byClient = new Map()));
      let byDay = byClient.get(entry.clientId);
      if (!byDay) byClient.set(entry.clientId, (byDay = new Map()));
      let index = byDay.get(day);
      if (index === undefined) {
        index =
          claims.push({ verifierKeyId: entry.verifierKeyId, clientId: entry.clientId, day, count: 0 }) - 1;
        byDay.set(day, index);
      }
      const claim = claims[index];
      if (claim) claim.count += entry.count;
      claimOf.set(entry, index);
    }
    if (claims.length === 0) return whole;
    const left = await takeReportedValid(claims);
    return (entry) => {
      const index = claimOf.get(entry);
      if (index === undefined) return entry.count;
      const counted = Math.min(entry.count, left[index] ?? 0);
      left[index] = (left[index] ?? 0) - counted;
      return counted;
    };
  }

  return {
    add(entry: ReportedCount): void {
      if (entry.count > USAGE_REPORT_MAX_HOURLY_COUNT || waiting.length + confirming >= maxEntries) {
        drop(entry.count);
      } else waiting.push(entry);
    },

    /**
     * Hands the entries a verification mark covers to `count` (asking the database for the marks this
     * instance has not seen) — a VALID entry only as far as its key's leases allow —, drops those still
     * uncovered after REPORT_CONFIRM_MS, keeps the rest. Entries that arrive meanwhile wait for the next.
     * If the database cannot be asked, every entry is kept for the next flush.
     */
    async confirm(count: (entry: ReportedCount) => void): Promise<void> {
      if (waiting.length === 0) return;
      const taken = waiting;
      waiting = [];
      confirming = taken.length;
      const covered = (entry: ReportedCount) =>
        marks.covers(entry.verifierKeyId, entry.clientId, entry.hourMs);
      let ready: ReportedCount[];
      let allowed: (entry: ReportedCount) => number;
      try {
        const askable = taken.filter((entry) => !covered(entry) && isStorable(entry.clientId));
        if (askable.length > 0 && findVerifications) {
          const wanted = askable.flatMap((entry) =>
            marks.covering(entry.verifierKeyId, entry.clientId, entry.hourMs),
          );
          marks.learn(await findVerifications(wanted));
        }
        ready = taken.filter(covered);
        allowed = await validAllowance(ready);
      } catch (error) {
        waiting = [...taken, ...waiting];
        throw error;
      } finally {
        confirming = 0;
      }
      const nowMs = now();
      const isReady = new Set(ready);
      const stillWaiting: ReportedCount[] = [];
      for (const entry of taken) {
        if (isReady.has(entry)) {
          const counted = allowed(entry);
          if (counted < entry.count) drop(entry.count - counted);
          if (counted > 0) count(counted === entry.count ? entry : { ...entry, count: counted });
        } else if (nowMs - entry.receivedAtMs < REPORT_CONFIRM_MS && isStorable(entry.clientId)) {
          stillWaiting.push(entry);
        } else drop(entry.count);
      }
      waiting = [...stillWaiting, ...waiting];
      if (sinceWarning > 0) {
        log.warn(
          { dropped: sinceWarning, droppedSinceStart: droppedCounts },
          'usage report counts dropped: above the hourly bound, past what the reporting verifier key ' +
            "was leased of the company's day, or for credentials that key did not verify within their " +
            'hour or the hour before',
        );
        sinceWarning = 0;
      }
    },

    /** Reported counts dropped since start (unverified, above the bound, or past the key's leases). */
    get droppedCounts() {
      return droppedCounts;
    },
  };
}
