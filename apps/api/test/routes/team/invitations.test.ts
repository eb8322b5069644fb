// The invitation lifecycle (design §9): invite → email with the link → what the link offers →
// registration through it → a member of the company. Every bad link gets its own code, never a 500.
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  INVITATION_PROBLEM_MESSAGES,
  INVITATION_TTL_DAYS,
  MESSAGES,
  ROLE_REFUSALS,
  TEAM_MESSAGES,
  type InvitationProblem,
  type User,
} from '@datafeeds/domain';
import { team, users } from '@datafeeds/domain/calls';
import { TEST_APP_URL, buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { auditRows } from '../../helpers/audit.ts';
import {
  bearer,
  callTo,
  getUser,
  latestEmail,
  login,
  mailbox,
  refresh,
  uniqueRegistration,
} from '../../helpers/factories.ts';
import { clientsOf, createdClient, deleteClient, verifiedUser } from '../../helpers/tokens.ts';
import {
  INVITATION_SUBJECT,
  getInvitation,
  invitationLink,
  invite,
  invitedRegistration,
  registerWithInvitation,
  teamCall,
  teamOf,
} from '../../helpers/team.ts';

const clock = testClock(new Date('2026-03-02T09:00:00Z'));
const app = await buildTestApp({ clock });

/** The answer a bad link gets, on every call that takes one. */
function expectProblem(response: { statusCode: number; json(): unknown }, problem: InvitationProblem) {
  expect(response.statusCode).toBe(problem === 'invitation_invalid' ? 404 : 410);
  expect(response.json()).toEqual({ error: problem, message: INVITATION_PROBLEM_MESSAGES[problem] });
}

async function ownerWithInvitation(email = uniqueRegistration().email) {
  const owner = await verifiedUser(app);
  const invited = await invite(app, owner.token, email, 'member');
  expect(invited.statusCode, invited.body).toBe(201);
  return {
    owner,
    email,
    invitation: invited.json<{ id: string }>(),
    token: await invitationLink(app, email),
  };
}

describe('the invitation lifecycle', () => {
  it('emails a link the invited person registers through, joining the company as a member', async () => {
    const owner = await verifiedUser(app);
    const shared = await createdClient(app, owner.token, { label: 'Shared feed' });
    const { email } = uniqueRegistration();
    const invited = await invite(app, owner.token, email.toUpperCase(), 'member');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email,
      role: 'member',
      invitedBy: 'Ada Lovelace',
      createdAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
    });

    const message = await latestEmail(app, email, INVITATION_SUBJECT);
    expect(message.subject).toBe('Ada Lovelace invited you to Analytical Engines on DataFeeds');
    expect(message.links).toHaveLength(1);
    expect(message.links[0]).toMatch(new RegExp(`^${TEST_APP_URL}/accept-invitation\\?token=[\\w-]{43}$`));
    expect(message.text).toContain('join Analytical Engines on the DataFeeds portal as a member');
    expect(message.text).toContain('expires in 7 days');
    const token = new URL(message.links[0] ?? '').searchParams.get('token') ?? '';

    const summary = await getInvitation(app, token);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({
      email,
      companyName: 'Analytical Engines',
      role: 'member',
      invitedBy: 'Ada Lovelace',
      expiresAt: invited.json<{ expiresAt: string }>().expiresAt,
      accountExists: false,
    });
    expect((await teamOf(app, owner.token)).invitations.map((pending) => pending.email)).toEqual([email]);

    const registration = invitedRegistration(token, { firstName: 'Grace', lastName: 'Hopper' });
    const registered = await registerWithInvitation(app, registration);
    expect(registered.statusCode, registered.body).toBe(201);
    const memberToken = registered.json<{ token: string }>().token;
    // Signed in like POST /api/register: an access token and a working refresh cookie.
    const cookie = registered.cookies.find((candidate) => candidate.name === 'df_refresh');
    expect((await refresh(app, cookie?.value)).statusCode).toBe(200);

    const user = (await getUser(app, memberToken)).json<User>();
    expect(user).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'member',
      companyName: 'Analytical Engines',
      // The emailed link proved the address: no verification email is needed.
      emailVerified: true,
    });
    expect((await mailbox(app)).filter((sent) => sent.to === email).map((sent) => sent.subject)).toEqual([
      message.subject,
    ]);

    // A member sees the company's tokens, creates active ones, and cannot delete any.
    expect((await clientsOf(app, memberToken)).map((client) => client.id)).toEqual([shared.clientId]);
    const own = await createdClient(app, memberToken, { label: 'Member token' });
    expect((await clientsOf(app, owner.token)).map((client) => [client.id, client.status])).toContainEqual([
      own.clientId,
      'active',
    ]);
    const refused = await deleteClient(app, memberToken, shared.clientId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ERROR_CODES.forbidden, message: ROLE_REFUSALS.deleteToken });

    const team = await teamOf(app, owner.token);
    expect(team.invitations).toEqual([]);
    expect(team.members.map(({ email: address, role, joinedAt }) => ({ address, role, joinedAt }))).toEqual([
      { address: owner.registration.email, role: 'owner', joinedAt: clock.now().toISOString() },
      { address: email, role: 'member', joinedAt: clock.now().toISOString() },
    ]);
    expectProblem(await getInvitation(app, token), 'invitation_used');
  });

  it('records the invitation and the joining in the audit log, never the link', async () => {
    const { owner, email, invitation, token } = await ownerWithInvitation();
    const registered = await registerWithInvitation(app, invitedRegistration(token));
    expect(registered.statusCode, registered.body).toBe(201);
    const rows = (await auditRows(app)).filter((row) => row.detail.invitationId === invitation.id);
    expect(rows.map((row) => [row.kind, row.actorEmail, row.detail.email, row.detail.role])).toEqual([
      ['member.invited', owner.registration.email, email, 'member'],
      ['member.joined', email, email, 'member'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('records a resend and a revocation in the audit log, never the new link', async () => {
    const { owner, email, invitation } = await ownerWithInvitation();
    const seen = await mailbox(app);
    const body = { invitationId: invitation.id };
    expect((await teamCall(app, owner.token, team.resendInvitation, body)).statusCode).toBe(200);
    const fresh = await invitationLink(app, email, seen);
    expect((await teamCall(app, owner.token, team.revokeInvitation, body)).statusCode).toBe(204);
    const rows = (await auditRows(app)).filter((row) => row.detail.invitationId === invitation.id);
    expect(rows.map((row) => [row.kind, row.actorEmail, row.detail])).toEqual([
      ['member.invited', owner.registration.email, { invitationId: invitation.id, email, role: 'member' }],
      ['invitation.resent', owner.registration.email, { invitationId: invitation.id, email, role: 'member' }],
      [
        'invitation.revoked',
        owner.registration.email,
        { invitationId: invitation.id, email, role: 'member' },
      ],
    ]);
    expect(JSON.stringify(rows)).not.toContain(fresh);
  });

  it('refuses to invite a member of the company or an email already invited', async () => {
    const { owner, email } = await ownerWithInvitation();
    const again = await invite(app, owner.token, email, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ERROR_CODES.conflict, message: TEAM_MESSAGES.alreadyInvited });
    const self = await invite(app, owner.token, owner.registration.email);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TEAM_MESSAGES.alreadyMember);
  });

  it('two invitations of one email at once: one is sent, the other refused', async () => {
    const owner = await verifiedUser(app);
    const { email } = uniqueRegistration();
    const answers = await Promise.all([invite(app, owner.token, email), invite(app, owner.token, email)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      TEAM_MESSAGES.alreadyInvited,
    );
    expect((await teamOf(app, owner.token)).invitations).toHaveLength(1);
  });

  it('invites a person of another company; registering with that email says it is taken', async () => {
    const other = await verifiedUser(app);
    const { token } = await ownerWithInvitation(other.registration.email);
    expect((await getInvitation(app, token)).json()).toMatchObject({ accountExists: true });
    const response = await registerWithInvitation(app, invitedRegistration(token));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: ERROR_CODES.emailTaken, message: MESSAGES.emailTaken });
    // The link is still usable (by signing in): the failed registration did not spend it.
    expect((await getInvitation(app, token)).statusCode).toBe(200);
  });

  it('refuses a taken username without spending the link', async () => {
    const other = await verifiedUser(app);
    const { token } = await ownerWithInvitation();
    const response = await registerWithInvitation(
      app,
      invitedRegistration(token, { username: other.registration.username }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ERROR_CODES.usernameTaken);
    expect((await registerWithInvitation(app, invitedRegistration(token))).statusCode).toBe(201);
  });
});

describe('bad links', () => {
  /** Every call that takes a link answers the problem the same way. */
  async function expectEverywhere(token: string, problem: InvitationProblem) {
    expectProblem(await getInvitation(app, token), problem);
    expectProblem(await registerWithInvitation(app, invitedRegistration(token)), problem);
    const companyless = await verifiedUser(app);
    expectProblem(await teamCall(app, companyless.token, team.acceptInvitation, { token }), problem);
  }

  it('an unknown token is invalid', async () => {
    await expectEverywhere('not-a-real-invitation-token', 'invitation_invalid');
  });

  it('a link past its 7 days is expired; a resend makes a new one that works', async () => {
    const { owner: registrant, invitation, email, token } = await ownerWithInvitation();
    clock.advance(INVITATION_TTL_DAYS * 86_400 + 1);
    await expectEverywhere(token, 'invitation_expired');
    // A week on, the owner signs in again (access tokens last minutes).
    const signedIn = await login(app, registrant.registration.email, registrant.registration.password);
    const owner = { token: signedIn.json<{ token: string }>().token };
    // Expired invitations stay on the Team page to be resent.
    expect((await teamOf(app, owner.token)).invitations.map((pending) => pending.id)).toEqual([
      invitation.id,
    ]);
    const seen = await mailbox(app);
    const resent = await teamCall(app, owner.token, team.resendInvitation, {
      invitationId: invitation.id,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().expiresAt).toBe(
      new Date(clock.now().getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
    );
    const fresh = await invitationLink(app, email, seen);
    // The old link is replaced, not merely expired: it says a newer one was sent.
    await expectEverywhere(token, 'invitation_superseded');
    expect((await getInvitation(app, fresh)).statusCode).toBe(200);
  });

  it('a resent invitation stops the old link at once', async () => {
    const { owner, invitation, email, token } = await ownerWithInvitation();
    const seen = await mailbox(app);
    const resent = await teamCall(app, owner.token, team.resendInvitation, {
      invitationId: invitation.id,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await invitationLink(app, email, seen);
    expect(fresh).not.toBe(token);
    await expectEverywhere(token, 'invitation_superseded');
    expect((await registerWithInvitation(app, invitedRegistration(fresh))).statusCode).toBe(201);
  });

  it('a revoked link is revoked, and the invitation leaves the Team page', async () => {
    const { owner, invitation, token } = await ownerWithInvitation();
    const revoked = await teamCall(app, owner.token, team.revokeInvitation, {
      invitationId: invitation.id,
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    await expectEverywhere(token, 'invitation_revoked');
    expect((await teamOf(app, owner.token)).invitations).toEqual([]);
    // Nothing pending any more: resend and revoke find nothing.
    for (const call of [team.resendInvitation, team.revokeInvitation]) {
      const again = await teamCall(app, owner.token, call, { invitationId: invitation.id });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(TEAM_MESSAGES.invitationNotFound);
    }
  });

  it('a used link is used', async () => {
    const { token } = await ownerWithInvitation();
    expect((await registerWithInvitation(app, invitedRegistration(token))).statusCode).toBe(201);
    await expectEverywhere(token, 'invitation_used');
  });

  it('refuses a malformed request with the one error shape', async () => {
    const missing = await app.inject(callTo(team.getInvitation));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(ERROR_CODES.validation);
    const { token } = await ownerWithInvitation();
    const noTerms = await registerWithInvitation(app, invitedRegistration(token, { password: 'short' }));
    expect(noTerms.statusCode).toBe(400);
    const bearerless = await app.inject({ ...callTo(team.acceptInvitation), payload: { token } });
    expect(bearerless.statusCode).toBe(401);
    expect((await getInvitation(app, token)).statusCode).toBe(200);
  });
});

describe('invitation email', () => {
  it('escapes the company and inviter names in its HTML', async () => {
    const owner = await verifiedUser(app);
    const rename = await app.inject({
      ...callTo(users.updateUser),
      headers: bearer(owner.token),
      payload: { companyName: '<b>Evil & Co</b>' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const { email } = uniqueRegistration();
    expect((await invite(app, owner.token, email, 'admin')).statusCode).toBe(201);
    const message = await latestEmail(app, email, INVITATION_SUBJECT);
    expect(message.text).toContain('as an admin');
    expect(message.html).toContain('&lt;b&gt;Evil &amp; Co&lt;/b&gt;');
    expect(message.html).not.toContain('<b>Evil');
  });
});
