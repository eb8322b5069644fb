// The Team page's words, shared by the page and its tests.
import {
  formatDate,
  personName,
  roleWithArticle,
  type CompanyRole,
  type TeamMember,
} from '@datafeeds/domain';

export const TEAM_TITLE = 'Team';
export const TEAM_SUBTITLE = 'The people of your company and the invitations that are still open.';
export const TEAM_LOAD_FAILED = 'The team could not be loaded. Check your connection and try again.';
export const MEMBERS_HEADING = 'Members';
export const INVITATIONS_HEADING = 'Pending invitations';
export const NO_INVITATIONS = 'No invitations are waiting for an answer.';
export const INVITE_BUTTON = 'Invite member';
export const YOU_MARKER = 'You';
export const EXPIRED = 'Expired';

/** As the portal names people everywhere (domain personName): the emails say the same. */
export const memberName = (member: Pick<TeamMember, 'firstName' | 'lastName'>) => personName(member);

export const joinedText = (joinedAt: string) => `Joined ${formatDate(joinedAt)}`;

export const invitedText = (email: string) => `Invitation sent to ${email}.`;
export const resentText = (email: string) => `A new invitation link was sent to ${email}.`;
export const revokedText = (email: string) => `The invitation to ${email} was withdrawn.`;
export const roleChangedText = (name: string, role: CompanyRole) =>
  `${name} is now ${roleWithArticle(role)}.`;
export const removedText = (name: string) => `${name} was removed from the team.`;
export const ownershipText = (name: string) => `${name} is now the owner of the company.`;
/** When a change is refused: the server's reason, which names what went wrong. */
export const CHANGE_FAILED = 'The change could not be made. Try again.';
