// The GetClientUsage answer from per-day sums: every series aligned with `dates` (UTC days, oldest
// first, today last), feeds in the catalogue's order, every refusal code present.
import {
  REFUSED_METERED_CODES,
  USAGE_FEEDS,
  type ClientUsage,
  type RefusedMeteredCode,
  type UsageFeed,
} from '@datafeeds/domain';
import type { UsageDayRow } from './usage-store.ts';

export const DAY_MS = 86_400_000;

const feedOrder = new Map<string, number>(USAGE_FEEDS.map((feed, index) => [feed, index]));
const isFeed = (value: string): value is UsageFeed => feedOrder.has(value);
const isRefused = (code: string): code is RefusedMeteredCode =>
  (REFUSED_METERED_CODES as readonly string[]).includes(code);

export interface UsageWindow {
  clientId: string;
  /** The client IDs summed: the token's and those its rotations replaced (design §9). */
  clientIds: string[];
  days: number;
  /** Days since the epoch (UTC) of the last day shown: today. */
  lastDay: number;
  lastUsedAt: string | null;
}

export function summarizeUsage(rows: readonly UsageDayRow[], window: UsageWindow): ClientUsage {
  const { days, lastDay } = window;
  const firstDay = lastDay - days + 1;
  const dates = Array.from({ length: days }, (_, index) =>
    new Date((firstDay + index) * DAY_MS).toISOString().slice(0, 10),
  );
  const byFeed = new Map<UsageFeed, number[]>();
  const refused = new Array<number>(days).fill(0);
  const refusedByCode = Object.fromEntries(REFUSED_METERED_CODES.map((code) => [code, 0])) as Record<
    RefusedMeteredCode,
    number
  >;
  let valid = 0;
  for (const row of rows) {
    const index = row.day - firstDay;
    if (index < 0 || index >= days) continue; // an hour stamped past today by another instance's clock
    if (row.code === 'VALID' && isFeed(row.scope)) {
      let series = byFeed.get(row.scope);
      if (!series) byFeed.set(row.scope, (series = new Array<number>(days).fill(0)));
      series[index] = (series[index] ?? 0) + row.count;
      valid += row.count;
    } else if (isRefused(row.code)) {
      refused[index] = (refused[index] ?? 0) + row.count;
      refusedByCode[row.code] += row.count;
    }
  }
  const refusedTotal = refused.reduce((sum, count) => sum + count, 0);
  return {
    clientId: window.clientId,
    clientIds: window.clientIds,
    days,
    dates,
    feeds: [...byFeed]
      .sort(([a], [b]) => (feedOrder.get(a) ?? 0) - (feedOrder.get(b) ?? 0))
      .map(([feed, requests]) => ({ feed, requests })),
    refused,
    refusedByCode,
    totals: { requests: valid + refusedTotal, valid, refused: refusedTotal },
    lastUsedAt: window.lastUsedAt,
  };
}
