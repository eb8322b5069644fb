// An in-memory team behind GetTeam and the Team page's changes, so a test sees the list reload after a
// change, answered as the server answers (server-answers.ts checks each answer).
import {
  TEAM_MESSAGES,
  type CompanyRole,
  type PendingInvitation,
  type TeamMember,
  type User,
} from '@datafeeds/domain';
import { setToken } from '@/lib/auth/session-store';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/testing/fetch-mock';
import { appConfig, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';

function makeMember(id: string, role: CompanyRole, firstName: string): TeamMember {
  return {
    id,
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}@example.com`,
    role,
    joinedAt: '2026-01-15T09:00:00.000Z',
  };
}

export const owner = makeMember('user-owner', 'owner', 'Olivia');
export const admin = makeMember('user-admin', 'admin', 'Adam');
export const member = makeMember('user-member', 'member', 'Mia');

const DAY_MS = 86_400_000;

export function makeInvitation(overrides: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    id: 'inv-1',
    email: 'new.person@example.com',
    role: 'member',
    invitedBy: 'Olivia Tester',
    createdAt: new Date(Date.now() - DAY_MS).toISOString(),
    expiresAt: new Date(Date.now() + 6 * DAY_MS).toISOString(),
    ...overrides,
  };
}

/** The signed-in user as one of the members. */
function userAs(teamMember: TeamMember): User {
  return makeUser({
    id: teamMember.id,
    firstName: teamMember.firstName,
    lastName: teamMember.lastName,
    email: teamMember.email,
    role: teamMember.role,
  });
}

interface TeamApiOptions {
  signedInAs: TeamMember;
  members?: TeamMember[];
  invitations?: PendingInvitation[];
  inviteMember?: (request: RecordedRequest) => MockAnswer;
}

const bodyOf = <T>(request: RecordedRequest) => request.body as T;

export function mockTeamApi({ signedInAs, members, invitations, inviteMember }: TeamApiOptions) {
  const team = {
    members: [...(members ?? [owner, admin, member])],
    invitations: [...(invitations ?? [makeInvitation()])],
  };
  const notFound = { status: 404, body: { error: 'not_found', message: TEAM_MESSAGES.memberNotFound } };
  setToken(fakeJwt(900));
  const mock = mockFetch({
    'GET /api/GetUser': () => ({
      body: userAs(team.members.find(({ id }) => id === signedInAs.id) ?? signedInAs),
    }),
    'GET /api/config': { body: appConfig },
    'GET /api/GetTeam': () => ({ body: { members: team.members, invitations: team.invitations } }),
    'POST /api/InviteMember':
      inviteMember ??
      ((request) => {
        const { email, role } = bodyOf<{ email: string; role: 'admin' | 'member' }>(request);
        const invitation = makeInvitation({ id: `inv-${team.invitations.length + 2}`, email, role });
        team.invitations.push(invitation);
        return { status: 201, body: invitation };
      }),
    'POST /api/ResendInvitation': (request) => {
      const { invitationId } = bodyOf<{ invitationId: string }>(request);
      const index = team.invitations.findIndex(({ id }) => id === invitationId);
      const renewed = makeInvitation({
        ...team.invitations[index],
        expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      });
      team.invitations.splice(index, 1, renewed);
      return { body: renewed };
    },
    'POST /api/RevokeInvitation': (request) => {
      const { invitationId } = bodyOf<{ invitationId: string }>(request);
      team.invitations = team.invitations.filter(({ id }) => id !== invitationId);
      return { status: 204 };
    },
    'POST /api/ChangeMemberRole': (request) => {
      const { memberId, role } = bodyOf<{ memberId: string; role: 'admin' | 'member' }>(request);
      const index = team.members.findIndex(({ id }) => id === memberId);
      const changed = team.members[index];
      if (!changed) return notFound;
      team.members.splice(index, 1, { ...changed, role });
      return { body: team.members[index] };
    },
    'POST /api/RemoveMember': (request) => {
      const { memberId } = bodyOf<{ memberId: string }>(request);
      team.members = team.members.filter(({ id }) => id !== memberId);
      return { status: 204 };
    },
    'POST /api/TransferOwnership': (request) => {
      const { memberId } = bodyOf<{ memberId: string }>(request);
      team.members = team.members.map((each) =>
        each.id === memberId
          ? { ...each, role: 'owner' }
          : each.role === 'owner'
            ? { ...each, role: 'admin' }
            : each,
      );
      return { status: 204 };
    },
  });
  return { ...mock, team };
}
