// The overview's counts (design §11 "Screens").
import * as companies from '@datafeeds/domain/calls/console-companies';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export function useConsoleOverview() {
  return useQuery({
    queryKey: consoleKey('overview'),
    queryFn: () => consoleCall(companies.getConsoleOverview),
  });
}
