// The queues: upgrade requests waiting and tokens under review, oldest first (design §11 "Screens").
import * as companies from '@datafeeds/domain/calls/console-companies';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export function useConsoleQueues() {
  return useQuery({ queryKey: consoleKey('queues'), queryFn: () => consoleCall(companies.getConsoleQueues) });
}
