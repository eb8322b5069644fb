// Signing out of the console (design §11 "Sessions"): the API ends the session of the console refresh
// cookie, and this tab forgets the staff token and every console answer whatever the API said, so a
// network failure never keeps a member signed in.
import * as staffConsole from '@datafeeds/domain/calls/console';
import { useQueryClient } from '@tanstack/react-query';
import { consoleCall } from './console-client';
import { consoleKey } from './console-keys';
import { setStaffToken } from './staff-session';

export function useStaffSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await consoleCall(staffConsole.consoleLogout);
    } finally {
      setStaffToken(null);
      queryClient.removeQueries({ queryKey: consoleKey() });
    }
  };
}
