// Who is signed in to the console, and what their role lets them do (design §11, policy.ts). Every
// screen reads the member from the one query the shell loads; an action the role may not do is shown
// disabled with the policy's sentence as its reason, and the API refuses it anyway.
import * as staffConsole from '@datafeeds/domain/calls/console';
import {
  CONSOLE_REFUSALS,
  staffMay,
  type ConsoleAction,
  type StaffMember,
  type StaffRole,
} from '@datafeeds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCall } from './console-client';
import { staffMeKey } from './console-keys';

function staffMeQueryOptions() {
  return queryOptions({
    queryKey: staffMeKey,
    queryFn: (): Promise<StaffMember> => consoleCall(staffConsole.getStaffMe),
    // The member's role does not change during a session: a disabled member is signed out by the API.
    staleTime: Infinity,
  });
}

/** The signed-in staff member {id, email, role}. */
export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}

export interface StaffPermission {
  allowed: boolean;
  /** Why not, to show beside the disabled control; undefined when allowed or while the role is unknown. */
  reason: string | undefined;
}

/** Whether `role` may do `action`, and the policy's sentence when not. */
export function staffPermission(role: StaffRole | null | undefined, action: ConsoleAction): StaffPermission {
  if (staffMay(role, action)) return { allowed: true, reason: undefined };
  return { allowed: false, reason: role ? CONSOLE_REFUSALS[action] : undefined };
}

/** Whether the signed-in member may do `action` (not while the member is still being read). */
export function useStaffPermission(action: ConsoleAction): StaffPermission {
  return staffPermission(useStaffMe().data?.role, action);
}
