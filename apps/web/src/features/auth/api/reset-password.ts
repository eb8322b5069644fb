import { API_PATHS, type ResetPasswordRequest } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';

function resetPassword(request: ResetPasswordRequest): Promise<unknown> {
  return apiRequest<unknown>(API_PATHS.resetPassword, { method: 'POST', body: request });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => track(EVENTS.completedResetPassword),
  });
}
