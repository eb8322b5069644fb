// Usage as the data feed served it (design §8 "Usage"): every answer about a known credential — from the
// cache, or after asking the portal, which leaves judging and admitting such a call to the feed and does
// not count it — is counted here per credential × feed × outcome × hour and reported to
// POST /api/v1/credentials/usage in one request about once a second (and on close).
// The hot path is the portal meter's structural counts (four Map look-ups, no key built); a report that
// fails is kept (up to maxKeys) for the next tick.
import {
  METERED_CODES,
  USAGE_ANY_FEED,
  USAGE_REPORT_MAX_ENTRIES,
  type ScopeKey,
  type VerificationCode,
} from '@datafeeds/domain/credentials';
import { createHeldCounts } from '@datafeeds/domain/usage-counts';
import type { ResolvedVerifierOptions } from './options.ts';

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
  let held = createHeldCounts(maxKeys);
  let sending: Promise<void> | undefined;
  const enabled = options.usageReportMs > 0;

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
    held = createHeldCounts(maxKeys);
    const entries: UsageEntry[] = [];
    for (const { clientId, hourMs, scope, code, count } of sent.entries()) {
      entries.push({ clientId, scope, code, hour: new Date(hourMs).toISOString(), count });
    }
    let done = 0;
    try {
      for (; done < entries.length; done += USAGE_REPORT_MAX_ENTRIES) {
        await post(entries.slice(done, done + USAGE_REPORT_MAX_ENTRIES));
      }
    } catch (error) {
      for (const entry of entries.slice(done)) {
        held.add(entry.clientId, Date.parse(entry.hour), entry.scope, entry.code, entry.count);
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
    /** Counts one answer the verifier gave without the portal. Synchronous: a few Map look-ups. */
    count(clientId: string, scope: ScopeKey | undefined, code: VerificationCode, nowMs: number): void {
      if (!enabled || !METERED.has(code)) return;
      held.add(clientId, nowMs, scope ?? USAGE_ANY_FEED, code, 1);
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
