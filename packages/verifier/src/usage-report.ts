// Usage the data feed answered itself (design §8 "Usage"): an answer served from the cache, or judged
// locally from a cached credential, never reached the portal, so it is counted here per credential ×
// feed × outcome × hour and reported to POST /api/v1/credentials/usage in one request about once a
// second (and on close). Answers the portal gave were counted by the portal and are not counted again.
// The hot path is one Map increment; a report that fails is kept (up to maxKeys) for the next tick.
import {
  METERED_CODES,
  USAGE_ANY_FEED,
  USAGE_REPORT_MAX_ENTRIES,
  type ScopeKey,
  type VerificationCode,
} from '@datafeeds/domain/credentials';
import type { ResolvedVerifierOptions } from './options.ts';

const HOUR_MS = 3_600_000;
const SEPARATOR = '|';
/** Distinct keys held at most while the portal cannot be told; past it new keys are dropped. */
const USAGE_REPORT_MAX_KEYS = 100_000;

/** The codes the portal meters: those of an answer that found the credential. */
const METERED = new Set<VerificationCode>(METERED_CODES);

export interface UsageEntry {
  clientId: string;
  scope: string;
  code: string;
  hour: string;
  count: number;
}

type UsageReportOptions = Pick<
  ResolvedVerifierOptions,
  'usageUrl' | 'usageReportMs' | 'authorization' | 'portalLabel' | 'requestTimeoutMs' | 'onError'
>;

export function createUsageReporter(options: UsageReportOptions, maxKeys = USAGE_REPORT_MAX_KEYS) {
  let held = new Map<string, number>();
  let sending: Promise<void> | undefined;
  const enabled = options.usageReportMs > 0;

  function add(key: string, count: number): boolean {
    const current = held.get(key);
    if (current !== undefined) held.set(key, current + count);
    else if (held.size < maxKeys) held.set(key, count);
    else return false;
    return true;
  }

  async function post(entries: UsageEntry[]): Promise<void> {
    const response = await fetch(options.usageUrl, {
      method: 'POST',
      headers: { authorization: options.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ counts: entries }),
      signal: AbortSignal.timeout(options.requestTimeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) {
      throw new Error(
        `The portal at ${options.portalLabel} refused a usage report (HTTP ${response.status}); kept for the next.`,
      );
    }
  }

  async function sendHeld(): Promise<void> {
    if (held.size === 0) return;
    const sent = held;
    held = new Map();
    const entries: UsageEntry[] = [];
    for (const [key, count] of sent) {
      const [clientId = '', hour = '0', scope = '', code = ''] = key.split(SEPARATOR);
      entries.push({ clientId, scope, code, hour: new Date(Number(hour) * HOUR_MS).toISOString(), count });
    }
    let done = 0;
    try {
      for (; done < entries.length; done += USAGE_REPORT_MAX_ENTRIES) {
        await post(entries.slice(done, done + USAGE_REPORT_MAX_ENTRIES));
      }
    } catch (error) {
      for (const entry of entries.slice(done)) {
        add(
          [entry.clientId, Date.parse(entry.hour) / HOUR_MS, entry.scope, entry.code].join(SEPARATOR),
          entry.count,
        );
      }
      throw error;
    }
  }

  /** One report at a time; a caller during one waits for it, then sends what is left. */
  async function report(): Promise<void> {
    while (sending) await sending.catch(() => undefined);
    sending = sendHeld();
    try {
      await sending;
    } finally {
      sending = undefined;
    }
  }

  const reportQuietly = () =>
    report().catch((error: unknown) =>
      options.onError(error instanceof Error ? error : new Error(String(error))),
    );
  let ticking = false;
  const timer = enabled
    ? setInterval(() => {
        if (ticking) return;
        ticking = true;
        void reportQuietly().finally(() => (ticking = false));
      }, options.usageReportMs)
    : undefined;
  timer?.unref();

  return {
    /** Counts one answer the verifier gave without the portal. Synchronous: one Map increment. */
    count(clientId: string, scope: ScopeKey | undefined, code: VerificationCode, nowMs: number): void {
      if (!enabled || !METERED.has(code)) return;
      const hour = Math.floor(nowMs / HOUR_MS);
      add(`${clientId}${SEPARATOR}${hour}${SEPARATOR}${scope ?? USAGE_ANY_FEED}${SEPARATOR}${code}`, 1);
    },
    /** Sends what is held now (tests, close). */
    report,
    /** Stops the timer and sends a last report; a failure is passed to onError. */
    async close(): Promise<void> {
      clearInterval(timer);
      await reportQuietly();
    },
    get heldKeys() {
      return held.size;
    },
  };
}
