// Verifying is a POST, but it runs as a query on purpose: the link's token is single-use, and a query
// deduplicates the double mount of React's StrictMode (and a refocus) into exactly one request.
import { auth } from '@datafeeds/domain/calls';
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { userQueryKey } from '@/lib/account/user';
import { emailVerificationKeys } from './keys';

async function verifyEmail(token: string): Promise<true> {
  await call(auth.verifyEmail, { body: { token } });
  return true;
}

function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: emailVerificationKeys.verify(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery(verifyEmailQueryOptions(token));
  useEffect(() => {
    // A signed-in user's cached profile still says "unverified".
    if (!query.isSuccess) return;
    track(EVENTS.completedEmailVerification);
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [query.isSuccess, queryClient]);
  return query;
}
