// Query keys of the tokens feature. The token request feature repeats the ['tokens'] prefix to refresh
// these after a creation, so the prefix must not change.
import type { QueryClient } from '@tanstack/react-query';

export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  detail: (clientId: string) => [...tokenKeys.all, 'detail', clientId] as const,
};

/**
 * After a token is deleted (or found already gone), or its rotate dialog closes, the list refetches at once.
 * Its detail query is only marked stale: refetching it now would turn the details page into "not found"
 * under the open dialog.
 */
export function refreshTokensAfterChange(queryClient: QueryClient, clientId: string): void {
  void queryClient.invalidateQueries({ queryKey: tokenKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: tokenKeys.detail(clientId), refetchType: 'none' });
}
