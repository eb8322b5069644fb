// The truth of plan limits (design §10 "Allowance leases"): every request admitted anywhere — by a portal
// instance or by a data-feed service's @datafeeds/verifier — was first granted here, a lease of units at
// a time, by one transaction that never takes a company's day past its plan's quota, a capped token's
// day past its cap, nor a company's second past its plan's rate. Grants only to a credential that
// verifies now, judged as verification judges it.
import {
  dayLeaseSize,
  effectiveDailyLimit,
  rateLeaseSize,
  quotaResetsAt,
  utcDayStartMs,
  type LeaseGrant,
  type LeaseRequest,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { companyUsedToday, lineageUsedToday } from '../usage/index.ts';
import { findKnownByClientId, judgeKnown } from '../credentials/index.ts';
import {
  lockCompanyCounts,
  lockTokenDayGranted,
  writeCompanyCounts,
  writeTokenDayGranted,
} from './allowance-rows.ts';
import { recordKeyLease } from './key-allowance.ts';

/** The UTC day `atMs` falls in, as the allowance rows name it: YYYY-MM-DD. */
const utcDayOf = (atMs: number) => new Date(utcDayStartMs(atMs)).toISOString().slice(0, 10);
/** When a day (YYYY-MM-DD) starts, in ms. */
const startOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
/** When a day (YYYY-MM-DD) ends: its quota's reset. */
const nextDayOf = (day: string) => quotaResetsAt(startOf(day));

/** What is left of a limit after `granted`; unlimited (null) leaves everything. */
const leftOf = (limit: number | null, granted: number) =>
  limit === null ? Infinity : Math.max(0, limit - granted);

export function createAllowanceTruth({ db }: { db: Db }) {
  return {
    /**
     * Grants up to what `request` asks, at `nowMs` (the portal's clock): its day units from what is left
     * of the company's quota and of the token's cap, its rate units from what is left of the company's
     * current second. Undefined when no credential with that client ID verifies now. `verifierKeyId`:
     * the data feed's key that asked (the HTTP lease call), whose day units are recorded for what its
     * usage reports may count (key-allowance.ts); the portal's own leases have none and need none.
     */
    async grant(
      request: LeaseRequest,
      nowMs: number,
      verifierKeyId?: string,
    ): Promise<LeaseGrant | undefined> {
      return transaction(db, async (tx) => {
        const found = await findKnownByClientId(tx, request.clientId);
        if (!found || judgeKnown(found.credential, {}, nowMs).code !== 'VALID') return undefined;
        const { companyId, limits } = found.credential.answer;
        const { dailyQuota, ratePerSecond, dailyCap } = limits;
        // The day and second counted in: the lease's, or a later one another instance has started.
        let day = utcDayOf(nowMs);
        let second = Math.floor(nowMs / 1000);
        // Unlimited parts are granted as asked, without a row: nothing to count against.
        const countsDay = request.day > 0 && (dailyQuota !== null || dailyCap !== null);
        const countsRate = request.rate > 0 && ratePerSecond !== null;
        // A lease is a small slice of a limit, whatever was asked: no node ever holds a company's day.
        const dailyLimit = effectiveDailyLimit({ dailyQuota, ratePerSecond }, dailyCap);
        let dayGranted = dailyLimit === null ? request.day : Math.min(request.day, dayLeaseSize(dailyLimit));
        let rateGranted =
          ratePerSecond === null ? request.rate : Math.min(request.rate, rateLeaseSize(ratePerSecond));
        // What no node has been granted once this grant is made (LeaseGrant.dayLeft, rateLeft).
        let dayLeft: number | null = null;
        let rateLeft: number | null = null;
        if (countsDay || countsRate) {
          const company = await lockCompanyCounts(
            tx,
            companyId,
            day,
            second,
            countsDay ? (counted) => companyUsedToday(tx, companyId, startOf(counted)) : undefined,
          );
          ({ day, second } = company);
          const token =
            countsDay && dailyCap !== null
              ? await lockTokenDayGranted(tx, found.lineageId, companyId, day, (counted) =>
                  lineageUsedToday(tx, found.lineageId, startOf(counted)),
                )
              : undefined;
          if (countsDay) {
            dayGranted = Math.min(
              dayGranted,
              leftOf(dailyQuota, company.dayGranted),
              leftOf(dailyCap, token?.dayGranted ?? 0),
            );
            company.dayGranted += dayGranted;
            dayLeft = Math.min(
              leftOf(dailyQuota, company.dayGranted),
              leftOf(dailyCap, (token?.dayGranted ?? 0) + dayGranted),
            );
          }
          if (countsRate) {
            rateGranted = Math.min(rateGranted, leftOf(ratePerSecond, company.rateGranted));
            company.rateGranted += rateGranted;
            rateLeft = leftOf(ratePerSecond, company.rateGranted);
          }
          await writeCompanyCounts(tx, companyId, company);
          if (countsDay && dayGranted > 0 && verifierKeyId !== undefined) {
            await recordKeyLease(tx, { verifierKeyId, companyId, day, units: dayGranted });
          }
          if (token) {
            await writeTokenDayGranted(tx, found.lineageId, {
              day: token.day,
              dayGranted: token.dayGranted + dayGranted,
            });
          }
        }
        return {
          day: dayGranted,
          rate: rateGranted,
          second,
          quotaExceeded:
            request.day > 0 && dayGranted === 0 && dailyLimit !== null
              ? { resetsAt: nextDayOf(day), limit: dailyLimit }
              : null,
          rateLimited:
            request.rate > 0 && rateGranted === 0 && ratePerSecond !== null
              ? { retryAfterMs: Math.max(0, (second + 1) * 1000 - nowMs), limit: ratePerSecond }
              : null,
          dayLeft,
          rateLeft,
        };
      });
    },
  };
}

export type AllowanceTruth = ReturnType<typeof createAllowanceTruth>;
