// Each kind of session's access token is refused by the other kind's verification itself (design §11:
// a staff session and a customer session never stand in for each other). The calls refuse the other's
// token anyway when its session is not in their table (audience-separation.test.ts), so a console token
// verified with the customers' audience would pass every call test: here the verification alone is
// held to it, on tokens made as the real sign-ins make them and on the function directly, both ways.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import { createSessionJwt, type SessionAudience } from '../../../../src/plugins/app/sessions/session-jwt.ts';
import { TEST_SECRETS, buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { registerUser } from '../../../helpers/factories.ts';
import { codeAt, consoleLogin, setUpStaff } from '../../../routes/console/staff-sessions.ts';

const clock = testClock(new Date('2026-05-01T12:00:00Z'));
const app = await buildTestApp({ clock });

/** Written out: the audiences are the contract, not whatever the code under test names them. */
const CUSTOMER: SessionAudience = 'datafeeds-portal';
const CONSOLE: SessionAudience = 'datafeeds-console';

const verifierFor = (audience: SessionAudience) =>
  createSessionJwt(TEST_SECRETS.sessionSecret, clock, audience, ACCESS_TOKEN_TTL_SECONDS);

const SUBJECT = '4b7a1c4e-8f1d-4c36-9a55-0c9d6f0e2a11';
const SESSION = '0f3e2d1c-5b6a-4798-8a1b-2c3d4e5f6a7b';

describe('access token audiences', () => {
  it.each([
    [CONSOLE, CUSTOMER],
    [CUSTOMER, CONSOLE],
  ])('a token signed for %s is refused by the verification of %s', async (signedFor, verifiedBy) => {
    const token = await verifierFor(signedFor).sign(SUBJECT, SESSION);
    expect(await verifierFor(signedFor).verify(token, clock.now())).toMatchObject({
      subject: SUBJECT,
      sessionId: SESSION,
    });
    expect(await verifierFor(verifiedBy).verify(token, clock.now())).toBeUndefined();
  });

  it("a console sign-in's token is the console's, refused by the customers' verification", async () => {
    const staff = await setUpStaff(app, 'admin');
    clock.advance(30);
    const signedIn = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token } = signedIn.json<{ token: string }>();
    expect(decodeJwt(token).aud).toBe(CONSOLE);
    expect(await verifierFor(CONSOLE).verify(token, clock.now())).toBeDefined();
    expect(await verifierFor(CUSTOMER).verify(token, clock.now())).toBeUndefined();
  });

  it("a customer sign-in's token is the customers', refused by the console's verification", async () => {
    const { token } = await registerUser(app);
    expect(decodeJwt(token).aud).toBe(CUSTOMER);
    expect(await verifierFor(CUSTOMER).verify(token, clock.now())).toBeDefined();
    expect(await verifierFor(CONSOLE).verify(token, clock.now())).toBeUndefined();
  });
});
