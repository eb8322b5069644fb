// Invitations email addresses the caller chooses: InviteMember and ResendInvitation share one named
// limit per address, so nobody mail-bombs through them; looking links up has a limit of its own.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { team } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { mailbox, uniqueRegistration } from '../../helpers/factories.ts';
import { verifiedUser } from '../../helpers/tokens.ts';
import { INVITATION_SUBJECT, getInvitation, invite, teamCall } from '../../helpers/team.ts';

describe('invitation rate limits', () => {
  it('InviteMember and ResendInvitation count together, then answer 429 and send nothing', async () => {
    const app = await buildTestApp({ rateLimits: { invitations: 2 } });
    const owner = await verifiedUser(app);
    const first = await invite(app, owner.token, uniqueRegistration().email);
    expect(first.statusCode, first.body).toBe(201);
    const resent = await teamCall(app, owner.token, team.resendInvitation, {
      invitationId: first.json<{ id: string }>().id,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const sent = (await mailbox(app)).filter((message) => INVITATION_SUBJECT.test(message.subject)).length;

    const { email } = uniqueRegistration();
    const limited = await invite(app, owner.token, email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(ERROR_CODES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const after = await mailbox(app);
    expect(after.filter((message) => INVITATION_SUBJECT.test(message.subject))).toHaveLength(sent);
    expect(after.some((message) => message.to === email)).toBe(false);
  });

  it('GetInvitation answers 429 past its limit', async () => {
    const app = await buildTestApp({ rateLimits: { invitationLinks: 2 } });
    expect((await getInvitation(app, 'unknown-link')).statusCode).toBe(404);
    expect((await getInvitation(app, 'unknown-link')).statusCode).toBe(404);
    expect((await getInvitation(app, 'unknown-link')).statusCode).toBe(429);
  });
});
