import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  profileFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  tokenRequestSchema,
  welcomeSchema,
} from './validation.ts';
import { updateUserRequestSchema } from './api.ts';

/** The first message reported for a field, or undefined when the field is valid. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const validRegistration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Analytical Engines',
  email: 'ada@example.com',
  username: 'ada.l',
  password: 'secret1',
  phone: '',
  userHasAgreedToTermsOfService: true,
  userHasReadPrivacyPolicy: true,
};

describe('login (spec §5)', () => {
  it('requires a valid email and a password', () => {
    expect(messageFor(loginSchema, { email: '', password: 'x' }, 'email')).toBe(
      'Email is not allowed to be empty',
    );
    expect(messageFor(loginSchema, { email: 'nope', password: 'x' }, 'email')).toBe(
      'Email must be a valid email',
    );
    expect(messageFor(loginSchema, { email: 'a@b.co', password: '' }, 'password')).toBe(
      'Password is not allowed to be empty',
    );
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
  it('does not check the top-level domain against a list', () => {
    expect(loginSchema.safeParse({ email: 'dev@feeds.notarealtld', password: 'x' }).success).toBe(true);
  });
});

describe('registration (spec §5)', () => {
  it('accepts a complete form and trims names', () => {
    const parsed = registerSchema.parse({ ...validRegistration, firstName: '  Ada  ' });
    expect(parsed.firstName).toBe('Ada');
  });
  it.each([
    ['firstName', '', 'First Name is not allowed to be empty'],
    ['firstName', ' A ', 'First Name length must be at least 2 characters long'],
    ['lastName', 'L', 'Last Name length must be at least 2 characters long'],
    ['companyName', 'C', 'Company Name length must be at least 2 characters long'],
    ['email', 'ada@', 'Email must be a valid email'],
    ['username', ' abc ', 'Username length must be at least 4 characters long'],
    ['password', '12345', 'Password length must be at least 6 characters long'],
    ['phone', '12345', 'Phone length must be at least 10 characters long'],
    ['phone', '1234567890123456', 'Phone length must be less than or equal to 15 characters long'],
    ['phone', 'call me maybe', 'Phone may contain only digits, spaces and + - ( ) .'],
    ['phone', '514-555-O1OO', 'Phone may contain only digits, spaces and + - ( ) .'],
    ['userHasAgreedToTermsOfService', false, 'You must agree to the Terms of Service'],
    ['userHasReadPrivacyPolicy', false, 'You must read the Privacy Policy'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messageFor(registerSchema, { ...validRegistration, [field]: value }, field)).toBe(message);
  });
  it('phone is optional', () => {
    expect(registerSchema.safeParse({ ...validRegistration, phone: '' }).success).toBe(true);
    const { phone: _phone, ...withoutPhone } = validRegistration;
    expect(registerSchema.safeParse(withoutPhone).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegistration, phone: ' 5145550100 ' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegistration, phone: '+1 514-555.0100' }).success).toBe(true);
  });
});

describe('email limits (spec §9)', () => {
  const local = (n: number) => 'a'.repeat(n);
  it.each([
    [`${local(64)}@example.com`, true],
    [`${local(65)}@example.com`, false],
    [`a@${'b'.repeat(63)}.com`, true],
    [`a@${'b'.repeat(64)}.com`, false],
    [`${local(60)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`, true],
    // 64 + 1 + 3 × 64 + 3 = 260 characters: over the 254 limit.
    [`${local(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`, false],
    ['user@localhost', false],
    ['first.last+tag@sub.example.org', true],
    ['.dot@example.com', false],
    ['two..dots@example.com', false],
    ['user@-example.com', false],
    ['user@example.123', false],
    ['é@example.com', false],
  ])('%s valid: %s', (email, valid) => {
    expect(forgotPasswordSchema.safeParse({ email }).success).toBe(valid);
  });
});

describe('reset password (spec §5)', () => {
  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(
      messageFor(
        resetPasswordFormSchema,
        { password: 'secret1', confirmPassword: 'secret2' },
        'confirmPassword',
      ),
    ).toBe('Passwords do not match');
    expect(
      messageFor(resetPasswordFormSchema, { password: 'short', confirmPassword: 'short' }, 'password'),
    ).toBe('Password length must be at least 6 characters long');
    expect(
      resetPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success,
    ).toBe(true);
  });
});

describe('welcome (spec §5)', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', companyName: 'AE', phone: '5145550100' };
  it.each([
    ['firstName', '', 'First Name is not allowed to be empty'],
    ['lastName', 'L', 'Last Name length must be at least 2 characters long'],
    ['companyName', '', 'Company Name is not allowed to be empty'],
    ['phone', '123', 'Phone length must be at least 10 characters long'],
    ['phone', '51455501OO', 'Phone may contain only digits, spaces and + - ( ) .'],
    ['phone', '', 'Phone is not allowed to be empty'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messageFor(welcomeSchema, { ...valid, [field]: value }, field)).toBe(message);
  });
  it('accepts a complete form', () => expect(welcomeSchema.safeParse(valid).success).toBe(true));
});

describe('profile (spec §5)', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'AE',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
  it('accepts names only', () => expect(profileFormSchema.safeParse(valid).success).toBe(true));
  it("says 'Current password is required' for a new password alone", () => {
    const input = { ...valid, newPassword: 'secret2', confirmPassword: 'secret2' };
    expect(messageFor(profileFormSchema, input, 'currentPassword')).toBe('Current password is required');
  });
  it("says 'New password is required in order to change passwords' for a current password alone", () => {
    expect(messageFor(profileFormSchema, { ...valid, currentPassword: 'secret1' }, 'newPassword')).toBe(
      'New password is required in order to change passwords',
    );
  });
  it('checks lengths and the confirmation', () => {
    expect(
      messageFor(
        profileFormSchema,
        { ...valid, currentPassword: '123', newPassword: 'secret2', confirmPassword: 'secret2' },
        'currentPassword',
      ),
    ).toBe('Current Password length must be at least 6 characters long');
    expect(
      messageFor(
        profileFormSchema,
        { ...valid, currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'other' },
        'confirmPassword',
      ),
    ).toBe('Passwords do not match');
    expect(messageFor(profileFormSchema, { ...valid, firstName: 'A' }, 'firstName')).toBe(
      'First Name length must be at least 2 characters long',
    );
  });
});

describe('UpdateUser body', () => {
  it('takes only the profile fields', () => {
    expect(updateUserRequestSchema.safeParse({ firstName: 'Ada' }).success).toBe(true);
    expect(
      updateUserRequestSchema.safeParse({ firstName: 'Ada', companyAccountStatus: 'paid' }).success,
    ).toBe(false);
    expect(updateUserRequestSchema.safeParse({ email: 'x@y.co' }).success).toBe(false);
  });
  it('needs the password pair together', () => {
    expect(messageFor(updateUserRequestSchema, { newPassword: 'secret2' }, 'currentPassword')).toBe(
      'Current password is required',
    );
    expect(messageFor(updateUserRequestSchema, { currentPassword: 'secret1' }, 'newPassword')).toBe(
      'New password is required in order to change passwords',
    );
  });
});

describe('token request (spec §5)', () => {
  const valid = {
    label: 'My feed',
    apiType: 'rest',
    liveGame: true,
    preGame: false,
    postGame: false,
    sports: ['nfl'],
  };
  it('accepts a valid request', () => expect(tokenRequestSchema.safeParse(valid).success).toBe(true));
  it.each([
    ['label', { label: ' a ' }, 'Token Nickname length must be at least 2 characters long'],
    ['label', { label: '' }, 'Token Nickname is not allowed to be empty'],
    ['sports', { sports: [] }, 'You must select at least one Sport'],
    ['liveGame', { liveGame: false }, 'At least one of Live Feed, Pre Game, or Post Game must selected'],
    ['apiType', { apiType: 'x' }, 'API Type length must be at least 2 characters long'],
    ['sports', { apiType: 'graphql', sports: ['nfl', 'nba'] }, 'NBA is not offered through the GraphQL API'],
    ['sports', { sports: ['tennis'] }, 'TENNIS is not offered through the REST API'],
    [
      'sports',
      { liveGame: false, preGame: true, sports: ['soccer'] },
      'SOCCER has no feed for the selected timing; add Live Feed or Post Game',
    ],
    ['sports.0', { sports: ['curling'] }, 'Unknown sport'],
  ])('%s with %o says %s', (field, change, message) => {
    expect(messageFor(tokenRequestSchema, { ...valid, ...change }, field)).toBe(message);
  });
});
