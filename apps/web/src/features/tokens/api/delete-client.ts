import { API_PATHS, type ClientIdRequest } from '@datafeeds/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';
import { isHttpError } from '@/lib/api-errors';
import { refreshTokensAfterChange } from './keys';

async function deleteClient(clientId: string): Promise<void> {
  const body: ClientIdRequest = { clientId };
  await apiRequest<unknown>(API_PATHS.deleteClient, { method: 'DELETE', body });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_answer, clientId) => {
      track(EVENTS.completedTokenDeletion);
      return refreshTokensAfterChange(queryClient, clientId);
    },
    // The token is already gone (deleted elsewhere): reload so its stale row disappears.
    onError: (error, clientId) => {
      if (isHttpError(error, 404)) refreshTokensAfterChange(queryClient, clientId);
    },
  });
}
