// Usage metering (design §8 "Usage"): every verification that found a credential is counted per
// credential × feed × hour × outcome in memory, and the counts are written in one statement per batch by
// a timer (about once a second), never one write per request. The verification path only increments a
// Map entry and never waits for the database; a crash loses at most the last interval, a graceful close
// writes what is held. A batch the database refused is kept and merged into the next one; an entry no
// database could store (a NUL, a lone surrogate) is dropped and logged, so it can never hold a batch.
// A data feed's reported counts join only once a verification mark confirms them, VALID ones only as far
// as the key's leases of the day allow (reported-usage.ts);
// new marks, a few an hour per key and credential, are written in a statement of their own first.
import type { MeteredCode } from '@datafeeds/domain';
import { startPeriodicTask } from '../../../lib/periodic-task.ts';
import { createHeldCounts, type HeldCounts, type UsageCount } from '@datafeeds/domain/usage-counts';
import { createReportedUsage, type ReportedUsageOptions } from './reported-usage.ts';
import { isStorable } from './storable-text.ts';
import { createVerificationMarks, type VerificationMark } from './verification-marks.ts';

const HOUR_MS = 3_600_000;
/** Held entries named in the warning about unstorable ones (the rest are only counted). */
const LOGGED_UNSTORABLE = 3;

/** One batch: its counts sorted by key (so concurrent writers lock rows in one order), and last uses. */
export interface UsageBatch {
  counts: UsageCount[];
  lastUsed: { clientId: string; atMs: number }[];
  /** New marks of which verifier key verified which credential in which hour. */
  verifications: VerificationMark[];
}

export type UsageWriter = (batch: UsageBatch) => Promise<void>;

export interface UsageMeterOptions {
  write: UsageWriter;
  findVerifications?: ReportedUsageOptions['findVerifications'];
  takeReportedValid?: ReportedUsageOptions['takeReportedValid'];
  now?: () => number;
  log: { warn(object: object, message: string): void };
  /** Distinct keys held at most; past it new keys are dropped (with a warning), existing ones still count. */
  maxKeys: number;
  /**
   * How long a verification made on another instance may take to reach the database: its batch interval
   * and room for the statement. 0 where batches are written only on demand (tests that flush).
   */
  otherInstanceBatchMs?: number;
}

export const DEFAULT_USAGE_FLUSH_MS = 1_000;
/**
 * A token's lastUsedAt is written at most once a minute: a busy feed verifying thousands of tokens a
 * second would otherwise rewrite thousands of api_clients rows every flush (bench:verify figure 5 lost
 * 10 % of its throughput to that). A later use waits in memory until its minute is up, so the stored
 * time is never more than a minute behind.
 */
const LAST_USED_PRECISION_MS = 60_000;
export const DEFAULT_USAGE_MAX_KEYS = 200_000;

/**
 * The key a credential was last counted under and the answers counted under it since. A feed polling a
 * token asks for the same feed and gets the same answer call after call, so a call compares the fields
 * of one object found by client id instead of walking the counts' four Maps, the last-use Map and the
 * verification marks: ten look-ups whose memory the HTTP work between two calls has evicted. Drained into the counts when the key changes and before
 * every batch.
 */
interface Tally {
  hour: number;
  scope: string;
  code: string;
  verifierKeyId: string | undefined;
  /** Answers counted under this key and not yet added to the counts. */
  pending: number;
  lastUsedMs: number;
}

function compareCounts(a: UsageCount, b: UsageCount): number {
  if (a.clientId !== b.clientId) return a.clientId < b.clientId ? -1 : 1;
  if (a.hourMs !== b.hourMs) return a.hourMs - b.hourMs;
  if (a.scope !== b.scope) return a.scope < b.scope ? -1 : 1;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

export function createUsageMeter({
  write,
  findVerifications,
  takeReportedValid,
  now = Date.now,
  log,
  maxKeys,
  otherInstanceBatchMs = 0,
}: UsageMeterOptions) {
  let counts = createHeldCounts(maxKeys);
  const marks = createVerificationMarks(maxKeys);
  const reported = createReportedUsage({
    marks,
    findVerifications,
    takeReportedValid,
    now,
    log,
    maxEntries: maxKeys,
  });
  let lastUsed = new Map<string, number>();
  let tallies = new Map<string, Tally>();
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  /** clientId → the last use this instance wrote, to hold back rewrites within LAST_USED_PRECISION_MS. */
  let written = new Map<string, number>();

  /** Whether the counts kept it: a new key past maxKeys is dropped (and counted as such). */
  function add(clientId: string, atMs: number, scope: string, code: string, count: number): boolean {
    const kept = counts.add(clientId, atMs, scope, code, count);
    if (!kept) dropped += count;
    return kept;
  }

  function noteUse(clientId: string, atMs: number) {
    const held = lastUsed.get(clientId);
    if (held === undefined || held < atMs) lastUsed.set(clientId, atMs);
  }

  function drain(clientId: string, tally: Tally) {
    if (tally.pending > 0) add(clientId, tally.hour * HOUR_MS, tally.scope, tally.code, tally.pending);
    tally.pending = 0;
    noteUse(clientId, tally.lastUsedMs);
  }

  /** Every tally into the counts; tallies are made again by the next call of each credential. */
  function drainTallies() {
    for (const [clientId, tally] of tallies) drain(clientId, tally);
    tallies = new Map();
  }

  /** The batch to write, without (and warning of) the entries the database would refuse. */
  function toBatch(
    heldCounts: HeldCounts,
    heldLastUsed: Map<string, number>,
    verifications: VerificationMark[],
  ): UsageBatch {
    const batch: UsageBatch = {
      counts: [],
      lastUsed: [],
      verifications: verifications.filter((mark) => isStorable(mark.clientId)),
    };
    const unstorable: UsageCount[] = [];
    for (const entry of heldCounts.entries()) {
      const storable = isStorable(entry.clientId) && isStorable(entry.scope) && isStorable(entry.code);
      (storable ? batch.counts : unstorable).push(entry);
    }
    batch.counts.sort(compareCounts);
    for (const [clientId, atMs] of heldLastUsed) {
      if (isStorable(clientId)) batch.lastUsed.push({ clientId, atMs });
    }
    batch.lastUsed.sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
    if (unstorable.length > 0) {
      log.warn(
        {
          dropped: unstorable.reduce((total, entry) => total + entry.count, 0),
          entries: unstorable.length,
          examples: unstorable.slice(0, LOGGED_UNSTORABLE),
        },
        'usage counts dropped: their client id or feed cannot be stored',
      );
    }
    return batch;
  }

  async function writeHeld(holdRecentLastUse: boolean): Promise<void> {
    drainTallies();
    await reported.confirm((entry) => {
      add(entry.clientId, entry.hourMs, entry.scope, entry.code, entry.count);
      noteUse(entry.clientId, Math.min(entry.receivedAtMs, entry.hourMs + HOUR_MS - 1));
    });
    if (dropped > 0) {
      log.warn({ dropped, maxKeys }, 'usage counts dropped: too many distinct keys held in memory');
      dropped = 0;
    }
    const verifications = marks.takeUnwritten();
    if (counts.size === 0 && lastUsed.size === 0 && verifications.length === 0) return;
    const heldCounts = counts;
    const heldLastUsed = new Map<string, number>();
    counts = createHeldCounts(maxKeys);
    const waiting = lastUsed;
    lastUsed = new Map();
    for (const [clientId, atMs] of waiting) {
      const last = written.get(clientId);
      if (!holdRecentLastUse || last === undefined || atMs - last >= LAST_USED_PRECISION_MS)
        heldLastUsed.set(clientId, atMs);
      else lastUsed.set(clientId, atMs); // its minute is not up: next tick
    }
    const batch = toBatch(heldCounts, heldLastUsed, verifications);
    if (batch.counts.length + batch.lastUsed.length + batch.verifications.length === 0) return;
    try {
      await write(batch);
      // Bounded like the counts: forgetting only costs a rewrite.
      if (written.size + batch.lastUsed.length > maxKeys) written = new Map();
      for (const { clientId, atMs } of batch.lastUsed) written.set(clientId, atMs);
    } catch (error) {
      // Kept for the next tick (the database may be back by then); only what exceeds the cap is lost.
      for (const { clientId, hourMs, scope, code, count } of batch.counts) {
        add(clientId, hourMs, scope, code, count);
      }
      for (const { clientId, atMs } of batch.lastUsed) noteUse(clientId, atMs);
      marks.restore(batch.verifications);
      throw error;
    }
  }

  return {
    /**
     * Counts one verification of `clientId` for `scope` answered `code` at `nowMs` (the time verification
     * judged by, so it reads no clock of its own), asked by `verifierKeyId`. Synchronous and cheap: one
     * Map look-up when the credential's last call was counted under the same key (see Tally).
     */
    count(clientId: string, scope: string, code: MeteredCode, nowMs: number, verifierKeyId?: string): void {
      const hour = Math.floor(nowMs / HOUR_MS);
      const tally = tallies.get(clientId);
      if (
        tally !== undefined &&
        tally.hour === hour &&
        tally.scope === scope &&
        tally.code === code &&
        tally.verifierKeyId === verifierKeyId
      ) {
        tally.pending += 1;
        if (nowMs > tally.lastUsedMs) tally.lastUsedMs = nowMs;
        return;
      }
      // A new key for this credential: counted in full, so a key past maxKeys is dropped here.
      if (tally !== undefined) drain(clientId, tally);
      noteUse(clientId, nowMs);
      if (verifierKeyId !== undefined) marks.note(verifierKeyId, clientId, nowMs);
      if (!add(clientId, nowMs, scope, code, 1)) {
        tallies.delete(clientId);
        return;
      }
      if (tally === undefined) {
        tallies.set(clientId, { hour, scope, code, verifierKeyId, pending: 0, lastUsedMs: nowMs });
        return;
      }
      tally.hour = hour;
      tally.scope = scope;
      tally.code = code;
      tally.verifierKeyId = verifierKeyId;
      tally.lastUsedMs = nowMs;
    },

    /**
     * Notes that `verifierKeyId` verified `clientId` at `nowMs` without counting the call: a data feed
     * that judges for itself admits or refuses the call and reports what it served (design §8 "Usage").
     * The mark still vouches for its reports and leases.
     */
    noteVerified(verifierKeyId: string, clientId: string, nowMs: number): void {
      marks.note(verifierKeyId, clientId, nowMs);
    },

    /**
     * Takes counts a data feed made itself (answers from its own cache, POST /api/v1/credentials/usage)
     * with `verifierKeyId`: each entry's hour as given, its last use the end of that hour or `nowMs` if
     * sooner. They are counted at a flush once a verification mark covers them (design §8 "Usage").
     */
    addReported(
      verifierKeyId: string,
      entries: readonly {
        clientId: string;
        scope: string;
        code: MeteredCode;
        hourMs: number;
        count: number;
      }[],
      nowMs: number,
    ): void {
      for (const { clientId, scope, code, hourMs, count } of entries) {
        const hourStart = Math.floor(hourMs / HOUR_MS) * HOUR_MS;
        reported.add({ verifierKeyId, clientId, scope, code, hourMs: hourStart, count, receivedAtMs: nowMs });
      }
    },

    /**
     * Whether `verifierKeyId` verified `clientId` at the portal within the hour of `nowMs` or the hour
     * before (design §10: a lease only for credentials that key has verified): this instance's marks,
     * then the database's. A verification made on another instance reaches the database with that
     * instance's next batch, so an unconfirmed mark is asked again once, after `otherInstanceBatchMs`.
     */
    async hasVerified(verifierKeyId: string, clientId: string, nowMs: number): Promise<boolean> {
      const covered = () => marks.covers(verifierKeyId, clientId, nowMs);
      if (covered()) return true;
      if (!findVerifications || !isStorable(clientId)) return false;
      const askDatabase = async () => {
        marks.learn(await findVerifications(marks.covering(verifierKeyId, clientId, nowMs)));
        return covered();
      };
      if (await askDatabase()) return true;
      if (otherInstanceBatchMs === 0) return false;
      await new Promise((resolve) => setTimeout(resolve, otherInstanceBatchMs));
      return askDatabase();
    },

    /** Reported counts dropped since start (unverified, or above the bound). */
    get droppedReportedCounts() {
      return reported.droppedCounts;
    },

    /**
     * Writes what is held in one statement; one flush at a time (a caller during one waits for it). The
     * timer's flushes hold back a lastUsedAt written less than LAST_USED_PRECISION_MS ago; any other
     * (the last one at close, a test's) writes everything.
     */
    async flush({ holdRecentLastUse = false }: { holdRecentLastUse?: boolean } = {}): Promise<void> {
      while (flushing) await flushing.catch(() => undefined);
      flushing = writeHeld(holdRecentLastUse);
      try {
        await flushing;
      } finally {
        flushing = undefined;
      }
    },

    /** Distinct keys held, for tests and the cap. */
    get heldKeys() {
      return counts.size;
    },
  };
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;

/**
 * Flushes every `intervalMs` (0: never by itself), skipping a tick while one is still writing; the stop
 * flushes a last time.
 */
export function startUsageFlushes(
  meter: Pick<UsageMeter, 'flush'>,
  intervalMs: number,
  log: { error(object: object, message: string): void },
): () => Promise<void> {
  const failed = (error: unknown) => log.error({ err: error }, 'usage flush failed; kept for the next');
  const stopTimer =
    intervalMs > 0
      ? startPeriodicTask(() => meter.flush({ holdRecentLastUse: true }), intervalMs, failed)
      : undefined;
  return async () => {
    await stopTimer?.();
    await meter.flush().catch(failed);
  };
}
