// Signing out ends the session whichever credential arrives: the bearer token on /api/logout, or the
// refresh cookie — which the browser sends only under /refresh — on /refresh/logout.
import { describe, expect, it } from 'vitest';
import { auth } from '@datafeeds/domain/calls';
import { REFRESH_COOKIE } from '../../../src/lib/session-cookies.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo, registerUser } from '../../helpers/factories.ts';

const app = await buildTestApp();
const withCookie = (value: string) => ({ cookie: `${REFRESH_COOKIE}=${value}` });

describe('sign-out', () => {
  it('with only the refresh cookie ends the session and clears the cookie', async () => {
    const { refreshCookie } = await registerUser(app);
    const signedOut = await app.inject({ ...callTo(auth.refreshLogout), headers: withCookie(refreshCookie) });
    expect(signedOut.statusCode).toBe(204);
    const cleared = signedOut.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: auth.refresh.path });
    const refreshed = await app.inject({ ...callTo(auth.refresh), headers: withCookie(refreshCookie) });
    expect(refreshed.statusCode).toBe(401);
  });

  it('with neither credential answers 204 and changes nothing', async () => {
    const { refreshCookie } = await registerUser(app);
    expect((await app.inject(callTo(auth.refreshLogout))).statusCode).toBe(204);
    expect((await app.inject(callTo(auth.logout))).statusCode).toBe(204);
    const refreshed = await app.inject({ ...callTo(auth.refresh), headers: withCookie(refreshCookie) });
    expect(refreshed.statusCode).toBe(200);
  });
});
