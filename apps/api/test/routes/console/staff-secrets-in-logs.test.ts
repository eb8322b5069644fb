// Secrets never in logs (design §11 "Staff accounts"): a whole setup and sign-in, logged at trace, shows
// neither the setup link's token, nor the TOTP secret, nor a recovery code, nor the password.
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { codeAt, consoleLogin, setUpStaff } from './staff-helpers.ts';

it('logs no setup token, TOTP secret, recovery code or password of a staff member', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const clock = testClock();
  const app = await buildTestApp({ clock, env: { LOG_LEVEL: 'trace' }, logStream: stream });
  const staff = await setUpStaff(app);
  clock.advance(30);
  expect((await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).statusCode).toBe(200);
  expect((await consoleLogin(app, { ...staff, code: staff.recoveryCodes[0] ?? '' })).statusCode).toBe(200);

  const logged = lines.join('');
  expect(logged).toContain('/api/console/setup');
  for (const secret of [staff.secret, staff.password, ...staff.recoveryCodes]) {
    expect(logged).not.toContain(secret);
  }
  expect(logged).not.toMatch(/setup\?token=[A-Za-z0-9_-]{20,}/);
});
