// How the console's tool screens (design §11 "Screens") reach the API and know who is signed in: the
// console's own client (the staff token, never the customer's), and the signed-in member's role, which
// decides which actions a screen offers (CONSOLE_POLICY; the server checks the same table).
import * as staffConsole from '@datafeeds/domain/calls/console';
import { staffMay, type ConsoleAction } from '@datafeeds/domain';
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '../console-client';

export { consoleCall };

/** The tool screens' query keys, under the console's own (sign-out drops them all). */
export const toolKeys = {
  verifierKeys: ['console', 'verifier-keys'] as const,
  outbox: (status: string) => ['console', 'outbox', status] as const,
  outboxAll: ['console', 'outbox'] as const,
  plans: ['console', 'plans'] as const,
  staff: ['console', 'staff'] as const,
  trail: (query: object) => ['console', 'trail', query] as const,
};

/** The signed-in staff member, as the console shell reads it (one query, shared). */
export function useStaffMe() {
  return useQuery({ queryKey: ['console', 'me'], queryFn: () => consoleCall(staffConsole.getStaffMe) });
}

/**
 * Whether the signed-in member may take `action`: true or false once the member is known, undefined
 * while it is read (the action is then offered disabled, without a reason yet).
 */
export function useStaffMay(action: ConsoleAction): boolean | undefined {
  const me = useStaffMe();
  return me.data ? staffMay(me.data.role, action) : undefined;
}
