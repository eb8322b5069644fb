// Which changes a member's row offers the viewer (design §9): the policy table decides by the viewer's
// role, the domain's rules by the member's (the owner's role, oneself, a hand-over only to an admin),
// the same rules the API refuses with, so the menu offers no change the API would refuse for them.
import { handOverRefusal, removalRefusal, roleChangeRefusal, type TeamMember } from '@datafeeds/domain';

export interface Viewer {
  id: string;
  canManage: boolean;
  canTransferOwnership: boolean;
}

export interface OfferedActions {
  changeRole: boolean;
  handOver: boolean;
  remove: boolean;
}

/** The changes offered on the member's row, or null when there are none (the row has no menu). */
export function offeredActions(viewer: Viewer, member: TeamMember): OfferedActions | null {
  if (!viewer.canManage) return null;
  const offered: OfferedActions = {
    // The API lets an admin step down, but one's own row does not offer it: a slip of the menu would
    // take the Team page's actions away from the person using them.
    changeRole: member.id !== viewer.id && roleChangeRefusal(member) === null,
    handOver: viewer.canTransferOwnership && handOverRefusal(member) === null,
    remove: removalRefusal(viewer.id, member) === null,
  };
  return Object.values(offered).some(Boolean) ? offered : null;
}
