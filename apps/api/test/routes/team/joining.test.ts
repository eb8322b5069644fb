// Joining through a link while signed in (design §9): one company per person, the invitation's email
// only, and a link that works once even when used twice at the same moment.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, INVITATION_PROBLEM_MESSAGES, TEAM_MESSAGES, type User } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { auditRows } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo, getUser, uniqueRegistration } from '../../helpers/factories.ts';
import { clientsOf, createdClient, verifiedUser } from '../../helpers/tokens.ts';
import {
  acceptInvitation,
  companylessIdentity,
  invitationLink,
  invite,
  invitedRegistration,
  registerWithInvitation,
  teamOf,
} from '../../helpers/team.ts';

const app = await buildTestApp();

async function invitedBy(ownerToken: string, email: string, role: 'admin' | 'member' = 'member') {
  const response = await invite(app, ownerToken, email, role);
  expect(response.statusCode, response.body).toBe(201);
  return invitationLink(app, email);
}

describe('accepting an invitation while signed in', () => {
  it('a company-less identity (a sister-product import) joins with the invited role', async () => {
    const owner = await verifiedUser(app);
    const shared = await createdClient(app, owner.token, { label: 'Shared' });
    const sister = await companylessIdentity(app);
    expect((await getUser(app, sister.token)).json().error).toBe(ERROR_CODES.profileNotFound);
    const link = await invitedBy(owner.token, sister.email, 'admin');

    const joined = await acceptInvitation(app, sister.token, link);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<User>()).toMatchObject({
      email: sister.email,
      role: 'admin',
      companyName: owner.registration.companyName,
      emailVerified: true,
    });
    // The same session now reaches the company (the role is read on every request).
    expect((await clientsOf(app, sister.token)).map((client) => client.id)).toEqual([shared.clientId]);
    expect((await teamOf(app, owner.token)).members.map((member) => [member.email, member.role])).toEqual([
      [owner.registration.email, 'owner'],
      [sister.email, 'admin'],
    ]);
    const [joinedRow] = (await auditRows(app)).filter(
      (row) => row.kind === 'member.joined' && row.actorEmail === sister.email,
    );
    expect(joinedRow?.detail).toMatchObject({ email: sister.email, role: 'admin' });
  });

  it('takes names when the page asks for them', async () => {
    const owner = await verifiedUser(app);
    const sister = await companylessIdentity(app);
    const link = await invitedBy(owner.token, sister.email);
    const joined = await app.inject({
      ...callTo(team.acceptInvitation),
      headers: { authorization: `Bearer ${sister.token}` },
      payload: { token: link, firstName: 'Katherine', lastName: 'Johnson' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson' });
  });

  it('refuses a person who already belongs to another company (one company per person)', async () => {
    const inviter = await verifiedUser(app);
    const elsewhere = await verifiedUser(app);
    const link = await invitedBy(inviter.token, elsewhere.registration.email);
    const refused = await acceptInvitation(app, elsewhere.token, link);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: ERROR_CODES.conflict, message: TEAM_MESSAGES.otherCompany });
    // Nothing changed: still in their own company, the invitation still pending.
    expect((await getUser(app, elsewhere.token)).json<User>().companyName).toBe(
      elsewhere.registration.companyName,
    );
    expect((await teamOf(app, inviter.token)).invitations).toHaveLength(1);
  });

  it('refuses an account whose email is not the invitation’s', async () => {
    const owner = await verifiedUser(app);
    const sister = await companylessIdentity(app);
    const link = await invitedBy(owner.token, uniqueRegistration().email);
    const refused = await acceptInvitation(app, sister.token, link);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: ERROR_CODES.forbidden,
      message: TEAM_MESSAGES.invitationEmailMismatch,
    });
  });

  it('two accepts of one link at the same moment: exactly one joins', async () => {
    const owner = await verifiedUser(app);
    const sister = await companylessIdentity(app);
    const link = await invitedBy(owner.token, sister.email);
    const answers = await Promise.all([
      acceptInvitation(app, sister.token, link),
      acceptInvitation(app, sister.token, link),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 410]);
    expect(answers.find((answer) => answer.statusCode === 410)?.json()).toEqual({
      error: 'invitation_used',
      message: INVITATION_PROBLEM_MESSAGES.invitation_used,
    });
    expect((await teamOf(app, owner.token)).members.filter((m) => m.email === sister.email)).toHaveLength(1);
  });

  it('two registrations through one link at the same moment: exactly one account', async () => {
    const owner = await verifiedUser(app);
    const email = uniqueRegistration().email;
    const link = await invitedBy(owner.token, email);
    const answers = await Promise.all([
      registerWithInvitation(app, invitedRegistration(link)),
      registerWithInvitation(app, invitedRegistration(link)),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(201);
    // The loser finds the link used or the email taken, depending on which it met first; never a 500.
    expect([409, 410]).toContain(statuses[1]);
    expect((await teamOf(app, owner.token)).members.filter((m) => m.email === email)).toHaveLength(1);
  });
});
