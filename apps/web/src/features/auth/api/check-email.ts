import type { EmailAvailability } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { authKeys } from './keys';

function checkEmail(email: string, signal?: AbortSignal): Promise<EmailAvailability> {
  // URLSearchParams url-encodes the address (spec §7).
  return call(users.checkEmailRegistered, { query: { email } }, { signal });
}

function emailAvailabilityQueryOptions(email: string) {
  return queryOptions({
    queryKey: authKeys.emailAvailability(email),
    queryFn: ({ signal }) => checkEmail(email, signal),
    staleTime: 30_000,
  });
}

/** Returns a check to run on blur: resolves true when the email is already registered. */
export function useIsEmailTaken() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string) =>
      (await queryClient.fetchQuery(emailAvailabilityQueryOptions(email))).emailRegistered,
    [queryClient],
  );
}
