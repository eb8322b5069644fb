import type { RegisterRequest, TokenResponse } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';

function register(request: RegisterRequest): Promise<TokenResponse> {
  return call(auth.register, { body: request });
}

/** Registration signs the user in at once (design §2). */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token }) => {
      setToken(token);
      track(EVENTS.completedRegistration);
    },
  });
}
