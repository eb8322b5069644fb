// Staff accounts of the provider console (design §11 "Staff accounts"): separate from customer accounts,
// set up through a single-use link, signed in with password and a TOTP code (RFC 6238).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { MESSAGES, genericMessages } from './messages.ts';
import { FIELD_LABELS, emailField } from './validation.ts';

export const STAFF_ROLES = ['support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A setup link works once, for 48 hours. */
export const STAFF_SETUP_TTL_SECONDS = 48 * 60 * 60;
/** A staff session lasts 8 hours from sign-in, whatever is refreshed meanwhile ("no remember me"). */
export const STAFF_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** Wrong codes (or passwords) on one staff account before it is locked, and for how long. */
export const STAFF_SIGN_IN_FAILURE_LIMIT = 5;
export const STAFF_LOCKOUT_SECONDS = 15 * 60;
/**
 * A staff password opens every company's account, so it is held to more than a customer's (design §11
 * "Staff accounts"): 12 characters at least, and the server also refuses the common-password list.
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** One-time recovery codes given at setup, shown once. */
export const STAFF_RECOVERY_CODE_COUNT = 10;

/** Why a setup link cannot be used (GetStaffSetup's and CompleteStaffSetup's 404/410 `error` codes). */
export const STAFF_SETUP_PROBLEMS = ['setup_link_invalid', 'setup_link_expired', 'setup_link_used'] as const;
export type StaffSetupProblem = (typeof STAFF_SETUP_PROBLEMS)[number];

export const STAFF_MESSAGES = {
  setupLinkInvalid: 'This setup link is not valid. Ask an administrator for a new one.',
  setupLinkExpired: 'This setup link has expired. Ask an administrator for a new one.',
  setupLinkUsed: 'This setup link has already been used. Sign in, or ask an administrator for a new one.',
  wrongSetupCode: 'That code does not match. Enter the 6-digit code your authenticator app shows now.',
  signInRefused: 'Email, password or code is not correct.',
  staffDisabled: 'This staff account is disabled.',
  /** What the sign-in page says when an open console tab's session ended because of it. */
  signedOutDisabled:
    'Your staff account was disabled, so you were signed out. Ask an administrator to enable it again.',
  locked: 'Too many failed attempts: this account is locked for 15 minutes.',
  /** A refusal that leaves one attempt: the next failure locks the account (design §11). */
  signInRefusedLastAttempt:
    'Email, password or code is not correct. One more failed attempt locks this account for 15 minutes.',
  signInRefusedNowLocked:
    'Email, password or code is not correct. Too many failed attempts: this account is locked for 15 minutes.',
  passwordTooShort: `A staff password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
  /** The rule, shown under the field before anything is typed. */
  passwordRule: `At least ${STAFF_PASSWORD_MIN_LENGTH} characters, and not a common password.`,
} as const;

export const STAFF_SETUP_PROBLEM_MESSAGES: Readonly<Record<StaffSetupProblem, string>> = {
  setup_link_invalid: STAFF_MESSAGES.setupLinkInvalid,
  setup_link_expired: STAFF_MESSAGES.setupLinkExpired,
  setup_link_used: STAFF_MESSAGES.setupLinkUsed,
};

const setupTokenField = z.string().trim().min(1).max(200);

/** The code of an authenticator app: 6 digits (spaces the app shows between groups are dropped). */
const totpCodeField = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code of your authenticator app.'));

/** A staff member's new password (the setup link's): 12 to 128 characters, never trimmed. */
export const staffPasswordField = z
  .string({ error: genericMessages.required(FIELD_LABELS.password) })
  .min(1, genericMessages.empty(FIELD_LABELS.password))
  .min(STAFF_PASSWORD_MIN_LENGTH, STAFF_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, genericMessages.max(FIELD_LABELS.password, PASSWORD_MAX_LENGTH));

export const staffSetupQuerySchema = z.object({ token: setupTokenField });

/** What a setup link is for, with the authenticator secret to enrol (the link is the credential). */
export const staffSetupSchema = z
  .object({
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    /** The TOTP secret in base32, for typing into the app; `otpauthUri` is the same as a QR code. */
    totpSecret: z.string(),
    otpauthUri: z.string(),
  })
  .meta({ id: 'StaffSetup' });

export const completeStaffSetupRequestSchema = z.object({
  token: setupTokenField,
  password: staffPasswordField,
  code: totpCodeField,
});

/** The setup page's form: the staff password twice and the code, checked as the call checks them. */
export const staffSetupFormSchema = z
  .object({ password: staffPasswordField, confirmPassword: z.string(), code: totpCodeField })
  .refine((form) => form.password === form.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const staffRecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).length(STAFF_RECOVERY_CODE_COUNT) })
  .meta({ id: 'StaffRecoveryCodes' });

/** Sign-in: the code is the app's 6 digits or one of the recovery codes. */
export const consoleLoginRequestSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Please enter your password.').max(1024),
  code: z.string().trim().min(1, 'Enter the code of your authenticator app or a recovery code.').max(64),
});

export const staffMemberSchema = z
  .object({ id: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) })
  .meta({ id: 'StaffMember' });

export type StaffSetup = z.infer<typeof staffSetupSchema>;
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type ConsoleLoginRequest = z.input<typeof consoleLoginRequestSchema>;
