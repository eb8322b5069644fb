// Secrets never in logs (design §11): a whole staff setup and sign-in, logged at trace, shows neither the
// setup link's token, nor the TOTP secret, nor a recovery code, nor the password ("Staff accounts"); a
// verifier key made in the console is in its creation's answer and nowhere in the log, not when it is
// created, listed, used at the verification API or revoked; a staff member invited from the console has
// no setup link in the log either. Each test ends with a positive control: the same secrets, logged at
// trace by a request the way a careless line would, are found in the capture, so "not in the log" is
// never the capture seeing nothing (a level or a destination that drops the lines a leak would be in).
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { consoleTools } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { verified, verifyCall } from '../../helpers/verification.ts';
import { answerOf, consoleCall } from './console-calls.ts';
import {
  codeAt,
  consoleLogin,
  setUpStaff,
  setupLinkToken,
  signedInStaff,
  uniqueStaffEmail,
} from './staff-sessions.ts';

const CONTROL_PATH = '/test/log-control';

/** An app of its own logging everything at trace; `logged()` is all it wrote so far. */
async function appLoggingAtTrace() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const clock = testClock();
  const app = await buildTestApp({
    clock,
    env: { LOG_LEVEL: 'trace' },
    logStream: stream,
    // The positive control's leak: a request logging what it was sent, at trace, in its message.
    extend: (instance) =>
      instance.post(CONTROL_PATH, async (request, reply) => {
        request.log.trace(`control: ${(request.body as { value: string }).value}`);
        return reply.code(204).send();
      }),
  });
  const logged = () => lines.join('');
  /** Fails unless each of `secrets`, once logged as a leak would log it, is in the capture. */
  async function expectCaptureSees(secrets: readonly string[]) {
    for (const value of secrets) {
      expect((await app.inject({ method: 'POST', url: CONTROL_PATH, payload: { value } })).statusCode).toBe(
        204,
      );
      expect(logged(), 'the positive control: a secret logged at trace is in the capture').toContain(value);
    }
  }
  return { clock, app, logged, expectCaptureSees };
}

// Logging everything at trace is slow on a busy machine: more time than a test's default.
it(
  'logs no setup token, TOTP secret, recovery code or password of a staff member',
  { timeout: 60_000 },
  async () => {
    const { clock, app, logged, expectCaptureSees } = await appLoggingAtTrace();
    const staff = await setUpStaff(app);
    clock.advance(30);
    expect((await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).statusCode).toBe(
      200,
    );
    expect((await consoleLogin(app, { ...staff, code: staff.recoveryCodes[0] ?? '' })).statusCode).toBe(200);

    const log = logged();
    expect(log).toContain('/api/console/setup');
    for (const secret of [staff.secret, staff.password, ...staff.recoveryCodes]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/setup\?token=[A-Za-z0-9_-]{20,}/);
    await expectCaptureSees([staff.secret, staff.password, ...staff.recoveryCodes]);
  },
);

it('logs no verifier key nor setup link handled by the console', { timeout: 60_000 }, async () => {
  const { clock, app, logged, expectCaptureSees } = await appLoggingAtTrace();
  const admin = await signedInStaff(app, clock, 'admin');

  const created = answerOf(
    consoleTools.createVerifierKey,
    await consoleCall(app, consoleTools.createVerifierKey, admin.token, { payload: { name: 'Logged feed' } }),
    201,
  );
  const secret = (await createdClient(app, (await verifiedUser(app)).token)).clientSecret;
  expect(await verified(app, created.secret, { secret })).toMatchObject({ code: 'VALID' });
  answerOf(consoleTools.listVerifierKeys, await consoleCall(app, consoleTools.listVerifierKeys, admin.token));
  const revoked = await consoleCall(app, consoleTools.revokeVerifierKey, admin.token, {
    payload: { id: created.key.id },
  });
  expect(revoked.statusCode).toBe(200);
  expect((await verifyCall(app, created.secret, { secret })).statusCode).toBe(401);

  const invited = uniqueStaffEmail();
  const invitation = await consoleCall(app, consoleTools.createStaff, admin.token, {
    payload: { email: invited, role: 'support' },
  });
  expect(invitation.statusCode).toBe(201);
  const setupToken = await setupLinkToken(app, invited);

  const log = logged();
  expect(log).toContain(consoleTools.createVerifierKey.path);
  expect(log).toContain(consoleTools.createStaff.path);
  expect(log).not.toContain(created.secret);
  expect(log).not.toContain(setupToken);
  await expectCaptureSees([created.secret, setupToken]);
});
