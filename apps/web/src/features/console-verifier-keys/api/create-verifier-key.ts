// Creating a verifier key (design §11 "Screens"): its answer holds the key itself, which the caller
// shows once and then forgets.
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { verifierKeysKey } from './keys';

export function useCreateVerifierKey() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds the key: once the dialog forgets it (reset), nothing keeps it in memory.
    gcTime: 0,
    mutationFn: (name: string) => consoleCall(consoleTools.createVerifierKey, { body: { name } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: verifierKeysKey }),
  });
}
