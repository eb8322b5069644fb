// Finishing a staff account's setup (design §11 "Staff accounts"): the password and the authenticator's
// current code; the answer holds the 10 recovery codes, shown this once.
import * as staffConsole from '@datafeeds/domain/calls/console';
import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '@/lib/console/console-client';

export function useCompleteStaffSetup(token: string) {
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      consoleCall(staffConsole.completeStaffSetup, { body: { token, ...input } }),
  });
}
