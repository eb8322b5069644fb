// The console's second factor (design §11 "Staff accounts"): a TOTP code (RFC 6238, 30-second steps) of
// the current step or of the one just before or after it (clocks drift a little) signs in, a code two
// steps away does not — a window that took none or two either side would pass a test that only ever
// types the current code. And a code is spent once even when the same fresh code arrives in several
// sign-ins at the same moment: the step is claimed in the database (nothing else stands between them),
// so exactly one of them signs in, on PGlite and on PostgreSQL alike.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { consoleLogin, setUpStaff, type SetUpStaff } from './staff-sessions.ts';

const STEP_SECONDS = 30;

const clock = testClock(new Date('2026-05-04T10:00:07Z'));
const app = await buildTestApp({ clock });

/** The code an authenticator shows `steps` steps from the app's clock (negative: before it). */
const codeSteps = (staff: SetUpStaff, steps: number) =>
  generate({
    secret: staff.secret,
    epoch: Math.floor(clock.now().getTime() / 1000) + steps * STEP_SECONDS,
  });

/** A member whose setup code (its step counts as used) lies well behind every code the test types. */
async function memberTenStepsOn(): Promise<SetUpStaff> {
  const staff = await setUpStaff(app);
  clock.advance(10 * STEP_SECONDS);
  return staff;
}

describe('the TOTP window', () => {
  it('accepts the code of the step before and of the step after the current one', async () => {
    const staff = await memberTenStepsOn();
    const before = await consoleLogin(app, { ...staff, code: await codeSteps(staff, -1) });
    expect(before.statusCode, before.body).toBe(200);
    const after = await consoleLogin(app, { ...staff, code: await codeSteps(staff, 1) });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('refuses the code of two steps before and of two steps after, then takes the current one', async () => {
    const staff = await memberTenStepsOn();
    const current = await codeSteps(staff, 0);
    for (const steps of [-2, 2]) {
      const code = await codeSteps(staff, steps);
      // One in a million: two steps' codes can be the same six digits; that case proves nothing.
      if (code === current) continue;
      const answer = await consoleLogin(app, { ...staff, code });
      expect(answer.statusCode, `a code ${steps} steps away: ${answer.body}`).toBe(401);
    }
    // Two refusals are below the lockout: the account itself still signs in.
    expect((await consoleLogin(app, { ...staff, code: current })).statusCode).toBe(200);
  });
});

describe('one fresh code in simultaneous sign-ins', () => {
  // Four: fewer than the five wrong codes that lock the account, so every refusal is the code's.
  const SIMULTANEOUS = 4;

  it(`signs in exactly one of ${SIMULTANEOUS} sign-ins sent at once with the same code`, async () => {
    const staff = await memberTenStepsOn();
    const code = await codeSteps(staff, 0);
    const answers = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, () => consoleLogin(app, { ...staff, code })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: SIMULTANEOUS - 1 }, () => 401)]);
  });
});
