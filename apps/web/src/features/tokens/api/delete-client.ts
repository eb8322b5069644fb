import type { ClientIdRequest } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';
import { isHttpError } from '@/lib/api-errors';
import { refreshTokensAfterChange } from './keys';

async function deleteClient(clientId: string): Promise<void> {
  const body: ClientIdRequest = { clientId };
  await call(tokens.deleteClient, { body: body });
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
