// The signed-in user. Every screen reads it through this query; GetUser's 404 (an identity imported from
// the sister product, without a portal profile yet) is a state, not an error: the user is `null`.
import { API_PATHS, type User } from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { isHttpError } from '../api-errors';

export const userQueryKey = ['user'] as const;

async function getUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiRequest<User>(API_PATHS.getUser, { signal });
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
