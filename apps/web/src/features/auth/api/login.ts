import { API_PATHS, type LoginRequest, type TokenResponse } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';

function login(credentials: LoginRequest): Promise<TokenResponse> {
  // A 401 here means wrong credentials, not an expired session.
  return apiRequest<TokenResponse>(API_PATHS.login, {
    method: 'POST',
    body: credentials,
    logoutOnUnauthorized: false,
  });
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
