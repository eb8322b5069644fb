import type { ForgotPasswordInput } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';

function requestPasswordReset(request: ForgotPasswordInput): Promise<unknown> {
  return call(auth.forgotPassword, { body: request });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => track(EVENTS.completedForgotPassword),
  });
}
