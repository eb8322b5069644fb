import type { LoginRequest, TokenResponse } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';
import { auth } from '@datafeeds/domain/calls';

function login(credentials: LoginRequest): Promise<TokenResponse> {
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
