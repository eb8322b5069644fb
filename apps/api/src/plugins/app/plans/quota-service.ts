// Where a company stands against its plan today (GET /api/GetQuota, design §10): the plan, what its tokens
// had admitted since the UTC day began (from the hourly usage, so as fresh as the usage batches, about a
// second), what is left, when the day resets and when the quota runs out at the last hour's rate. Only
// the caller's company is ever read.
import { nextUtcDayStartMs, type Quota } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { notFound } from '../../../lib/errors.ts';
import { companyAdmittedLastTwoHours, companyUsedToday, usedTodayByToken } from '../usage/index.ts';
import { planOfCompany } from './plans-repository.ts';

const HOUR_MS = 3_600_000;

export interface QuotaServiceDeps {
  db: Db;
  clock: Clock;
}

/**
 * When `remaining` requests run out at the rate of the last sixty minutes, or null when they do not
 * before `resetsAtMs` (or nothing was admitted lately). The hourly usage has whole hours only: the last
 * sixty minutes are this hour so far plus the part of the previous hour they still cover, taken as
 * spread evenly over it — an hour of data at any minute, where this hour alone would swing wildly in
 * its first minutes.
 */
function forecastExhaustedAt(
  remaining: number,
  admitted: { currentHour: number; previousHour: number },
  atMs: number,
  resetsAtMs: number,
): string | null {
  const elapsed = (((atMs % HOUR_MS) + HOUR_MS) % HOUR_MS) / HOUR_MS;
  const lastHour = admitted.currentHour + admitted.previousHour * (1 - elapsed);
  if (remaining <= 0 || lastHour <= 0) return null;
  const exhaustedAtMs = atMs + (remaining / lastHour) * HOUR_MS;
  if (exhaustedAtMs >= resetsAtMs) return null;
  // To the next whole second: a forecast is not more precise than that.
  return new Date(Math.ceil(exhaustedAtMs / 1000) * 1000).toISOString();
}

export function createQuotaService({ db, clock }: QuotaServiceDeps) {
  return {
    async of(companyId: string): Promise<Quota> {
      const atMs = clock.now().getTime();
      const plan = await planOfCompany(db, companyId);
      if (!plan) throw notFound();
      const [tokens, usedToday] = await Promise.all([
        usedTodayByToken(db, companyId, atMs),
        companyUsedToday(db, companyId, atMs),
      ]);
      const resetsAtMs = nextUtcDayStartMs(atMs);
      const remainingToday = plan.dailyQuota === null ? null : Math.max(0, plan.dailyQuota - usedToday);
      // Already reached: when is not known from hourly counts, and "at" a past time says nothing.
      const forecast =
        remainingToday === null || remainingToday === 0
          ? null
          : forecastExhaustedAt(
              remainingToday,
              await companyAdmittedLastTwoHours(db, companyId, atMs),
              atMs,
              resetsAtMs,
            );
      return {
        plan,
        usedToday,
        remainingToday,
        resetsAt: new Date(resetsAtMs).toISOString(),
        forecastExhaustedAt: forecast,
        tokens,
      };
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
