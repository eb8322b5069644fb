// The provider console's own tools (design §11 "Screens"): verifier keys, the email outbox, plans, staff
// accounts and the staff trail. A verifier key is shown once, at creation; the outbox never shows a
// message's body (links and secrets live there), only who it was for, its subject and what went wrong.
import { z } from 'zod';
import { auditEventSchema } from './audit.ts';
import { MAX_PLAN_DAILY_QUOTA, MAX_PLAN_RATE_PER_SECOND, PLAN_NAME_PATTERN } from './plans.ts';
import { STAFF_ROLES } from './staff.ts';
import { emailField } from './validation.ts';

export const CONSOLE_TOOL_MESSAGES = {
  verifierKeyNotFound: 'No verifier key with this id.',
  verifierKeyAlreadyRevoked: 'This verifier key is already revoked.',
  verifierKeyCreated: (name: string) => `Verifier key "${name}" created. Copy it now: it is shown once.`,
  verifierKeyLeaveTitle: 'Leave without copying the key?',
  verifierKeyLeaveText:
    'You have not copied the verifier key. It cannot be shown again: if you leave now, you will need to create another key for this data feed.',
  verifierKeyRevoked: (name: string) => `Verifier key "${name}" is revoked: data feeds using it are refused.`,
  emailNotFound: 'No failed or failing email with this id.',
  emailRetried: (to: string) => `The email to ${to} is queued to be sent again.`,
  planNameInvalid: 'A plan name is 2 to 40 lower-case letters, digits and dashes, starting with a letter.',
  planExists: 'A plan with this name already exists.',
  planNotFound: 'No plan with this name.',
  trialPlanFromEnvironment:
    "The trial plan's limits are set by TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND on the server.",
  planCreated: (name: string) => `Plan "${name}" created.`,
  planUpdated: (name: string) => `Plan "${name}" changed: data feeds apply it within a second.`,
  /** What editing a plan touches, said before it is saved. */
  planEditReaches: (companies: number) =>
    companies === 0
      ? 'No company is on this plan yet: the new limits apply to each company moved to it.'
      : `The data feeds apply the new limits within a second to ${
          companies === 1 ? 'the one company' : `all ${companies.toLocaleString('en-US')} companies`
        } on this plan.`,
  limitNotWholeNumber: (max: number) =>
    `Enter a whole number from 1 to ${max.toLocaleString('en-US')}, or leave it unlimited.`,
  staffNotFound: 'No staff member with this id.',
  staffExists: 'A staff member with this email already exists.',
  staffCreated: (email: string) => `${email} is invited: a setup link is on its way.`,
  staffDisabled: (email: string) => `${email} is disabled and signed out.`,
  staffAlreadyDisabled: 'This staff member is already disabled.',
  staffDisabledNoReset: 'This staff member is disabled: a disabled account is not set up again.',
  staffMfaReset: (email: string) => `${email} must set up again: a new setup link is on its way.`,
  staffEnabled: (email: string) => `${email} can sign in again.`,
  staffEnabledSetUpAgain: (email: string) =>
    `${email} is enabled: a new setup link is on its way, since the account was never set up.`,
  staffNotDisabled: 'This staff member is not disabled.',
  staffUnlocked: (email: string) => `${email} is unlocked and can try to sign in again.`,
  staffNotLocked: 'This staff member is not locked.',
  notYourself: 'You cannot disable your own account.',
} as const;

const idField = z.uuid('An id is a UUID.');

export const verifierKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, to tell keys apart (never the key). */
    keyStart: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'VerifierKey' });

export const verifierKeysSchema = z.object({ keys: z.array(verifierKeySchema) }).meta({ id: 'VerifierKeys' });

export const createVerifierKeyRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name the data feed this key is for.')
    .max(100)
    // As `verifier-key create` refuses them: a name is printed in the CLI's lists and the trail.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'A name is printable characters only.'),
});

/** The key itself is in this answer only: it is stored as a hash. */
export const createdVerifierKeySchema = z
  .object({ key: verifierKeySchema, secret: z.string(), message: z.string() })
  .meta({ id: 'CreatedVerifierKey' });

export const idRequestSchema = z.strictObject({ id: idField });

export const OUTBOX_VIEWS = ['failed', 'pending'] as const;
export const outboxQuerySchema = z.object({ status: z.enum(OUTBOX_VIEWS).default('failed') });

export const outboxEmailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(OUTBOX_VIEWS),
    attempts: z.number().int(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    /** What the mail server answered last (never the message's body). */
    lastError: z.string().nullable(),
    failedAt: z.string().nullable(),
  })
  .meta({ id: 'OutboxEmail' });

export const outboxSchema = z.object({ emails: z.array(outboxEmailSchema) }).meta({ id: 'Outbox' });

const limitField = (max: number) =>
  z
    .number({ error: CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(max) })
    .int({ error: CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(max) })
    .min(1, { error: CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(max) })
    .max(max, { error: CONSOLE_TOOL_MESSAGES.limitNotWholeNumber(max) })
    .nullable();

export const consolePlanSchema = z
  .object({
    name: z.string(),
    dailyQuota: z.number().int().nullable(),
    ratePerSecond: z.number().int().nullable(),
    /** Companies on the plan now. */
    companies: z.number().int(),
    /** The trial plan follows the server's environment and is not edited here. */
    editable: z.boolean(),
  })
  .meta({ id: 'ConsolePlan' });

export const consolePlansSchema = z
  .object({ plans: z.array(consolePlanSchema) })
  .meta({ id: 'ConsolePlans' });

const planNameField = z.string().trim().regex(PLAN_NAME_PATTERN, CONSOLE_TOOL_MESSAGES.planNameInvalid);

export const createPlanRequestSchema = z.strictObject({
  name: planNameField,
  dailyQuota: limitField(MAX_PLAN_DAILY_QUOTA),
  ratePerSecond: limitField(MAX_PLAN_RATE_PER_SECOND),
});

export const updatePlanRequestSchema = z.strictObject({
  name: planNameField,
  dailyQuota: limitField(MAX_PLAN_DAILY_QUOTA),
  ratePerSecond: limitField(MAX_PLAN_RATE_PER_SECOND),
});

export const STAFF_STATES = ['active', 'setup_pending', 'disabled'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

export const consoleStaffMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    state: z.enum(STAFF_STATES),
    /** Until when sign-in is refused after too many failed attempts; null when it is not. */
    lockedUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleStaffMember' });

export const consoleStaffSchema = z
  .object({ staff: z.array(consoleStaffMemberSchema) })
  .meta({ id: 'ConsoleStaff' });

export const createStaffRequestSchema = z.strictObject({ email: emailField, role: z.enum(STAFF_ROLES) });

export const staffTrailQuerySchema = z.object({
  /** One staff member's actions only. */
  staffId: idField.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(10).max(100).default(25),
});

/** The provider team's actions: staff in the console (named) and operator commands. */
export const staffTrailSchema = z
  .object({
    events: z.array(
      auditEventSchema.extend({
        /** The company acted on, if any (a verifier key or a staff account belongs to none). */
        company: z.object({ id: z.string(), name: z.string() }).nullable(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'StaffTrail' });

export type VerifierKey = z.infer<typeof verifierKeySchema>;
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
export type ConsolePlan = z.infer<typeof consolePlanSchema>;
export type ConsoleStaffMember = z.infer<typeof consoleStaffMemberSchema>;
export type StaffTrail = z.infer<typeof staffTrailSchema>;
