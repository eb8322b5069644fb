import type { ClientIdRequest } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tokenKeys } from './keys';

/** Stops the old secret of a rotation now (`clientId` is the new token's), before its grace period ends. */
async function endRotationGrace(clientId: string): Promise<void> {
  const body: ClientIdRequest = { clientId };
  await call(tokens.endRotationGrace, { body: body });
}

export function useEndRotationGrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endRotationGrace,
    // The token itself stays: its details and the list reload without the old secret (on success, or
    // when it had already ended elsewhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
