import type { UsernameAvailability } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { authKeys } from './keys';

function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return call(users.checkUsernameRegistered, { query: { username } }, { signal });
}

function usernameAvailabilityQueryOptions(username: string) {
  return queryOptions({
    queryKey: authKeys.usernameAvailability(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    staleTime: 30_000,
  });
}

/** Returns a check to run on blur: resolves true when the username is already registered. */
export function useIsUsernameTaken() {
  const queryClient = useQueryClient();
  return useCallback(
    async (username: string) =>
      (await queryClient.fetchQuery(usernameAvailabilityQueryOptions(username))).usernameRegistered,
    [queryClient],
  );
}
