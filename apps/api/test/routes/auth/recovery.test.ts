import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, passwordTooCommonMessage } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { FORGOT_PASSWORD_ANSWER } from '../../../src/routes/auth/recovery.ts';
import { TEST_APP_URL, buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import {
  callTo,
  COMMON_PASSWORDS,
  bearer,
  getUser,
  latestEmail,
  linkParam,
  login,
  mailbox,
  refresh,
  registerUser,
  strongPassword,
} from '../../helpers/factories.ts';

const clock = testClock(new Date('2026-03-01T10:00:00Z'));
const app = await buildTestApp({ clock });

const forgot = (email: string) => app.inject({ ...callTo(auth.forgotPassword), payload: { email } });
const reset = (resetToken: string, password: string) =>
  app.inject({ ...callTo(auth.resetPassword), payload: { resetToken, password } });
const verify = (token: string) => app.inject({ ...callTo(auth.verifyEmail), payload: { token } });

async function resetTokenFor(email: string): Promise<string> {
  const before = await mailbox(app);
  expect((await forgot(email)).statusCode).toBe(200);
  const message = await latestEmail(app, email, /Reset your DataFeeds password/, before);
  expect(message.links[0]).toMatch(new RegExp(`^${TEST_APP_URL}/reset-password\\?resetToken=`));
  return linkParam(message, 'resetToken');
}

describe('POST /api/forgotPassword', () => {
  it('gives the same answer for known and unknown emails and mails only the known one', async () => {
    const { registration } = await registerUser(app);
    const before = (await mailbox(app)).length;
    const known = await forgot(registration.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await latestEmail(app, registration.email, /Reset your DataFeeds password/);
    const messages = await mailbox(app);
    expect(messages.length).toBe(before + 1);
    expect(messages[0]).toMatchObject({ to: registration.email, subject: 'Reset your DataFeeds password' });
    expect(messages[0]?.text).toContain(messages[0]?.links[0]);
    expect(messages[0]?.html).toContain('DataFeeds');
  });

  it('answers 400 for a malformed email', async () => {
    const response = await forgot('nope');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'email', message: 'Email must be a valid email' }]);
  });
});

describe('POST /api/resetPassword', () => {
  it('sets the new password, signs out every session and works only once', async () => {
    const { registration, token, refreshCookie } = await registerUser(app);
    const other = (await login(app, registration.email, registration.password)).json().token;
    const resetToken = await resetTokenFor(registration.email);

    const response = await reset(resetToken, 'brand-new-password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.passwordResetSuccess });
    for (const old of [token, other]) expect((await getUser(app, old)).statusCode).toBe(401);
    expect((await refresh(app, refreshCookie)).statusCode).toBe(401);
    expect((await login(app, registration.email, registration.password)).statusCode).toBe(401);
    expect((await login(app, registration.email, 'brand-new-password')).statusCode).toBe(200);

    const again = await reset(resetToken, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: ERROR_CODES.invalidToken });
  });

  it.each(COMMON_PASSWORDS)(
    'answers 400 on the password field for the common password %j and keeps the link usable',
    async (password) => {
      const { registration, token } = await registerUser(app);
      const resetToken = await resetTokenFor(registration.email);
      const refused = await reset(resetToken, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: ERROR_CODES.validation,
        message: passwordTooCommonMessage,
        details: [{ field: 'password', message: passwordTooCommonMessage }],
      });
      expect((await getUser(app, token)).statusCode).toBe(200);
      expect((await login(app, registration.email, password)).statusCode).toBe(401);

      const accepted = strongPassword();
      expect((await reset(resetToken, accepted)).statusCode).toBe(200);
      expect((await login(app, registration.email, accepted)).statusCode).toBe(200);
    },
  );

  it('refuses a token older than one hour', async () => {
    const { registration } = await registerUser(app);
    const resetToken = await resetTokenFor(registration.email);
    clock.advance(60 * 60 + 1);
    const response = await reset(resetToken, 'too-late-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ERROR_CODES.invalidToken);
  });

  it('refuses a token superseded by a newer one', async () => {
    const { registration } = await registerUser(app);
    const older = await resetTokenFor(registration.email);
    const newer = await resetTokenFor(registration.email);
    expect((await reset(older, 'older-password')).statusCode).toBe(400);
    expect((await reset(newer, 'newer-password')).statusCode).toBe(200);
  });

  it.each([
    ['an unknown token', { resetToken: 'made-up', password: 'whatever-1' }, 400, ERROR_CODES.invalidToken],
    ['a short password', { resetToken: 'made-up', password: '123' }, 400, ERROR_CODES.validation],
    ['no token', { password: 'whatever1' }, 400, ERROR_CODES.validation],
  ])('answers %s with 400', async (_case, payload, status, code) => {
    const response = await app.inject({ ...callTo(auth.resetPassword), payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(code);
  });
});

describe('email verification', () => {
  it('sends a verification link on registration that works once', async () => {
    const { registration, token } = await registerUser(app);
    const message = await latestEmail(app, registration.email, /Verify your DataFeeds email/);
    expect(message.links[0]).toMatch(new RegExp(`^${TEST_APP_URL}/verify-email\\?token=`));
    const verificationToken = linkParam(message, 'token');

    const response = await verify(verificationToken);
    expect(response.statusCode).toBe(200);
    expect((await getUser(app, token)).json().emailVerified).toBe(true);
    const again = await verify(verificationToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ERROR_CODES.invalidToken);
  });

  it('expires the link after 48 hours; a resent link works and supersedes it', async () => {
    const { registration } = await registerUser(app);
    const first = linkParam(await latestEmail(app, registration.email, /Verify/), 'token');
    clock.advance(48 * 3600 + 1);
    expect((await verify(first)).statusCode).toBe(400);
    const token = (await login(app, registration.email, registration.password)).json().token;

    const resend = await app.inject({ ...callTo(auth.resendVerification), headers: bearer(token) });
    expect(resend.statusCode).toBe(200);
    const second = linkParam(await latestEmail(app, registration.email, /Verify/), 'token');
    expect(second).not.toBe(first);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('resend is a no-op once verified and needs a signed-in user', async () => {
    const { registration, token } = await registerUser(app);
    await verify(linkParam(await latestEmail(app, registration.email, /Verify/), 'token'));
    const before = (await mailbox(app)).length;
    const response = await app.inject({ ...callTo(auth.resendVerification), headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your email address is already verified.' });
    expect((await mailbox(app)).length).toBe(before);
    expect((await app.inject(callTo(auth.resendVerification))).statusCode).toBe(401);
  });

  it('rate limits resending', async () => {
    const limited = await buildTestApp({ clock, rateLimits: { resendVerification: 2 } });
    const { token } = await registerUser(limited);
    const send = () => limited.inject({ ...callTo(auth.resendVerification), headers: bearer(token) });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().error).toBe(ERROR_CODES.rateLimited);
  });
});

describe('request rate limits', () => {
  it.each([
    [
      'forgotPassword',
      auth.forgotPassword.path,
      { forgotPassword: 2 },
      () => ({ email: 'someone@example.com' }),
    ],
    ['register', auth.register.path, { register: 2 }, () => ({})],
  ] as const)('%s answers 429 with Retry-After past its limit', async (_name, url, rateLimits, payload) => {
    const limited = await buildTestApp({ rateLimits });
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      last = await limited.inject({ method: 'POST', url, payload: payload() });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(2)).toEqual([429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
