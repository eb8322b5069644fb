// Validation building blocks and the form schemas of spec §5, with their exact messages. The browser's
// form resolvers and the API's route schemas both use these.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { CLIENT_ID_PATTERN } from './credential-format.ts';
import { isValidEmail } from './email.ts';
import { MESSAGES, genericMessages } from './messages.ts';
import { sportsWithoutFeed } from './scopes.ts';
import { API_TYPES, API_TYPE_LABELS, SPORT_CODES, isSportOffered, sportDescriptionName } from './sports.ts';

export const FIELD_LABELS = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  companyName: 'Company Name',
  username: 'Username',
  phone: 'Phone',
  label: 'Token Nickname',
  apiType: 'API Type',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  resetToken: 'Reset token',
} as const;

const NAME_MAX_LENGTH = 100;
const USERNAME_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 64;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 15;

function requiredString(field: string) {
  return z.string({ error: genericMessages.required(field) });
}

/** Trimmed text that must be present and at least `min` characters long. */
export function trimmedText(field: string, min: number, max = NAME_MAX_LENGTH) {
  return requiredString(field)
    .trim()
    .min(1, genericMessages.empty(field))
    .min(min, genericMessages.min(field, min))
    .max(max, genericMessages.max(field, max));
}

export const emailField = requiredString(FIELD_LABELS.email)
  .trim()
  .min(1, genericMessages.empty(FIELD_LABELS.email))
  .refine(isValidEmail, genericMessages.email(FIELD_LABELS.email));

/** A new password: 6 to 128 characters, never trimmed. */
export function passwordField(field: string = FIELD_LABELS.password) {
  return requiredString(field)
    .min(1, genericMessages.empty(field))
    .min(PASSWORD_MIN_LENGTH, genericMessages.min(field, PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, genericMessages.max(field, PASSWORD_MAX_LENGTH));
}

/** A password that is either empty (not changing) or a valid password. */
function optionalPasswordField(field: string) {
  return requiredString(field)
    .max(PASSWORD_MAX_LENGTH, genericMessages.max(field, PASSWORD_MAX_LENGTH))
    .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
      error: genericMessages.min(field, PASSWORD_MIN_LENGTH),
    });
}

/** What a phone number is written with, here and abroad: digits and the usual separators, no letters. */
const PHONE_CHARACTERS = /^[0-9+\-(). ]*$/;

function phoneText(field: string) {
  return z
    .string()
    .trim()
    .min(PHONE_MIN_LENGTH, genericMessages.min(field, PHONE_MIN_LENGTH))
    .max(PHONE_MAX_LENGTH, genericMessages.max(field, PHONE_MAX_LENGTH))
    .regex(PHONE_CHARACTERS, genericMessages.phone(field));
}

/**
 * Optional phone: empty is fine, otherwise 10 to 15 characters after trimming. The phone branch comes
 * first because form resolvers report the first of equally close union branches.
 */
export const optionalPhoneField = z.union([phoneText(FIELD_LABELS.phone), z.string().trim().length(0)], {
  error: (issue) =>
    issue.code === 'invalid_union' && issue.errors[0]?.[0]?.message
      ? issue.errors[0][0].message
      : genericMessages.min(FIELD_LABELS.phone, PHONE_MIN_LENGTH),
});

export const loginSchema = z.object({
  email: emailField,
  password: requiredString(FIELD_LABELS.password).min(1, genericMessages.empty(FIELD_LABELS.password)),
});

export const registerSchema = z.object({
  firstName: trimmedText(FIELD_LABELS.firstName, 2),
  lastName: trimmedText(FIELD_LABELS.lastName, 2),
  companyName: trimmedText(FIELD_LABELS.companyName, 2),
  email: emailField,
  username: trimmedText(FIELD_LABELS.username, 4, USERNAME_MAX_LENGTH),
  password: passwordField(),
  phone: optionalPhoneField.optional().default(''),
  userHasAgreedToTermsOfService: z.literal(true, { error: MESSAGES.termsRequired }),
  userHasReadPrivacyPolicy: z.literal(true, { error: MESSAGES.privacyRequired }),
});

export const forgotPasswordSchema = z.object({ email: emailField });

/** The reset form: new password twice. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordField(),
    confirmPassword: requiredString(FIELD_LABELS.confirmPassword),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const welcomeSchema = z.object({
  firstName: trimmedText(FIELD_LABELS.firstName, 2),
  lastName: trimmedText(FIELD_LABELS.lastName, 2),
  companyName: trimmedText(FIELD_LABELS.companyName, 2),
  phone: requiredString(FIELD_LABELS.phone)
    .trim()
    .min(1, genericMessages.empty(FIELD_LABELS.phone))
    .pipe(phoneText(FIELD_LABELS.phone)),
});

/** The password pair rules shared by the profile form and the UpdateUser call. */
function checkPasswordPair(
  value: { currentPassword?: string | undefined; newPassword?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const current = value.currentPassword ?? '';
  const next = value.newPassword ?? '';
  if (next !== '' && current === '') {
    ctx.addIssue({ code: 'custom', message: MESSAGES.currentPasswordRequired, path: ['currentPassword'] });
  }
  if (current !== '' && next === '') {
    ctx.addIssue({ code: 'custom', message: MESSAGES.newPasswordRequired, path: ['newPassword'] });
  }
}

export const profileFormSchema = z
  .object({
    firstName: trimmedText(FIELD_LABELS.firstName, 2),
    lastName: trimmedText(FIELD_LABELS.lastName, 2),
    companyName: trimmedText(FIELD_LABELS.companyName, 2),
    currentPassword: optionalPasswordField(FIELD_LABELS.currentPassword),
    newPassword: optionalPasswordField(FIELD_LABELS.newPassword),
    confirmPassword: z.string(),
  })
  .superRefine((form, ctx) => {
    checkPasswordPair(form, ctx);
    if (form.confirmPassword !== form.newPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
    }
  });

const apiTypeField = z.enum(API_TYPES, {
  error: genericMessages.min(FIELD_LABELS.apiType, 2),
});

export const tokenRequestSchema = z
  .object({
    label: trimmedText(FIELD_LABELS.label, 2, LABEL_MAX_LENGTH),
    apiType: apiTypeField,
    liveGame: z.boolean(),
    preGame: z.boolean(),
    postGame: z.boolean(),
    sports: z.array(z.enum(SPORT_CODES, { error: 'Unknown sport' })).min(1, MESSAGES.sportRequired),
  })
  .superRefine((request, ctx) => {
    if (!request.liveGame && !request.preGame && !request.postGame) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.timingRequired, path: ['liveGame'] });
      return;
    }
    const notOffered = request.sports.filter((sport) => !isSportOffered(request.apiType, sport));
    if (notOffered.length > 0) {
      const names = notOffered.map(sportDescriptionName).join(', ');
      ctx.addIssue({
        code: 'custom',
        message: `${names} ${notOffered.length === 1 ? 'is' : 'are'} not offered through the ${API_TYPE_LABELS[request.apiType]} API`,
        path: ['sports'],
      });
      return;
    }
    const withoutFeed = sportsWithoutFeed(request);
    if (withoutFeed.length > 0) {
      const names = withoutFeed.map(sportDescriptionName).join(', ');
      ctx.addIssue({
        code: 'custom',
        message: `${names} ${withoutFeed.length === 1 ? 'has' : 'have'} no feed for the selected timing; add Live Feed or Post Game`,
        path: ['sports'],
      });
    }
  });

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterRequest = z.output<typeof registerSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type WelcomeInput = z.input<typeof welcomeSchema>;
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type TokenRequestInput = z.input<typeof tokenRequestSchema>;
export type TokenRequest = z.output<typeof tokenRequestSchema>;
export { checkPasswordPair };

/** Every route taking a client id validates it with this (credential-format.ts has the one shape). */
export const clientIdField = z
  .string()
  .regex(CLIENT_ID_PATTERN, 'Must be a client ID as the portal issues them.');
