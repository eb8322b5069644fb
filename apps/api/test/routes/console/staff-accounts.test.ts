import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  STAFF_MESSAGES,
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_SESSION_TTL_SECONDS,
  STAFF_SETUP_TTL_SECONDS,
  passwordTooCommonMessage,
} from '@datafeeds/domain';
import { staffConsole } from '@datafeeds/domain/calls';
import { staffMembers, staffSetupLinks } from '../../../src/db/schema.ts';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { CONSOLE_REFRESH_COOKIE } from '../../../src/lib/session-cookies.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, strongPassword } from '../../helpers/factories.ts';
import {
  codeAt,
  completeSetup,
  consoleCookieOf,
  consoleLogin,
  getSetup,
  setUpStaff,
  setupLinkToken,
  uniqueStaffEmail,
} from './staff-sessions.ts';

const clock = testClock();
const app = await buildTestApp({ clock });

/** Moves to the next 30-second TOTP step, so a fresh code exists. */
const nextStep = () => clock.advance(30);

describe('staff setup link', () => {
  it('tells what the link is for and offers a secret to enrol; the database holds neither token nor plain secret', async () => {
    const email = uniqueStaffEmail();
    await app.staff.create(email, 'admin', OPERATOR_CONTEXT);
    const token = await setupLinkToken(app, email);
    const response = await getSetup(app, token);
    expect(response.statusCode).toBe(200);
    const setup = response.json<{ email: string; role: string; totpSecret: string; otpauthUri: string }>();
    expect(setup).toMatchObject({ email, role: 'admin' });
    expect(setup.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.otpauthUri).toContain(`secret=${setup.totpSecret}`);

    const rows = await app.db.select().from(staffSetupLinks);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(setup.totpSecret);
  });

  it('answers 404 setup_link_invalid for a wrong link', async () => {
    const response = await getSetup(app, 'not-a-real-link');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'setup_link_invalid',
      message: STAFF_MESSAGES.setupLinkInvalid,
    });
  });

  it('answers 410 setup_link_expired after 48 hours, to reading and completing alike', async () => {
    const email = uniqueStaffEmail();
    await app.staff.create(email, 'support', OPERATOR_CONTEXT);
    const token = await setupLinkToken(app, email);
    const { totpSecret } = (await getSetup(app, token)).json<{ totpSecret: string }>();
    clock.advance(STAFF_SETUP_TTL_SECONDS);
    const read = await getSetup(app, token);
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({
      error: 'setup_link_expired',
      message: STAFF_MESSAGES.setupLinkExpired,
    });
    const complete = await completeSetup(app, {
      token,
      password: strongPassword(),
      code: await codeAt(app, totpSecret),
    });
    expect(complete.statusCode).toBe(410);
  });

  it('completes once with a correct code, answers 10 distinct recovery codes, then 410 setup_link_used', async () => {
    const email = uniqueStaffEmail();
    await app.staff.create(email, 'support', OPERATOR_CONTEXT);
    const token = await setupLinkToken(app, email);
    const { totpSecret } = (await getSetup(app, token)).json<{ totpSecret: string }>();
    const payload = { token, password: strongPassword(), code: await codeAt(app, totpSecret) };
    const first = await completeSetup(app, payload);
    expect(first.statusCode, first.body).toBe(200);
    const { recoveryCodes } = first.json<{ recoveryCodes: string[] }>();
    expect(new Set(recoveryCodes).size).toBe(STAFF_RECOVERY_CODE_COUNT);

    const again = await completeSetup(app, payload);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'setup_link_used', message: STAFF_MESSAGES.setupLinkUsed });
    expect((await getSetup(app, token)).statusCode).toBe(410);
  });

  it('refuses a wrong code and a common password, leaving the link usable', async () => {
    const email = uniqueStaffEmail();
    await app.staff.create(email, 'support', OPERATOR_CONTEXT);
    const token = await setupLinkToken(app, email);
    const { totpSecret } = (await getSetup(app, token)).json<{ totpSecret: string }>();
    const right = await codeAt(app, totpSecret);
    const wrong = right === '000000' ? '111111' : '000000';

    const wrongCode = await completeSetup(app, { token, password: strongPassword(), code: wrong });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({
      details: [{ field: 'code', message: STAFF_MESSAGES.wrongSetupCode }],
    });
    const common = await completeSetup(app, { token, password: 'qwerty123456', code: right });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      details: [{ field: 'password', message: passwordTooCommonMessage }],
    });
    const short = await completeSetup(app, { token, password: 'abc', code: right });
    expect(short.statusCode).toBe(400);

    expect((await completeSetup(app, { token, password: strongPassword(), code: right })).statusCode).toBe(
      200,
    );
  });
});

describe('staff sign-in', () => {
  it('signs in with password and current code; the session is 8 hours in its own cookie', async () => {
    const staff = await setUpStaff(app, 'admin');
    nextStep();
    const response = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((each) => each.name === CONSOLE_REFRESH_COOKIE);
    expect(cookie).toMatchObject({ path: '/api/console/session', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.maxAge).toBe(STAFF_SESSION_TTL_SECONDS);
    expect(response.cookies.find((each) => each.name === 'df_refresh')).toBeUndefined();

    const { token } = response.json<{ token: string }>();
    const me = await app.inject({ ...callTo(staffConsole.getStaffMe), headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: staff.email, role: 'admin' });
  });

  it('refuses a wrong code, and the code of the setup itself (already used)', async () => {
    const staff = await setUpStaff(app);
    const setupCode = await codeAt(app, staff.secret);
    const replayed = await consoleLogin(app, { ...staff, code: setupCode });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      error: ERROR_CODES.invalidCredentials,
      message: STAFF_MESSAGES.signInRefused,
    });
    nextStep();
    const right = await codeAt(app, staff.secret);
    const wrong = await consoleLogin(app, { ...staff, code: right === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(401);
    const wrongPassword = await consoleLogin(app, { ...staff, password: 'not-the-password', code: right });
    expect(wrongPassword.statusCode).toBe(401);
    expect((await consoleLogin(app, { ...staff, code: right })).statusCode).toBe(200);
  });

  it('refuses a code already used within its window (replay)', async () => {
    const staff = await setUpStaff(app);
    nextStep();
    const code = await codeAt(app, staff.secret);
    expect((await consoleLogin(app, { ...staff, code })).statusCode).toBe(200);
    clock.advance(5);
    expect((await consoleLogin(app, { ...staff, code })).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and grouping', async () => {
    const staff = await setUpStaff(app);
    const [recoveryCode = ''] = staff.recoveryCodes;
    const typed = recoveryCode.toUpperCase().replaceAll('-', ' ');
    expect((await consoleLogin(app, { ...staff, code: typed })).statusCode).toBe(200);
    expect((await consoleLogin(app, { ...staff, code: recoveryCode })).statusCode).toBe(401);
    expect((await consoleLogin(app, { ...staff, code: staff.recoveryCodes[1] ?? '' })).statusCode).toBe(200);
  });

  it('locks the account for 15 minutes after 5 wrong codes, even for the right code', async () => {
    const staff = await setUpStaff(app);
    nextStep();
    const right = await codeAt(app, staff.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await consoleLogin(app, { ...staff, code: wrong })).statusCode).toBe(401);
    }
    const locked = await consoleLogin(app, { ...staff, code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: STAFF_MESSAGES.locked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    clock.advance(15 * 60);
    expect((await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).statusCode).toBe(
      200,
    );
  });

  it('counts parallel wrong codes atomically: at most 5 are checked', async () => {
    const staff = await setUpStaff(app);
    nextStep();
    const right = await codeAt(app, staff.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => consoleLogin(app, { ...staff, code: wrong })),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
  });

  it('refuses a disabled member, and ends their sessions', async () => {
    const staff = await setUpStaff(app);
    nextStep();
    const signedIn = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    const { token } = signedIn.json<{ token: string }>();
    expect(await app.staff.disable({ email: staff.email }, OPERATOR_CONTEXT)).toEqual({ email: staff.email });

    const me = await app.inject({ ...callTo(staffConsole.getStaffMe), headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const refresh = await app.inject({
      ...callTo(staffConsole.consoleRefresh),
      cookies: { [CONSOLE_REFRESH_COOKIE]: consoleCookieOf(signedIn) },
    });
    expect(refresh.statusCode).toBe(401);
    // The open tab's refresh says why, for its sign-in page.
    expect(refresh.json()).toEqual({
      error: ERROR_CODES.staffDisabled,
      message: STAFF_MESSAGES.signedOutDisabled,
    });
    nextStep();
    const again = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: STAFF_MESSAGES.staffDisabled });
  });

  it('refreshes within the 8 hours and not after; sign-out ends the session', async () => {
    const staff = await setUpStaff(app);
    nextStep();
    const signedIn = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    const refreshWith = (cookie: string) =>
      app.inject({ ...callTo(staffConsole.consoleRefresh), cookies: { [CONSOLE_REFRESH_COOKIE]: cookie } });
    clock.advance(60 * 60);
    const refreshed = await refreshWith(consoleCookieOf(signedIn));
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.cookies.find((each) => each.name === CONSOLE_REFRESH_COOKIE)?.maxAge).toBe(
      STAFF_SESSION_TTL_SECONDS - 60 * 60,
    );
    // A rotated token presented again means it leaked: the session ends.
    expect((await refreshWith(consoleCookieOf(signedIn))).statusCode).toBe(401);
    expect((await refreshWith(consoleCookieOf(refreshed))).statusCode).toBe(401);

    nextStep();
    const second = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    clock.advance(STAFF_SESSION_TTL_SECONDS);
    expect((await refreshWith(consoleCookieOf(second))).statusCode).toBe(401);
    const me = await app.inject({
      ...callTo(staffConsole.getStaffMe),
      headers: bearer(second.json<{ token: string }>().token),
    });
    expect(me.statusCode).toBe(401);

    const third = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
    const logout = await app.inject({
      ...callTo(staffConsole.consoleLogout),
      cookies: { [CONSOLE_REFRESH_COOKIE]: consoleCookieOf(third) },
    });
    expect(logout.statusCode).toBe(204);
    const afterLogout = await app.inject({
      ...callTo(staffConsole.getStaffMe),
      headers: bearer(third.json<{ token: string }>().token),
    });
    expect(afterLogout.statusCode).toBe(401);
  });

  it('after an authenticator reset, the old secret and recovery codes no longer sign in until set up again', async () => {
    const staff = await setUpStaff(app);
    expect(await app.staff.resetMfa({ email: staff.email }, OPERATOR_CONTEXT)).toEqual({
      email: staff.email,
    });
    nextStep();
    expect((await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).statusCode).toBe(
      401,
    );
    expect((await consoleLogin(app, { ...staff, code: staff.recoveryCodes[0] ?? '' })).statusCode).toBe(401);

    const token = await setupLinkToken(app, staff.email, /again/);
    const { totpSecret } = (await getSetup(app, token)).json<{ totpSecret: string }>();
    expect(totpSecret).not.toBe(staff.secret);
    const password = strongPassword();
    expect(
      (await completeSetup(app, { token, password, code: await codeAt(app, totpSecret) })).statusCode,
    ).toBe(200);
    nextStep();
    const signedIn = await consoleLogin(app, {
      email: staff.email,
      password,
      code: await codeAt(app, totpSecret),
    });
    expect(signedIn.statusCode).toBe(200);
    const [row] = await app.db.select().from(staffMembers).where(eq(staffMembers.email, staff.email));
    expect(row?.totpSecret).not.toContain(totpSecret);
  });
});
