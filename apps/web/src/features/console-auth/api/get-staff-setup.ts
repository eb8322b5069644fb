// What a staff setup link is for (design §11 "Staff accounts"): the email, role and authenticator secret.
// A bad link is a final answer: asking again would not change it.
import * as staffConsole from '@datafeeds/domain/calls/console';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { consoleKey } from '@/lib/console/console-keys';

export function useStaffSetup(token: string | null) {
  return useQuery({
    queryKey: consoleKey('setup', token),
    queryFn: () => consoleCall(staffConsole.getStaffSetup, { query: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
  });
}
