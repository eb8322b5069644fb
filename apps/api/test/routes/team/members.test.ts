// Managing the people of a company (design §9): roles change from the next request, a removed member's
// sessions end at once while their tokens stay, and ownership moves only by a hand-over to an admin.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ROLE_REFUSALS, TEAM_MESSAGES, type User } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { apiClients, profiles } from '../../../src/db/schema.ts';
import { auditRows, companyIdOf } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { getUser, refresh } from '../../helpers/factories.ts';
import { clientsOf, createdClient, deleteClient, listClients } from '../../helpers/tokens.ts';
import {
  acceptInvitation,
  companyOfThree,
  invitationLink,
  invite,
  invitedMember,
  signedInAgain,
  teamCall,
  teamOf,
} from '../../helpers/team.ts';

const app = await buildTestApp();

const changeRole = (token: string, memberId: string, role: 'admin' | 'member') =>
  teamCall(app, token, team.changeMemberRole, { memberId, role });
const removeMember = (token: string, memberId: string) =>
  teamCall(app, token, team.removeMember, { memberId });
const transfer = (token: string, memberId: string) =>
  teamCall(app, token, team.transferOwnership, { memberId });

/** The company's people, and which of them are owners (the partial unique index allows one). */
async function ownersOf(email: string) {
  const team = await app.db
    .select()
    .from(profiles)
    .where(eq(profiles.companyId, await companyIdOf(app, email)));
  return {
    size: team.length,
    owners: team.filter((row) => row.role === 'owner').map((row) => row.identityId),
  };
}

describe('changing a role', () => {
  it('makes a member an admin, who can then delete tokens on the same session', async () => {
    const { owner, member } = await companyOfThree(app);
    const token = await createdClient(app, owner.token);
    expect((await deleteClient(app, member.token, token.clientId)).statusCode).toBe(403);

    const changed = await changeRole(owner.token, member.id, 'admin');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: member.id, email: member.email, role: 'admin' });
    expect((await deleteClient(app, member.token, token.clientId)).statusCode).toBe(204);

    const [row] = (await auditRows(app)).filter(
      (event) => event.kind === 'member.role_changed' && event.detail.memberId === member.id,
    );
    expect(row?.detail).toEqual({ memberId: member.id, email: member.email, from: 'member', to: 'admin' });
  });

  it("never changes the owner's role", async () => {
    const { owner, admin } = await companyOfThree(app);
    for (const actor of [owner, admin]) {
      const refused = await changeRole(actor.token, owner.id, 'member');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: ERROR_CODES.conflict,
        message: TEAM_MESSAGES.cannotChangeOwner,
      });
    }
  });
});

describe('removing a member', () => {
  it('ends their sessions at once and leaves their tokens with the company', async () => {
    const { owner, admin, member } = await companyOfThree(app);
    const theirs = await createdClient(app, member.token, { label: 'Made by the member' });

    const removed = await removeMember(admin.token, member.id);
    expect(removed.statusCode, removed.body).toBe(204);

    // The very next call with their access token is refused, and the refresh cookie is dead too.
    expect((await listClients(app, member.token)).statusCode).toBe(401);
    expect((await refresh(app, member.refreshCookie)).statusCode).toBe(401);
    // The token stays with the company, still usable (created_by only names who asked for it).
    expect((await clientsOf(app, owner.token)).map((client) => [client.id, client.status])).toEqual([
      [theirs.clientId, 'active'],
    ]);
    const [row] = await app.db.select().from(apiClients).where(eq(apiClients.clientId, theirs.clientId));
    expect(row?.createdBy).toBe(member.id);

    expect((await teamOf(app, owner.token)).members.map((person) => person.id)).not.toContain(member.id);
    // They can still sign in, as a person without a company.
    const again = await signedInAgain(app, {
      id: member.id,
      email: member.email,
      password: member.registration.password,
    });
    expect((await getUser(app, again.token)).json().error).toBe(ERROR_CODES.profileNotFound);

    const [event] = (await auditRows(app)).filter(
      (audit) => audit.kind === 'member.removed' && audit.detail.memberId === member.id,
    );
    expect(event).toMatchObject({ actorEmail: admin.email, detail: { email: member.email, role: 'member' } });
  });

  it('a removed member can be invited again and joins with their account', async () => {
    const { owner, member } = await companyOfThree(app);
    expect((await removeMember(owner.token, member.id)).statusCode).toBe(204);
    expect((await invite(app, owner.token, member.email, 'admin')).statusCode).toBe(201);
    const link = await invitationLink(app, member.email);
    const again = await signedInAgain(app, {
      id: member.id,
      email: member.email,
      password: member.registration.password,
    });
    const joined = await acceptInvitation(app, again.token, link);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<User>()).toMatchObject({ role: 'admin', companyName: owner.registration.companyName });
  });

  it('refuses to remove the owner or oneself', async () => {
    const { owner, admin } = await companyOfThree(app);
    const ownerRemoved = await removeMember(admin.token, owner.id);
    expect(ownerRemoved.statusCode).toBe(409);
    expect(ownerRemoved.json().message).toBe(TEAM_MESSAGES.cannotRemoveOwner);
    const self = await removeMember(admin.token, admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TEAM_MESSAGES.cannotRemoveSelf);
    expect((await teamOf(app, owner.token)).members).toHaveLength(3);
  });
});

describe('handing ownership over', () => {
  it('makes the admin the owner and the owner an admin, at once', async () => {
    const { owner, admin } = await companyOfThree(app);
    const handed = await transfer(owner.token, admin.id);
    expect(handed.statusCode, handed.body).toBe(204);
    expect((await getUser(app, admin.token)).json<User>().role).toBe('owner');
    expect((await getUser(app, owner.token)).json<User>().role).toBe('admin');
    expect((await ownersOf(owner.email)).owners).toEqual([admin.id]);
    // The former owner lost what only the owner may do.
    const again = await transfer(owner.token, admin.id);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(ROLE_REFUSALS.transferOwnership);
    const [event] = (await auditRows(app)).filter(
      (audit) => audit.kind === 'ownership.transferred' && audit.detail.toMemberId === admin.id,
    );
    expect(event?.detail).toEqual({ fromMemberId: owner.id, toMemberId: admin.id, toEmail: admin.email });
  });

  it('only to an admin', async () => {
    const { owner, member } = await companyOfThree(app);
    for (const target of [member.id, owner.id]) {
      const refused = await transfer(owner.token, target);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(TEAM_MESSAGES.transferToAdminOnly);
    }
    expect((await ownersOf(owner.email)).owners).toEqual([owner.id]);
  });

  it('two hand-overs at once to two admins leave exactly one owner', async () => {
    const { owner, admin } = await companyOfThree(app);
    const second = await invitedMember(app, owner.token, 'admin');
    const answers = await Promise.all([transfer(owner.token, admin.id), transfer(owner.token, second.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403]);
    const { owners, size } = await ownersOf(owner.email);
    expect(size).toBe(4);
    expect(owners).toHaveLength(1);
    expect([admin.id, second.id]).toContain(owners[0]);
  });
});
