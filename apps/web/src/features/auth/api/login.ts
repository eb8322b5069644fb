import type { LoginRequest, TokenResponse } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';

async function login(credentials: LoginRequest): Promise<TokenResponse> {
  // Loaded on submit: the sign-in page's first load carries no schemas (docs/design.md §7).
  const { auth } = await import('@datafeeds/domain/calls');
  return call(auth.login, { body: credentials });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => {
      setToken(token);
      track(EVENTS.completedLogin);
    },
  });
}
