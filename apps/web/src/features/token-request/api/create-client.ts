import type { ClientCredentials, TokenRequest } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { call } from '@/lib/api-client';

/**
 * The token list's query-key prefix. It belongs to the tokens feature, which this feature may not
 * import (features never import each other), so the prefix is repeated here: invalidating it refreshes
 * every token list and token detail query.
 */
const TOKENS_QUERY_KEY_PREFIX = ['tokens'] as const;

/** Creates a token; the answer carries the one and only copy of its secret. */
function createClient(request: TokenRequest): Promise<ClientCredentials> {
  return call(tokens.createClient, { body: request });
}

/** What analytics may know of a request: its choices, never the answer (which holds the secret). */
export function tokenRequestProperties({ apiType, sports, liveGame, preGame, postGame }: TokenRequest) {
  return { apiType, sports, liveGame, preGame, postGame };
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    // The answer holds the secret: drop it from the mutation cache as soon as no screen shows it.
    gcTime: 0,
    // Not awaited: the new secret is shown at once; the lists refetch when next shown.
    onSuccess: (_credentials, request) => {
      track(EVENTS.completedTokenRequest, tokenRequestProperties(request));
      void queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY_PREFIX });
    },
  });
}
