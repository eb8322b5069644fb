// A staff session and a customer session never stand in for each other (design §11): every console call
// refuses a customer's access token, every customer call a staff access token, and neither refresh
// cookie is taken by the other's refresh call. Table-driven from the contracts, so a new call is covered.
import { describe, expect, it } from 'vitest';
import { ALL_CALLS, auth, callName, staffConsole } from '@datafeeds/domain/calls';
import { CONSOLE_REFRESH_COOKIE, REFRESH_COOKIE } from '../../../src/lib/session-cookies.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, getUser, registerUser } from '../../helpers/factories.ts';
import { codeAt, consoleCookieOf, consoleLogin, setUpStaff } from './staff-sessions.ts';

const clock = testClock();
const app = await buildTestApp({ clock });

const customer = await registerUser(app);
const staff = await setUpStaff(app, 'admin');
clock.advance(30);
const staffSignIn = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
const staffToken = staffSignIn.json<{ token: string }>().token;

const consoleCalls = ALL_CALLS.filter((call) => call.access.kind === 'staff');
const customerCalls = ALL_CALLS.filter(
  (call) => call.access.kind === 'signedIn' || call.access.kind === 'member',
);

describe('audience separation', () => {
  it('has calls of both kinds to check, and both tokens work where they belong', async () => {
    expect(consoleCalls.length).toBeGreaterThan(0);
    expect(customerCalls.length).toBeGreaterThan(10);
    expect((await getUser(app, customer.token)).statusCode).toBe(200);
    const me = await app.inject({ ...callTo(staffConsole.getStaffMe), headers: bearer(staffToken) });
    expect(me.statusCode).toBe(200);
  });

  it.each(consoleCalls.map((call) => [callName(call), call] as const))(
    '%s refuses a customer access token',
    async (_name, call) => {
      const response = await app.inject({ ...callTo(call), headers: bearer(customer.token) });
      expect(response.statusCode).toBe(401);
    },
  );

  it.each(customerCalls.map((call) => [callName(call), call] as const))(
    '%s refuses a staff access token',
    async (_name, call) => {
      const response = await app.inject({ ...callTo(call), headers: bearer(staffToken) });
      expect(response.statusCode).toBe(401);
    },
  );

  it("neither refresh call takes the other's refresh token", async () => {
    const consoleRefresh = await app.inject({
      ...callTo(staffConsole.consoleRefresh),
      cookies: { [CONSOLE_REFRESH_COOKIE]: customer.refreshCookie },
    });
    expect(consoleRefresh.statusCode).toBe(401);
    const customerRefresh = await app.inject({
      ...callTo(auth.refresh),
      cookies: { [REFRESH_COOKIE]: consoleCookieOf(staffSignIn) },
    });
    expect(customerRefresh.statusCode).toBe(401);
  });
});
