// What a person learns before they act (design §9): a signed-in account opening an invitation link is
// told whether it can join and why not, before any click; a member removed from a company who signs in
// again learns which company, by whom and when (GetRemoval), instead of a silent /welcome.
import { describe, expect, it } from 'vitest';
import type { InvitationSummary, RemovalResponse } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, registerUser, uniqueRegistration } from '../../helpers/factories.ts';
import { verifiedUser } from '../../helpers/tokens.ts';
import {
  acceptInvitation,
  companyOfThree,
  companylessIdentity,
  invitationLink,
  invite,
  signedInAgain,
  teamCall,
  teamOf,
} from '../../helpers/team.ts';

const clock = testClock(new Date('2026-06-10T12:00:00Z'));
const app = await buildTestApp({ clock });

async function linkFor(ownerToken: string, email: string): Promise<string> {
  const response = await invite(app, ownerToken, email, 'member');
  expect(response.statusCode, response.body).toBe(201);
  return invitationLink(app, email);
}

async function summary(token: string, sessionToken?: string): Promise<InvitationSummary> {
  const response = await app.inject({
    ...callTo(team.getInvitation),
    query: { token },
    headers: sessionToken ? bearer(sessionToken) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvitationSummary>();
}

async function removalOf(sessionToken: string): Promise<RemovalResponse> {
  const response = await app.inject({ ...callTo(team.getRemoval), headers: bearer(sessionToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RemovalResponse>();
}

describe('GetInvitation for a signed-in caller', () => {
  it('says that a company-less account with the invited email can join', async () => {
    const owner = await verifiedUser(app);
    const sister = await companylessIdentity(app);
    const link = await linkFor(owner.token, sister.email);
    expect((await summary(link, sister.token)).caller).toEqual({
      email: sister.email,
      canJoin: true,
      refusal: null,
    });
  });

  it('says why an account in another company, or with another email, cannot join', async () => {
    const owner = await verifiedUser(app);
    const elsewhere = await verifiedUser(app);
    const link = await linkFor(owner.token, elsewhere.registration.email);
    expect((await summary(link, elsewhere.token)).caller).toMatchObject({
      canJoin: false,
      refusal: 'other_company',
    });
    const sister = await companylessIdentity(app);
    expect((await summary(link, sister.token)).caller).toEqual({
      email: sister.email,
      canJoin: false,
      refusal: 'email_mismatch',
    });
    // The click would be refused with the same reason.
    expect((await acceptInvitation(app, sister.token, link)).statusCode).toBe(403);
  });

  it('names the inviter as the portal names people, on the link and on the Team page', async () => {
    const owner = await registerUser(app, { firstName: 'olivia', lastName: 'owner' });
    const email = uniqueRegistration().email;
    const link = await linkFor(owner.token, email);
    expect((await summary(link)).invitedBy).toBe('Olivia Owner');
    expect((await teamOf(app, owner.token)).invitations.map((pending) => pending.invitedBy)).toEqual([
      'Olivia Owner',
    ]);
  });

  it('answers as before for anyone signed out, or with a session that is no longer valid', async () => {
    const owner = await verifiedUser(app);
    const email = uniqueRegistration().email;
    const link = await linkFor(owner.token, email);
    const anonymous = await summary(link);
    expect(anonymous).not.toHaveProperty('caller');
    expect(anonymous).toMatchObject({ email, accountExists: false, role: 'member' });
    expect(await summary(link, 'not-a-session')).toEqual(anonymous);
  });
});

describe('GetRemoval', () => {
  it('tells a removed member which company removed them, by whom and when, until they join again', async () => {
    const { owner, admin, member } = await companyOfThree(app);
    expect(await removalOf(member.token)).toEqual({ removal: null });
    const removed = await teamCall(app, admin.token, team.removeMember, { memberId: member.id });
    expect(removed.statusCode, removed.body).toBe(204);

    const again = await signedInAgain(app, {
      id: member.id,
      email: member.email,
      password: member.registration.password,
    });
    expect(await removalOf(again.token)).toEqual({
      removal: {
        companyName: owner.registration.companyName,
        removedBy: `${admin.registration.firstName} ${admin.registration.lastName}`,
        removedAt: clock.now().toISOString(),
      },
    });

    const link = await linkFor(owner.token, member.email);
    expect((await acceptInvitation(app, again.token, link)).statusCode).toBe(200);
    expect(await removalOf(again.token)).toEqual({ removal: null });
  });

  it('is null for an account never removed, and needs a session', async () => {
    const sister = await companylessIdentity(app);
    expect(await removalOf(sister.token)).toEqual({ removal: null });
    expect((await app.inject(callTo(team.getRemoval))).statusCode).toBe(401);
  });
});
