import { API_PATHS, type ForgotPasswordInput } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';

function requestPasswordReset(request: ForgotPasswordInput): Promise<unknown> {
  return apiRequest<unknown>(API_PATHS.forgotPassword, { method: 'POST', body: request });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => track(EVENTS.completedForgotPassword),
  });
}
