// Staff sign-in (design §11 "Staff accounts"): email, password and a code; the answer's token starts the
// staff session, kept in memory (lib/console/staff-session.ts).
import type { ConsoleLoginRequest } from '@datafeeds/domain/staff';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';
import { setStaffToken } from '@/lib/console/staff-session';

export function useConsoleLogin(onSignedIn: () => void) {
  return useMutation({
    mutationFn: (body: ConsoleLoginRequest) => consoleCall(staffConsole.consoleLogin, { body }),
    onSuccess: ({ token }) => {
      setStaffToken(token);
      onSignedIn();
    },
  });
}
