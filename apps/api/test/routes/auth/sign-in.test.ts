import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ERROR_CODES,
  MESSAGES,
  TRIAL_DAYS,
  passwordTooCommonMessage,
} from '@datafeeds/domain';
import { auth, users } from '@datafeeds/domain/calls';
import { companies, identities } from '../../../src/db/schema.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testDatabase } from '../../helpers/test-database.ts';
import {
  callTo,
  COMMON_PASSWORDS,
  bearer,
  getUser,
  login,
  refresh,
  refreshCookieOf,
  registerUser,
  strongPassword,
  uniqueRegistration,
} from '../../helpers/factories.ts';

const app = await buildTestApp();

describe('POST /api/register', () => {
  it('creates identity, profile and a trial company, signs in and sets the refresh cookie', async () => {
    const registration = uniqueRegistration({ email: 'Mixed.Case@Example.com' });
    const response = await app.inject({ ...callTo(auth.register), payload: registration });
    expect(response.statusCode).toBe(201);
    const { token } = response.json<{ token: string }>();
    const claims = decodeJwt(token);
    expect(claims.sub).toEqual(expect.any(String));
    expect(claims.sid).toEqual(expect.any(String));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);

    const cookie = response.cookies.find((candidate) => candidate.name === 'df_refresh');
    expect(cookie).toMatchObject({ path: '/refresh', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.secure).toBeFalsy();

    const user = (await getUser(app, token)).json();
    expect(user).toMatchObject({
      email: 'mixed.case@example.com',
      username: registration.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Analytical Engines',
      phone: '5551234567',
      companyAccountStatus: 'trial',
      emailVerified: false,
    });
    const trialDays = (Date.parse(user.trialEndsAt) - Date.parse(user.createdAt)) / 86_400_000;
    expect(Math.round(trialDays)).toBe(TRIAL_DAYS);
  });

  it.each([
    ['email', (email: string) => email.toUpperCase(), ERROR_CODES.emailTaken, MESSAGES.emailTaken],
    [
      'username',
      (username: string) => username.toUpperCase(),
      ERROR_CODES.usernameTaken,
      MESSAGES.usernameTaken,
    ],
  ] as const)(
    'answers 409 when the %s is taken, whatever its case',
    async (field, variant, code, message) => {
      const first = await registerUser(app);
      const second = uniqueRegistration({ [field]: variant(first.registration[field]) });
      const response = await app.inject({ ...callTo(auth.register), payload: second });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: code, message, details: [{ field, message }] });
    },
  );

  it('names both fields when the email and the username are both taken', async () => {
    const first = await registerUser(app);
    const second = uniqueRegistration({
      email: first.registration.email,
      username: first.registration.username,
    });
    const response = await app.inject({ ...callTo(auth.register), payload: second });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: ERROR_CODES.emailTaken,
      message: MESSAGES.emailTaken,
      details: [
        { field: 'email', message: MESSAGES.emailTaken },
        { field: 'username', message: MESSAGES.usernameTaken },
      ],
    });
  });

  it.each([
    ['firstName', { firstName: ' A ' }, 'First Name length must be at least 2 characters long'],
    ['email', { email: 'not-an-email' }, 'Email must be a valid email'],
    ['username', { username: 'abc' }, 'Username length must be at least 4 characters long'],
    ['password', { password: '12345' }, 'Password length must be at least 6 characters long'],
    ['phone', { phone: '123' }, 'Phone length must be at least 10 characters long'],
    ['userHasAgreedToTermsOfService', { userHasAgreedToTermsOfService: false }, MESSAGES.termsRequired],
    ['userHasReadPrivacyPolicy', { userHasReadPrivacyPolicy: false }, MESSAGES.privacyRequired],
  ])('answers 400 with the domain message for a bad %s', async (field, override, message) => {
    const response = await app.inject({
      ...callTo(auth.register),
      payload: uniqueRegistration(override as never),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe(ERROR_CODES.validation);
    expect(body.details).toContainEqual({ field, message });
  });

  it.each(COMMON_PASSWORDS)(
    'answers 400 on the password field for the common password %j',
    async (password) => {
      const registration = uniqueRegistration({ password });
      const response = await app.inject({ ...callTo(auth.register), payload: registration });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: ERROR_CODES.validation,
        message: passwordTooCommonMessage,
        details: [{ field: 'password', message: passwordTooCommonMessage }],
      });
      const { db } = await testDatabase();
      expect(
        await db.select().from(identities).where(eq(identities.email, registration.email.toLowerCase())),
      ).toEqual([]);
    },
  );

  it('keeps the length rule first: a short common password gets the length message', async () => {
    const response = await app.inject({
      ...callTo(auth.register),
      payload: uniqueRegistration({ password: '12345' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'password', message: 'Password length must be at least 6 characters long' },
    ]);
  });

  it('accepts a password that is not on the list', async () => {
    const { registration } = await registerUser(app, { password: strongPassword() });
    expect((await login(app, registration.email, registration.password)).statusCode).toBe(200);
  });

  it('leaves no partial rows when the transaction fails', async () => {
    const { db } = await testDatabase();
    const registration = uniqueRegistration({ companyName: 'Doomed Co' });
    // Make the company insert fail inside the transaction, after the identity row was written.
    await db.execute(
      sql`alter table companies add constraint doomed_check check (name <> 'Doomed Co') not valid`,
    );
    try {
      const response = await app.inject({ ...callTo(auth.register), payload: registration });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: ERROR_CODES.internal, message: expect.any(String) });
    } finally {
      await db.execute(sql`alter table companies drop constraint doomed_check`);
    }
    expect(
      await db.select().from(identities).where(eq(identities.email, registration.email.toLowerCase())),
    ).toEqual([]);
    expect(await db.select().from(companies).where(eq(companies.name, 'Doomed Co'))).toEqual([]);
  });
});

describe('POST /api/login', () => {
  it('signs in case-insensitively and sets a refresh cookie', async () => {
    const { registration } = await registerUser(app);
    const response = await login(app, registration.email.toUpperCase(), registration.password);
    expect(response.statusCode).toBe(200);
    expect(refreshCookieOf(response)).not.toBe('');
    expect((await getUser(app, response.json().token)).statusCode).toBe(200);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const { registration } = await registerUser(app);
    const unknown = await login(app, 'nobody@example.com', 'whatever1');
    const wrong = await login(app, registration.email, 'wrong-password');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: ERROR_CODES.invalidCredentials,
        message: MESSAGES.loginFailed,
      });
    }
  });

  it('answers 400 with the domain messages for an empty form', async () => {
    const response = await app.inject({ ...callTo(auth.login), payload: { email: '', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'email', message: 'Email is not allowed to be empty' },
      { field: 'password', message: 'Password is not allowed to be empty' },
    ]);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session at once and clears the cookie', async () => {
    const { token, refreshCookie } = await registerUser(app);
    const response = await app.inject({ ...callTo(auth.logout), headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((cookie) => cookie.name === 'df_refresh');
    expect(cleared).toMatchObject({ value: '', path: '/refresh' });
    expect((await getUser(app, token)).statusCode).toBe(401);
    expect((await refresh(app, refreshCookie)).statusCode).toBe(401);
  });

  it('is idempotent without a valid token, even with an empty JSON body', async () => {
    const response = await app.inject({
      ...callTo(auth.logout),
      headers: { 'content-type': 'application/json', authorization: 'Bearer nonsense' },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('bearer authentication', () => {
  it.each([
    ['no header', {}],
    ['a malformed token', { authorization: 'Bearer abc.def.ghi' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 unauthorized with %s', async (_case, headers) => {
    const response = await app.inject({ ...callTo(users.getUser), headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: ERROR_CODES.unauthorized, message: expect.any(String) });
  });
});

describe('POST /refresh', () => {
  it('rotates the refresh token on every use and returns a new access token for the same session', async () => {
    const { token, refreshCookie } = await registerUser(app);
    const first = await refresh(app, refreshCookie);
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookieOf(first);
    expect(rotated).not.toBe(refreshCookie);
    expect(decodeJwt(first.json().token).sid).toBe(decodeJwt(token).sid);
    const second = await refresh(app, rotated);
    expect(second.statusCode).toBe(200);
    expect((await getUser(app, second.json().token)).statusCode).toBe(200);
  });

  it('revokes the whole family when an already-used refresh token comes back', async () => {
    const { token, refreshCookie } = await registerUser(app);
    const rotated = refreshCookieOf(await refresh(app, refreshCookie));
    const replay = await refresh(app, refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(ERROR_CODES.unauthorized);
    expect((await refresh(app, rotated)).statusCode).toBe(401);
    expect((await getUser(app, token)).statusCode).toBe(401);
  });

  it.each([
    ['no cookie', undefined],
    ['an unknown cookie', 'not-a-real-refresh-token'],
  ])('answers 401 with %s', async (_case, cookie) => {
    expect((await refresh(app, cookie)).statusCode).toBe(401);
  });

  it('marks the cookie Secure when the portal is served over https', async () => {
    const secureApp = await buildTestApp({ env: { APP_URL: 'https://portal.example' } });
    const response = await secureApp.inject({ ...callTo(auth.register), payload: uniqueRegistration() });
    expect(response.cookies.find((cookie) => cookie.name === 'df_refresh')?.secure).toBe(true);
  });
});
