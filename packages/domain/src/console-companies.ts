// The provider console's view of the customers (design §11 "Screens"): the overview's counts, the
// companies list (server-side search, filters, sort, pages), a company's page, the queues, and the
// actions on a company or token. Every action answers the sentence its snackbar shows.
import { z } from 'zod';
import { activityPageSchema } from './audit.ts';
import { PLAN_NAME_PATTERN, planDisplayName } from './plans.ts';
import { COMPANY_ROLES } from './policy.ts';
import { COMPANY_ACCOUNT_STATUSES, REINSTATED_STATUSES, TOKEN_STATUSES } from './status.ts';
import { clientIdField } from './validation.ts';

/** Trials ending within this many days are counted on the overview and offered as a filter. */
export const TRIAL_ENDING_SOON_DAYS = 7;
/** The most days one extension gives (the operator command's bound too). */
export const MAX_TRIAL_EXTENSION_DAYS = 365;

export const CONSOLE_COMPANY_SORTS = ['name', 'createdAt', 'trialEndsAt'] as const;
export type ConsoleCompanySort = (typeof CONSOLE_COMPANY_SORTS)[number];
export const CONSOLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const CONSOLE_PAGE_SIZE_DEFAULT = 25;

/** Why a console action could not be done: the 409 answer's `error` code, with the sentence below. */
export const CONSOLE_PROBLEMS = [
  'not_on_trial',
  'suspended',
  'already_suspended',
  'not_suspended',
  'not_under_review',
  'unknown_plan',
  'same_plan',
] as const;
export type ConsoleProblem = (typeof CONSOLE_PROBLEMS)[number];

export const CONSOLE_MESSAGES = {
  companyNotFound: 'No company with this id.',
  tokenNotFound: 'No token with this client ID.',
  problems: {
    not_on_trial: 'This company is not on a trial: there is no trial to extend.',
    suspended: 'This company is suspended: reinstate it first.',
    already_suspended: 'This company is already suspended.',
    not_suspended: 'This company is not suspended.',
    not_under_review: 'This token is not under review.',
    unknown_plan: 'There is no plan with this name.',
    same_plan: 'The company is already on this plan.',
  } satisfies Record<ConsoleProblem, string>,
  upgradeApproved: (company: string, plan: string) =>
    `${company} now has a paid account on the ${planDisplayName(plan)} plan.`,
  trialExtended: (company: string, endsOn: string) => `The trial of ${company} now ends on ${endsOn}.`,
  planChanged: (company: string, plan: string) => `${company} is now on the ${planDisplayName(plan)} plan.`,
  suspended: (company: string) => `${company} is suspended: none of its tokens verifies any more.`,
  reinstated: (company: string, status: string) => `${company} is reinstated on a ${status} account.`,
  reviewEnded: (label: string) => `The review of "${label}" is over: the token is active.`,
} as const;

const planNameField = z.string().trim().regex(PLAN_NAME_PATTERN, 'Choose a plan by its name.');
const companyIdField = z.uuid('A company id is a UUID.');
const pageField = z.coerce.number().int().min(0).max(100_000).default(0);
const pageSizeField = z.coerce
  .number()
  .int()
  .refine((size) => (CONSOLE_PAGE_SIZES as readonly number[]).includes(size), {
    message: `pageSize must be one of ${CONSOLE_PAGE_SIZES.join(', ')}`,
  })
  .default(CONSOLE_PAGE_SIZE_DEFAULT);
/** A query flag: `true` or `false` as text. */
const flagField = z.enum(['true', 'false']).transform((text) => text === 'true');

export const consoleOverviewSchema = z
  .object({
    companiesByStatus: z.object(
      Object.fromEntries(COMPANY_ACCOUNT_STATUSES.map((status) => [status, z.number().int()])) as Record<
        (typeof COMPANY_ACCOUNT_STATUSES)[number],
        z.ZodNumber
      >,
    ),
    /** Trial companies whose trial ends within TRIAL_ENDING_SOON_DAYS (not yet ended). */
    trialsEndingSoon: z.number().int(),
    upgradeRequestsWaiting: z.number().int(),
    tokensUnderReview: z.number().int(),
    /** Requests admitted today (UTC) over every company, and refused today. */
    verificationsToday: z.number().int(),
    refusedToday: z.number().int(),
    /** Emails the outbox gave up on. */
    failedEmails: z.number().int(),
    /**
     * Emails still being tried whose last attempt failed (pending with the mail server's error): a
     * failing mail server shows here long before anything is given up on.
     */
    failingEmails: z.number().int(),
  })
  .meta({ id: 'ConsoleOverview' });

export const searchCompaniesQuerySchema = z.object({
  /** Part of a company's name or of a member's email, or a client ID (whole or its start). */
  q: z.string().trim().max(200).optional(),
  status: z.enum(COMPANY_ACCOUNT_STATUSES).optional(),
  plan: planNameField.optional(),
  /** Only trials ending within TRIAL_ENDING_SOON_DAYS. */
  trialEndingSoon: flagField.optional(),
  /** Only companies with an upgrade request waiting. */
  upgradeRequested: flagField.optional(),
  sort: z.enum(CONSOLE_COMPANY_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: pageField,
  pageSize: pageSizeField,
});

export const consoleCompanyRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The owner's email, or null while the company has no owner (a deleted account). */
    ownerEmail: z.string().nullable(),
    accountStatus: z.enum(COMPANY_ACCOUNT_STATUSES),
    plan: z.string(),
    trialEndsAt: z.string().nullable(),
    createdAt: z.string(),
    members: z.number().int(),
    tokens: z.number().int(),
    upgradeRequested: z.boolean(),
  })
  .meta({ id: 'ConsoleCompanyRow' });

export const consoleCompaniesPageSchema = z
  .object({
    companies: z.array(consoleCompanyRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Companies matching the search and filters, over every page. */
    total: z.number().int(),
  })
  .meta({ id: 'ConsoleCompaniesPage' });

export const companyIdQuerySchema = z.object({ companyId: companyIdField });

export const consoleCompanySchema = z
  .object({
    company: consoleCompanyRowSchema,
    /**
     * While the company is suspended: the status it had before, which reinstating it returns it to
     * unless the team chooses otherwise (design §11); null while it is not suspended.
     */
    suspendedFrom: z.enum(REINSTATED_STATUSES).nullable(),
    plan: z.object({
      name: z.string(),
      dailyQuota: z.number().int().nullable(),
      ratePerSecond: z.number().int().nullable(),
    }),
    upgradeRequest: z.object({ requestedAt: z.string(), requesterEmail: z.string().nullable() }).nullable(),
    /** Requests admitted and refused today (UTC) over the company's tokens. */
    usage: z.object({ usedToday: z.number().int(), refusedToday: z.number().int() }),
    members: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        name: z.string(),
        role: z.enum(COMPANY_ROLES),
        joinedAt: z.string(),
      }),
    ),
    tokens: z.array(
      z.object({
        clientId: z.string(),
        label: z.string(),
        status: z.enum(TOKEN_STATUSES),
        createdAt: z.string(),
        expiresAt: z.string().nullable(),
        lastUsedAt: z.string().nullable(),
        usedToday: z.number().int(),
        dailyCap: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'ConsoleCompany' });

export const consoleCompanyActivityQuerySchema = z.object({
  companyId: companyIdField,
  page: pageField,
  pageSize: pageSizeField,
});
/** A company's activity as the console shows it: staff actions name the staff member. */
export const consoleActivityPageSchema = activityPageSchema;

export const consoleActionResultSchema = z
  .object({ message: z.string().describe('The sentence the console shows in its snackbar') })
  .meta({ id: 'ConsoleActionResult' });

/**
 * An extended trial's answer also gives the new end, so that the console's snackbar says the day in
 * the words and time zone its page uses (formatDay), not the message's UTC "YYYY-MM-DD".
 */
export const trialExtendedResultSchema = consoleActionResultSchema
  .extend({ trialEndsAt: z.string().describe("The trial's new end (ISO 8601)") })
  .meta({ id: 'TrialExtendedResult' });

export const approveUpgradeRequestSchema = z.strictObject({ companyId: companyIdField, plan: planNameField });
export const extendTrialRequestSchema = z.strictObject({
  companyId: companyIdField,
  days: z
    .number({ error: `Enter a whole number of days from 1 to ${MAX_TRIAL_EXTENSION_DAYS}.` })
    .int({ error: `Enter a whole number of days from 1 to ${MAX_TRIAL_EXTENSION_DAYS}.` })
    .min(1, { error: `Enter a whole number of days from 1 to ${MAX_TRIAL_EXTENSION_DAYS}.` })
    .max(MAX_TRIAL_EXTENSION_DAYS, {
      error: `Enter a whole number of days from 1 to ${MAX_TRIAL_EXTENSION_DAYS}.`,
    }),
});
export const changePlanRequestSchema = z.strictObject({ companyId: companyIdField, plan: planNameField });
export const companyActionRequestSchema = z.strictObject({ companyId: companyIdField });
export const reinstateCompanyRequestSchema = z.strictObject({
  companyId: companyIdField,
  /** Left out: the status the company had before its suspension (paid stays paid, design §11). */
  to: z.enum(REINSTATED_STATUSES).optional(),
});
export const endTokenReviewRequestSchema = z.strictObject({ clientId: clientIdField });

export const consoleQueuesSchema = z
  .object({
    upgradeRequests: z.array(
      z.object({
        companyId: z.string(),
        companyName: z.string(),
        plan: z.string(),
        requestedAt: z.string(),
        requesterEmail: z.string().nullable(),
      }),
    ),
    tokensUnderReview: z.array(
      z.object({
        clientId: z.string(),
        label: z.string(),
        companyId: z.string(),
        companyName: z.string(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'ConsoleQueues' });

export type ConsoleOverview = z.infer<typeof consoleOverviewSchema>;
export type SearchCompaniesQuery = z.input<typeof searchCompaniesQuerySchema>;
export type ConsoleCompanyRow = z.infer<typeof consoleCompanyRowSchema>;
export type ConsoleCompaniesPage = z.infer<typeof consoleCompaniesPageSchema>;
export type ConsoleCompany = z.infer<typeof consoleCompanySchema>;
export type ConsoleQueues = z.infer<typeof consoleQueuesSchema>;
