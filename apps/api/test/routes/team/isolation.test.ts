// Tenant isolation for the team calls (design §9): another company's member or invitation answers 404
// exactly like an id that does not exist, and nothing of the other company changes.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { uniqueRegistration } from '../../helpers/factories.ts';
import { companyOfThree, invite, teamCall, teamOf } from '../../helpers/team.ts';

const app = await buildTestApp();

const BY_MEMBER = [
  [team.changeMemberRole, { role: 'member' }],
  [team.removeMember, {}],
  [team.transferOwnership, {}],
] as const;
const BY_INVITATION = [team.resendInvitation, team.revokeInvitation] as const;

describe('tenant isolation', () => {
  it("another company's members and invitations are not found, like unknown ones", async () => {
    const victim = await companyOfThree(app);
    const invited = await invite(app, victim.owner.token, uniqueRegistration().email, 'admin');
    const invitationId = invited.json<{ id: string }>().id;
    const before = await teamOf(app, victim.owner.token);
    const attacker = await companyOfThree(app);

    for (const [call, extra] of BY_MEMBER) {
      for (const memberId of [victim.admin.id, victim.member.id, victim.owner.id]) {
        const foreign = await teamCall(app, attacker.owner.token, call, { memberId, ...extra });
        const unknown = await teamCall(app, attacker.owner.token, call, { memberId: randomUUID(), ...extra });
        const malformed = await teamCall(app, attacker.owner.token, call, { memberId: 'nope', ...extra });
        for (const answer of [foreign, unknown, malformed]) {
          expect(answer.statusCode, `${call.path} ${answer.body}`).toBe(404);
          expect(answer.json()).toEqual({ error: 'not_found', message: TEAM_MESSAGES.memberNotFound });
        }
      }
    }
    for (const call of BY_INVITATION) {
      for (const id of [invitationId, randomUUID(), 'nope']) {
        const answer = await teamCall(app, attacker.owner.token, call, { invitationId: id });
        expect(answer.statusCode, `${call.path} ${answer.body}`).toBe(404);
        expect(answer.json()).toEqual({ error: 'not_found', message: TEAM_MESSAGES.invitationNotFound });
      }
    }

    // The victim's team is as it was; the attacker's lists none of it.
    expect(await teamOf(app, victim.owner.token)).toEqual(before);
    const seen = await teamOf(app, attacker.owner.token);
    expect(seen.members.map((member) => member.id)).toEqual([
      attacker.owner.id,
      attacker.admin.id,
      attacker.member.id,
    ]);
    expect(seen.invitations).toEqual([]);
  });
});
