// Signing in, without the data cache: the sign-in page is the first page most visitors load, and it goes
// without TanStack Query (design §7), so this is the mutation's state by hand.
import { useState } from 'react';
import type { LoginRequest } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';

export function useLogin() {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  const mutate = (credentials: LoginRequest) => {
    setState({ isPending: true, error: null });
    call(auth.login, { body: credentials }).then(
      ({ token }) => {
        setToken(token);
        track(EVENTS.completedLogin);
        setState({ isPending: false, error: null });
      },
      (error: unknown) => setState({ isPending: false, error }),
    );
  };
  return { mutate, isPending: state.isPending, isError: state.error !== null, error: state.error };
}
