import { API_PATHS, type ClientCredentials, type ClientIdRequest } from '@datafeeds/domain';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { apiRequest } from '@/lib/api-client';

/** Replaces the token with a new one of the same permissions; the answer holds its only copy of the secret. */
function rotateClient(clientId: string): Promise<ClientCredentials> {
  const body: ClientIdRequest = { clientId };
  return apiRequest<ClientCredentials>(API_PATHS.rotateClient, { method: 'POST', body });
}

/** The list is not reloaded here: the rotate dialog does it when it closes (spec §4). */
export function useRotateClient() {
  return useMutation({
    mutationFn: rotateClient,
    // The answer holds the secret: drop it from the mutation cache as soon as no dialog shows it.
    gcTime: 0,
    onSuccess: () => track(EVENTS.completedTokenRotation),
  });
}
