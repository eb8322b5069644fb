// The session check of every authenticated call (sessions-service.ts authenticate). A verified access
// token is remembered, so it is not verified again on each call: these hold it to what verifying every
// time gave — expiry to the second, revocation at once, a token altered in any way refused.
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { createSessionsService } from '../../../../src/plugins/app/sessions/sessions-service.ts';
import { TEST_SECRETS, buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { bearer, callTo, getUser, registerUser } from '../../../helpers/factories.ts';

const clock = testClock(new Date('2026-05-01T12:00:00Z'));
const app = await buildTestApp({ clock });

/** The token with one character of the given part (0 header, 1 payload, 2 signature) changed. */
function altered(token: string, part: 0 | 1 | 2): string {
  const parts = token.split('.');
  const text = parts[part] ?? '';
  const last = text.at(-2) === 'A' ? 'B' : 'A';
  parts[part] = `${text.slice(0, -2)}${last}${text.slice(-1)}`;
  return parts.join('.');
}

describe('authenticate', () => {
  it('a token used before still stops at its expiry, to the second', async () => {
    const { token } = await registerUser(app);
    expect((await getUser(app, token)).statusCode).toBe(200);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS - 1);
    expect((await getUser(app, token)).statusCode).toBe(200);
    clock.advance(1);
    expect((await getUser(app, token)).statusCode).toBe(401);
    // A clock set back makes it valid again, exactly as verifying it afresh would.
    clock.advance(-1);
    expect((await getUser(app, token)).statusCode).toBe(200);
    clock.advance(1);
    expect((await getUser(app, token)).statusCode).toBe(401);
  });

  it('a token used before is refused at once when its session is signed out', async () => {
    const { token } = await registerUser(app);
    expect((await getUser(app, token)).statusCode).toBe(200);
    const signedOut = await app.inject({ ...callTo(auth.logout), headers: bearer(token) });
    expect(signedOut.statusCode).toBe(204);
    expect((await getUser(app, token)).statusCode).toBe(401);
  });

  it('refuses a remembered token with any part altered', async () => {
    const { token } = await registerUser(app);
    expect((await getUser(app, token)).statusCode).toBe(200);
    for (const part of [0, 1, 2] as const) {
      expect((await getUser(app, altered(token, part))).statusCode).toBe(401);
    }
    expect((await getUser(app, `${token}x`)).statusCode).toBe(401);
    expect((await getUser(app, token)).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret, even for a live session', async () => {
    const { token } = await registerUser(app);
    const other = createSessionsService(
      app.db,
      clock,
      'another-session-secret-0123456789abcdefghij',
      app.auditLog,
    );
    expect(await other.authenticate(token)).toBeUndefined();
    const sessions = createSessionsService(app.db, clock, TEST_SECRETS.sessionSecret, app.auditLog);
    const auth = await sessions.authenticate(token);
    expect(auth).toMatchObject({ identityId: expect.any(String), sessionId: expect.any(String) });
    // Twice: the second answer comes from what the first verification remembered.
    expect(await sessions.authenticate(token)).toEqual(auth);
  });
});
