import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, passwordTooCommonMessage, userSchema } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import {
  callTo,
  COMMON_PASSWORDS,
  bearer,
  getUser,
  login,
  refresh,
  registerUser,
  strongPassword,
} from '../../helpers/factories.ts';

const app = await buildTestApp();

const updateUser = (token: string, payload: object) =>
  app.inject({ ...callTo(users.updateUser), headers: bearer(token), payload });

describe('GET /api/GetUser', () => {
  it('answers the user of the bearer token', async () => {
    const { token, registration } = await registerUser(app);
    const response = await getUser(app, token);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'companyAccountStatus',
        'companyName',
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'lastName',
        'phone',
        'role',
        'suspension',
        'trialEndsAt',
        'trialReminders',
        'upgradeRequestedAt',
        'username',
      ].sort(),
    );
    expect(response.json().email).toBe(registration.email);
    expect(response.json().suspension).toBeNull();
  });

  it('answers exactly the User schema, though written without it (nothing added, nothing mistyped)', async () => {
    const { token } = await registerUser(app);
    const answer: unknown = (await getUser(app, token)).json();
    // A parse keeps only the schema's fields and checks each: equal means nothing more, nothing wrong.
    expect(userSchema.strict().parse(answer)).toEqual(answer);
  });
});

describe('PUT /api/UpdateUser', () => {
  it('changes only the given fields', async () => {
    const { token } = await registerUser(app);
    const response = await updateUser(token, { firstName: '  Grace ', companyName: 'Hopper Labs' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Lovelace',
      companyName: 'Hopper Labs',
    });
    expect((await getUser(app, token)).json()).toMatchObject({
      firstName: 'Grace',
      companyName: 'Hopper Labs',
    });
  });

  it.each([
    [{ companyAccountStatus: 'paid' }, 'companyAccountStatus'],
    [{ email: 'new@example.com' }, 'email'],
    [{ firstName: 'Grace', id: 'someone-else' }, 'id'],
  ])('rejects unknown fields with 400 (no mass assignment): %j', async (payload, field) => {
    const { token } = await registerUser(app);
    const response = await updateUser(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ERROR_CODES.validation);
    expect(response.json().details).toContainEqual({ field, message: `${field} is not allowed` });
    expect((await getUser(app, token)).json()).toMatchObject({
      firstName: 'Ada',
      companyAccountStatus: 'trial',
    });
  });

  it.each([
    [{ newPassword: 'another-password' }, 'currentPassword', MESSAGES.currentPasswordRequired],
    [{ currentPassword: 'whatever-password' }, 'newPassword', MESSAGES.newPasswordRequired],
    [{ firstName: 'G' }, 'firstName', 'First Name length must be at least 2 characters long'],
  ])('answers 400 with the domain message for %j', async (payload, field, message) => {
    const { token } = await registerUser(app);
    const response = await updateUser(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('answers 400 wrong_password for a wrong current password and changes nothing', async () => {
    const { token, registration } = await registerUser(app);
    const response = await updateUser(token, {
      firstName: 'Grace',
      currentPassword: 'not-my-password',
      newPassword: 'new-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: ERROR_CODES.wrongPassword,
      message: 'The current password is incorrect.',
    });
    expect((await getUser(app, token)).json().firstName).toBe('Ada');
    expect((await login(app, registration.email, registration.password)).statusCode).toBe(200);
  });

  it.each(COMMON_PASSWORDS)(
    'answers 400 on the newPassword field for the common password %j and changes nothing',
    async (newPassword) => {
      const { token, registration } = await registerUser(app);
      const other = (await login(app, registration.email, registration.password)).json().token;
      const response = await updateUser(token, {
        firstName: 'Grace',
        currentPassword: registration.password,
        newPassword,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: ERROR_CODES.validation,
        message: passwordTooCommonMessage,
        details: [{ field: 'newPassword', message: passwordTooCommonMessage }],
      });
      expect((await getUser(app, other)).json().firstName).toBe('Ada');
      expect((await login(app, registration.email, registration.password)).statusCode).toBe(200);
    },
  );

  it('accepts a new password that is not on the list', async () => {
    const { token, registration } = await registerUser(app);
    const newPassword = strongPassword();
    const response = await updateUser(token, { currentPassword: registration.password, newPassword });
    expect(response.statusCode).toBe(200);
    expect((await login(app, registration.email, newPassword)).statusCode).toBe(200);
  });

  it('a password change signs out every other session and keeps the current one', async () => {
    const { token, registration, refreshCookie } = await registerUser(app);
    const other = (await login(app, registration.email, registration.password)).json().token;
    const response = await updateUser(token, {
      currentPassword: registration.password,
      newPassword: 'changed-password',
    });
    expect(response.statusCode).toBe(200);
    expect((await getUser(app, other)).statusCode).toBe(401);
    expect((await getUser(app, token)).statusCode).toBe(200);
    expect((await refresh(app, refreshCookie)).statusCode).toBe(200);
    expect((await login(app, registration.email, registration.password)).statusCode).toBe(401);
    expect((await login(app, registration.email, 'changed-password')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ ...callTo(users.updateUser), payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/CreateUser', () => {
  it('answers 409 when the account already has a profile', async () => {
    const { token } = await registerUser(app);
    const response = await app.inject({
      ...callTo(users.createUser),
      headers: bearer(token),
      payload: { firstName: 'Ada', lastName: 'King', companyName: 'Engines', phone: '5551234567' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ERROR_CODES.conflict);
  });

  it('answers 400 with the welcome form messages', async () => {
    const { token } = await registerUser(app);
    const response = await app.inject({
      ...callTo(users.createUser),
      headers: bearer(token),
      payload: { firstName: 'Ada', lastName: 'King', companyName: 'Engines', phone: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'phone', message: 'Phone is not allowed to be empty' },
    ]);
  });
});
