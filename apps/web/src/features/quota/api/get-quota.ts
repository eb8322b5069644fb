// The company's standing against its plan (design §10: GET /api/GetQuota), read by the dashboard's plan
// card, the banner on every signed-in page and API Token Details through one query: one request serves
// them all. It refreshes every few seconds while the page is visible (the answer is fresh within a few
// seconds on the server), and never faster than that: after a failure it waits longer each time, and a
// refusal that asking again will not change (a 4xx but 429) stops it until the page asks afresh.
import type { Quota } from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError } from '@/lib/api-errors';
import { userQueryKey } from '@/lib/account/user';
import { earlyQuota } from './early-quota';

/** Every query of this feature starts with it; SetTokenCap refreshes them after a change. */
export const quotaKeys = { all: ['quota'] as const };

/** The queries of the other views of the company: the user's, and the tokens feature's (its keys' prefix). */
const COMPANY_VIEWS: unknown[] = [userQueryKey[0], 'tokens'];

export const QUOTA_REFRESH_MS = 5_000;
/** The longest wait between two attempts while the call keeps failing. */
export const QUOTA_SLOWEST_REFRESH_MS = 5 * 60_000;

/**
 * How long to wait before asking again after `failures` failures in a row, or false to stop: every 5 s
 * while answers come, then 10 s, 20 s, 40 s… (at most 5 min), and at least as long as a 429's Retry-After.
 */
export function quotaRefreshDelay(failures: number, error: unknown): number | false {
  if (failures === 0) return QUOTA_REFRESH_MS;
  if (error instanceof HttpError && error.status < 500 && error.status !== 429) return false;
  const backoff = Math.min(QUOTA_REFRESH_MS * 2 ** failures, QUOTA_SLOWEST_REFRESH_MS);
  const retryAfterMs = error instanceof HttpError ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
  return Math.max(backoff, retryAfterMs);
}

/**
 * How many errors each quota query had at its last answer: the failures in a row are those since. (The
 * query's own fetchFailureCount starts again with every fetch, so it never counts past one here.)
 */
const errorsAtLastAnswer = new WeakMap<object, number>();

function quotaQueryOptions() {
  return queryOptions({
    queryKey: quotaKeys.all,
    // The entry may already have asked (./early-quota.ts): its answer serves the first query.
    queryFn: async ({ signal, client }) => {
      const before = client.getQueryData<Quota>(quotaKeys.all);
      const quota = await earlyQuota.answer(signal);
      // A new plan (an upgrade approved, a plan changed) changes every view of the company: the user's
      // account status and upgrade request, the tokens' expiry. They refresh with the quota that saw it.
      if (before && before.plan.name !== quota.plan.name) {
        void client.invalidateQueries({ predicate: ({ queryKey: [key] }) => COMPANY_VIEWS.includes(key) });
      }
      return quota;
    },
    // The card and the banner mounting together, or a page change, reuse the answer of the last 5 s.
    staleTime: QUOTA_REFRESH_MS,
    // The refresh below is the retry: the default retries would come on top of it.
    retry: false,
    refetchInterval: (query) => {
      const { status, errorUpdateCount, error } = query.state;
      if (status === 'success') errorsAtLastAnswer.set(query, errorUpdateCount);
      return quotaRefreshDelay(errorUpdateCount - (errorsAtLastAnswer.get(query) ?? 0), error);
    },
    refetchIntervalInBackground: false,
    // Back on the tab after a while, the numbers are brought up to date at once.
    refetchOnWindowFocus: true,
  });
}

export function useQuota() {
  return useQuery(quotaQueryOptions());
}
