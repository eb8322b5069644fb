// The signed-in user. Every screen reads it through this query; GetUser's 404 (an identity imported from
// the sister product, without a portal profile yet) is a state, not an error: the user is `null`.
import type { User } from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { isHttpError } from '../api-errors';
import { users } from '@datafeeds/domain/calls';

export const userQueryKey = ['user'] as const;

async function getUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await call(users.getUser, {}, { signal });
  } catch (error) {
    if (isHttpError(error, 404)) return null;
    throw error;
  }
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: 5 * 60_000,
  });
}

export function useUser() {
  return useQuery(userQueryOptions());
}
