// The verifier keys' calls (design §11 "Screens"): the list never holds a key, only its start.
import { consoleTools } from '@datafeeds/domain/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../console-client';
import { consoleKeys } from '../console-queries';

export function useVerifierKeys() {
  return useQuery({
    queryKey: consoleKeys.verifierKeys,
    queryFn: () => consoleCall(consoleTools.listVerifierKeys),
  });
}

/** Creates a key; its answer holds the key itself, which the caller shows once and then forgets. */
export function useCreateVerifierKey() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds the key: once the dialog forgets it (reset), nothing keeps it in memory.
    gcTime: 0,
    mutationFn: (name: string) => consoleCall(consoleTools.createVerifierKey, { body: { name } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: consoleKeys.verifierKeys }),
  });
}
