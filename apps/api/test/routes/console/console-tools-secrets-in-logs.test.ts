// Secrets never in logs (design §11): a verifier key made in the console is in its creation's answer and
// nowhere in the log, not when it is created, listed, used at the verification API or revoked; a staff
// member invited from the console has no setup link in the log either.
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { consoleTools } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { verified, verifyCall } from '../../helpers/verification.ts';
import { answerOf, consoleCall, signedInStaff } from './console-tools-helpers.ts';
import { setupLinkToken, uniqueStaffEmail } from './staff-helpers.ts';

// Logging everything at trace is slow on a busy machine: more time than a test's default.
it('logs no verifier key nor setup link handled by the console', { timeout: 60_000 }, async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const clock = testClock();
  const app = await buildTestApp({ clock, env: { LOG_LEVEL: 'trace' }, logStream: stream });
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

  const logged = lines.join('');
  expect(logged).toContain(consoleTools.createVerifierKey.path);
  expect(logged).toContain(consoleTools.createStaff.path);
  expect(logged).not.toContain(created.secret);
  expect(logged).not.toContain(setupToken);
});
