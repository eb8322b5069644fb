// What the cache-miss baseline (bare-pg.ts) runs and answers, kept apart so a test can hold it to the
// portal's own: BARE_VERIFY_SQL is the text of the portal's miss query (credential-lookup.ts), copied —
// the baseline runs it with plain `pg`, no query builder — and test/bare-verify-query.test.ts fails when
// the portal's changes; the answer is built from its row as the portal builds a VALID one, and the run
// checks that the two agree on real secrets before measuring (http-verify.ts).
import { SCOPE_KEYS, type VerifyResult } from '@datafeeds/domain';

export const BARE_VERIFY_SQL =
  'select "api_clients"."client_id", "api_clients"."company_id", "api_clients"."api_type", ' +
  '"api_clients"."scope", "api_clients"."status", "api_clients"."expired_at", "api_clients"."retires_at", ' +
  '"companies"."name", "companies"."account_status", "plans"."name", "plans"."daily_quota", ' +
  '"plans"."rate_per_second", "api_clients"."daily_cap", "api_clients"."lineage_id" from "api_clients" ' +
  'inner join "companies" on "companies"."id" = "api_clients"."company_id" ' +
  'inner join "plans" on "plans"."name" = "companies"."plan_name" where "api_clients"."secret_hash" = $1';

const asNumber = (value: unknown) => (value === null ? null : Number(value));
const asDate = (value: unknown) => (value === null ? null : new Date(value as string | Date));

/**
 * The answer to a row read in array mode (two columns are called `name`). Every fixture token is active
 * and unexpired, so a found one is VALID; its end is the earlier of its trial's and its grace period's.
 */
export function bareAnswer(row: readonly unknown[] | undefined): VerifyResult {
  if (!row) return { valid: false, code: 'NOT_FOUND' };
  const [clientId, companyId, apiType, scope, , expiredAt, retiresAt, companyName, accountStatus] = row;
  const [plan, dailyQuota, ratePerSecond, dailyCap] = row.slice(9, 13);
  const ends = [asDate(expiredAt), asDate(retiresAt)].filter((date) => date !== null);
  const end = ends.length === 0 ? null : new Date(Math.min(...ends.map((date) => date.getTime())));
  return {
    valid: true,
    code: 'VALID',
    clientId: clientId as string,
    companyId: companyId as string,
    companyName: companyName as string,
    accountStatus: accountStatus as never,
    apiType: apiType as never,
    scopes: SCOPE_KEYS.filter((key) => (scope as Record<string, boolean>)[key] === true),
    expiresAt: end?.toISOString() ?? null,
    limits: {
      plan: plan as string,
      dailyQuota: asNumber(dailyQuota),
      ratePerSecond: asNumber(ratePerSecond),
      dailyCap: asNumber(dailyCap),
    },
  };
}
