import { auth } from '@datafeeds/domain/calls';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

function resendVerification(): Promise<unknown> {
  return call(auth.resendVerification);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
