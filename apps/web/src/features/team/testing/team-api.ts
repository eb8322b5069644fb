// An in-memory team behind GetTeam and the Team page's changes, so a test sees the list reload after a
// change, answered as the server answers: its 404s and its refusals (the domain's rules, design §9),
// each answer checked against the call's contract (call-doubles.ts).
import {
  ERROR_CODES,
  TEAM_MESSAGES,
  handOverRefusal,
  removalRefusal,
  roleChangeRefusal,
  type CompanyRole,
  type PendingInvitation,
  type TeamMember,
  type User,
} from '@datafeeds/domain';
import { account, system, team as teamCalls, users } from '@datafeeds/domain/calls';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
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

/** Identities and invitations are UUIDs, as the server's. */
export const makeUuid = (n: number) => `0b7e2c4a-5d6f-4a1b-9c3d-${String(n).padStart(12, '0')}`;

export const owner = makeMember(makeUuid(1), 'owner', 'Olivia');
export const admin = makeMember(makeUuid(2), 'admin', 'Adam');
export const member = makeMember(makeUuid(3), 'member', 'Mia');

const DAY_MS = 86_400_000;

export function makeInvitation(overrides: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    id: makeUuid(101),
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
}

const notFound = (message: string) => ({
  status: 404 as const,
  body: { error: ERROR_CODES.notFound, message },
});
const conflict = (message: string) => ({
  status: 409 as const,
  body: { error: ERROR_CODES.conflict, message },
});

export function mockTeamApi({ signedInAs, members, invitations }: TeamApiOptions) {
  const team = {
    members: [...(members ?? [owner, admin, member])],
    invitations: [...(invitations ?? [makeInvitation()])],
  };
  const memberOf = (memberId: string) => team.members.find(({ id }) => id === memberId);
  const invitationOf = (invitationId: string) => team.invitations.find(({ id }) => id === invitationId);
  setToken(fakeJwt(900));
  const mock = mockCalls(
    answer(users.getUser, () => ({ body: userAs(memberOf(signedInAs.id) ?? signedInAs) })),
    answer(system.config, { body: appConfig }),
    answer(account.getQuota, { body: makeQuota() }),
    answer(teamCalls.getTeam, () => ({ body: { members: team.members, invitations: team.invitations } })),
    answer(teamCalls.inviteMember, ({ body: { email, role } }) => {
      if (team.members.some((each) => each.email === email)) return conflict(TEAM_MESSAGES.alreadyMember);
      // Expired invitations too: they are resent, not duplicated.
      if (team.invitations.some((each) => each.email === email))
        return conflict(TEAM_MESSAGES.alreadyInvited);
      const invitation = makeInvitation({ id: makeUuid(102 + team.invitations.length), email, role });
      team.invitations.push(invitation);
      return { status: 201, body: invitation };
    }),
    answer(teamCalls.resendInvitation, ({ body: { invitationId } }) => {
      const pending = invitationOf(invitationId);
      if (!pending) return notFound(TEAM_MESSAGES.invitationNotFound);
      const renewed = { ...pending, expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString() };
      team.invitations.splice(team.invitations.indexOf(pending), 1, renewed);
      return { body: renewed };
    }),
    answer(teamCalls.revokeInvitation, ({ body: { invitationId } }) => {
      if (!invitationOf(invitationId)) return notFound(TEAM_MESSAGES.invitationNotFound);
      team.invitations = team.invitations.filter(({ id }) => id !== invitationId);
      return { status: 204 };
    }),
    answer(teamCalls.changeMemberRole, ({ body: { memberId, role } }) => {
      const changed = memberOf(memberId);
      if (!changed) return notFound(TEAM_MESSAGES.memberNotFound);
      const refusal = roleChangeRefusal(changed);
      if (refusal) return conflict(refusal);
      const updated = { ...changed, role };
      team.members.splice(team.members.indexOf(changed), 1, updated);
      return { body: updated };
    }),
    answer(teamCalls.removeMember, ({ body: { memberId } }) => {
      const removed = memberOf(memberId);
      if (!removed) return notFound(TEAM_MESSAGES.memberNotFound);
      const refusal = removalRefusal(signedInAs.id, removed);
      if (refusal) return conflict(refusal);
      team.members = team.members.filter(({ id }) => id !== memberId);
      return { status: 204 };
    }),
    answer(teamCalls.transferOwnership, ({ body: { memberId } }) => {
      const newOwner = memberOf(memberId);
      if (!newOwner) return notFound(TEAM_MESSAGES.memberNotFound);
      const refusal = handOverRefusal(newOwner);
      if (refusal) return conflict(refusal);
      team.members = team.members.map((each) =>
        each.id === memberId
          ? { ...each, role: 'owner' }
          : each.role === 'owner'
            ? { ...each, role: 'admin' }
            : each,
      );
      return { status: 204 };
    }),
  );
  return { ...mock, team };
}
