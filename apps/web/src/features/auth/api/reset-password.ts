import type { ResetPasswordRequest } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';

function resetPassword(request: ResetPasswordRequest): Promise<unknown> {
  return call(auth.resetPassword, { body: request });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => track(EVENTS.completedResetPassword),
  });
}
