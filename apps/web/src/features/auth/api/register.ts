import { API_PATHS, type RegisterRequest, type TokenResponse } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth/session-store';

function register(request: RegisterRequest): Promise<TokenResponse> {
  return apiRequest<TokenResponse>(API_PATHS.register, { method: 'POST', body: request });
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
