import type { SetTokenCapRequest } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { quotaKeys } from './get-quota';

/** The tokens feature's query keys start with this (features/tokens/api/keys.ts); features do not import each other. */
const TOKEN_QUERIES = ['tokens'] as const;

/** Caps a token's requests per UTC day, or removes its cap (null); the quota and the tokens reload. */
export function useSetTokenCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetTokenCapRequest) => call(tokens.setTokenCap, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotaKeys.all }),
        queryClient.invalidateQueries({ queryKey: TOKEN_QUERIES }),
      ]),
  });
}
