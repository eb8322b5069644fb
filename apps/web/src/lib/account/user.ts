// The signed-in user. Every screen reads it through this query; GetUser's 404 (an identity imported from
// the sister product, without a portal profile yet) is a state, not an error: the user is `null`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { earlyUser } from './early-user';

export const userQueryKey = ['user'] as const;

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    // The entry may already have asked (./early-user.ts): its answer serves the first query.
    queryFn: ({ signal }) => earlyUser.answer(signal),
    staleTime: 5 * 60_000,
  });
}

export function useUser() {
  return useQuery(userQueryOptions());
}
