// A staff password is held to more than a customer's (design §11 "Staff accounts"): at least 12
// characters and not on the common-password list, refused with the sentence the setup page shows.
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  STAFF_MESSAGES,
  STAFF_PASSWORD_MIN_LENGTH,
  passwordTooCommonMessage,
} from '@datafeeds/domain';
import { OPERATOR_CONTEXT } from '../../../src/plugins/app/audit/audit-log.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { codeAt, completeSetup, getSetup, setupLinkToken, uniqueStaffEmail } from './staff-sessions.ts';

const app = await buildTestApp({ clock: testClock() });

/** A new admin's setup link and the code its authenticator shows now. */
async function newAdminLink() {
  const email = uniqueStaffEmail();
  await app.staff.create(email, 'admin', OPERATOR_CONTEXT);
  const token = await setupLinkToken(app, email);
  const { totpSecret } = (await getSetup(app, token)).json<{ totpSecret: string }>();
  return { token, code: await codeAt(app, totpSecret) };
}

describe('a staff password', () => {
  it('is refused under 12 characters, though a customer could use it', async () => {
    expect(STAFF_PASSWORD_MIN_LENGTH).toBe(12);
    const { token, code } = await newAdminLink();
    for (const password of ['aaaaaa', 'Eleven-char']) {
      const response = await completeSetup(app, { token, password, code });
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({
        error: ERROR_CODES.validation,
        details: [{ field: 'password', message: STAFF_MESSAGES.passwordTooShort }],
      });
    }
    expect(STAFF_MESSAGES.passwordTooShort).toBe('A staff password needs at least 12 characters.');
    // The link was not spent: 12 characters that are not common set the account up.
    const done = await completeSetup(app, { token, password: 'Twelve-chars', code });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('is refused when it is common, however long', async () => {
    const { token, code } = await newAdminLink();
    const response = await completeSetup(app, { token, password: 'qwerty123456', code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ field: 'password', message: passwordTooCommonMessage }],
    });
  });
});
