// Whether the signed-in user's role allows an action (design §9), and the sentence to show beside the
// action when it does not: the same words the API refuses with. Screens ask here, never about roles.
import { ROLE_REFUSALS, roleMay, type TeamAction } from '@datafeeds/domain';
import { useUser } from './user';

export interface Permission {
  allowed: boolean;
  /** Why not, for a tooltip or a note; null when allowed. */
  reason: string | null;
}

export function permissionFor(role: Parameters<typeof roleMay>[0], action: TeamAction): Permission {
  const allowed = roleMay(role, action);
  return { allowed, reason: allowed ? null : ROLE_REFUSALS[action] };
}

/** While the user is still loading nothing is allowed yet, so no action flashes up and vanishes. */
export function usePermission(action: TeamAction): Permission {
  const { data: user } = useUser();
  return permissionFor(user?.role, action);
}
