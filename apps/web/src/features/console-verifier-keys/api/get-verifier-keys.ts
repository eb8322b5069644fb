// The verifier keys (design §11 "Screens"): the list never holds a key, only its start.
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { verifierKeysKey } from './keys';

export function useVerifierKeys() {
  return useQuery({
    queryKey: verifierKeysKey,
    queryFn: () => consoleCall(consoleTools.listVerifierKeys),
  });
}
