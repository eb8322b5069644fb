import { API_PATHS } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

function resendVerification(): Promise<unknown> {
  return apiRequest<unknown>(API_PATHS.resendVerification, { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
