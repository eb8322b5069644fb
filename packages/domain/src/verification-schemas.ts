// Route schemas of the verification API (design §8); the OpenAPI document is generated from them.
import { z } from 'zod';
import { clientIdField } from './validation.ts';
import { SCOPE_KEYS } from './scopes.ts';
import { API_TYPES } from './sports.ts';
import { COMPANY_ACCOUNT_STATUSES } from './status.ts';
import { CLIENT_SECRET_LENGTH } from './credential-format.ts';
import {
  DENIAL_CODES,
  METERED_CODES,
  USAGE_ANY_FEED,
  USAGE_REPORT_MAX_ENTRIES,
  type VerifyResult,
} from './verification.ts';

/** Room for a pasted secret with stray characters: a bad one is answered MALFORMED, not refused. */
const MAX_PRESENTED_SECRET_LENGTH = 4 * CLIENT_SECRET_LENGTH;

export const verifyRequestSchema = z
  .object({
    secret: z
      .string()
      .max(MAX_PRESENTED_SECRET_LENGTH)
      .describe('The RSC token (client secret) a caller of the data feed presented'),
    scope: z.enum(SCOPE_KEYS).optional().describe('The feed the caller wants to read'),
    apiType: z.enum(API_TYPES).optional().describe('The gateway the caller came through'),
    judgeLocally: z
      .boolean()
      .optional()
      .describe(
        'The data-feed service judges scope and apiType itself: the answer is the credential as it is ' +
          "(as if neither were given). It admits the request against the plan's limits itself too " +
          '(leases) and reports what it served in its usage report, so the portal neither admits nor ' +
          'counts this call, unless it refuses the credential itself (PENDING, EXPIRED, INACTIVE)',
      ),
  })
  .meta({
    id: 'VerifyRequest',
    example: { secret: 'dfsk_4BvQm…', scope: 'nflLive', apiType: 'rest' },
  });

const verifiedSchema = z.object({
  valid: z.literal(true),
  code: z.literal('VALID'),
  clientId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  accountStatus: z.enum(COMPANY_ACCOUNT_STATUSES),
  apiType: z.enum(API_TYPES),
  scopes: z.array(z.enum(SCOPE_KEYS)),
  expiresAt: z.string().nullable(),
  limits: z
    .object({
      plan: z.string().describe("The company's plan"),
      dailyQuota: z
        .number()
        .int()
        .nullable()
        .describe('Requests per UTC day for the company; null: unlimited'),
      ratePerSecond: z
        .number()
        .int()
        .nullable()
        .describe('Requests per second for the company; null: unlimited'),
      dailyCap: z.number().int().nullable().describe("The token's own daily cap; null: none"),
    })
    .describe('What the credential may use (design §10)'),
});

const deniedSchema = z.object({
  valid: z.literal(false),
  code: z.enum(DENIAL_CODES),
  clientId: z.string(),
});

const refusedSchema = z.object({
  valid: z.literal(false),
  code: z.enum(['MALFORMED', 'NOT_FOUND', 'PENDING', 'EXPIRED', 'INACTIVE']),
});

const quotaExceededSchema = z.object({
  valid: z.literal(false),
  code: z.literal('QUOTA_EXCEEDED'),
  clientId: z.string(),
  resetsAt: z.string().describe('When the day’s quota resets (the next UTC midnight, ISO)'),
  limit: z.number().int().describe('The daily limit reached: the plan’s quota or the token’s cap'),
});

const rateLimitedSchema = z.object({
  valid: z.literal(false),
  code: z.literal('RATE_LIMITED'),
  clientId: z.string(),
  retryAfterMs: z.number().int().nonnegative().describe('Milliseconds until a request may be admitted again'),
  limit: z.number().int().describe('The plan’s requests per second'),
});

export const verifyResponseSchema = z
  .union([verifiedSchema, deniedSchema, refusedSchema, quotaExceededSchema, rateLimitedSchema])
  .meta({
    id: 'VerifyResponse',
    examples: [
      {
        valid: true,
        code: 'VALID',
        clientId: 'dfc_5Wq2mZ8rT1yHc0LpXv3NaB',
        companyId: '1b3c5e7a-0000-4000-8000-000000000001',
        companyName: 'Acme Sports',
        accountStatus: 'trial',
        apiType: 'rest',
        scopes: ['nflLive', 'nfl'],
        expiresAt: '2026-12-23T08:00:00.000Z',
        limits: { plan: 'trial', dailyQuota: 10000, ratePerSecond: 10, dailyCap: null },
      },
      { valid: false, code: 'SCOPE_DENIED', clientId: 'dfc_5Wq2mZ8rT1yHc0LpXv3NaB' },
      { valid: false, code: 'EXPIRED' },
      {
        valid: false,
        code: 'QUOTA_EXCEEDED',
        clientId: 'dfc_5Wq2mZ8rT1yHc0LpXv3NaB',
        resetsAt: '2026-11-24T00:00:00.000Z',
        limit: 10000,
      },
      {
        valid: false,
        code: 'RATE_LIMITED',
        clientId: 'dfc_5Wq2mZ8rT1yHc0LpXv3NaB',
        retryAfterMs: 420,
        limit: 10,
      },
    ] satisfies VerifyResult[],
  });

/** The most one entry may add: far above what a data feed answers for one key in an hour between reports. */
export const USAGE_REPORT_MAX_COUNT = 1_000_000_000;

export const usageReportSchema = z
  .strictObject({
    counts: z
      .array(
        z.strictObject({
          clientId: clientIdField,
          scope: z.enum([...SCOPE_KEYS, USAGE_ANY_FEED]).describe('The feed asked for, or `any`'),
          code: z.enum(METERED_CODES),
          hour: z.iso
            .datetime()
            .refine((hour) => Date.parse(hour) % 3_600_000 === 0, 'Must be on the hour.')
            .describe('The UTC hour the answers were given in (ISO, on the hour)'),
          count: z.number().int().min(1).max(USAGE_REPORT_MAX_COUNT),
        }),
      )
      .min(1)
      .max(USAGE_REPORT_MAX_ENTRIES),
  })
  .meta({
    id: 'UsageReport',
    example: {
      counts: [
        {
          clientId: 'dfc_5Wq2mZ8rT1yHc0LpXv3NaB',
          scope: 'nflLive',
          code: 'VALID',
          hour: '2026-11-23T08:00:00.000Z',
          count: 42,
        },
      ],
    },
  });

export type UsageReport = z.infer<typeof usageReportSchema>;

/** The most units one lease may ask: far above any lease size (a quarter percent of a quota). */
const LEASE_MAX_UNITS = 1_000_000_000;

export const leaseRequestSchema = z
  .strictObject({
    clientId: clientIdField.describe('A VALID credential of the company whose allowance is asked'),
    day: z.number().int().min(0).max(LEASE_MAX_UNITS).describe("Units of today's quota wanted (0: none)"),
    rate: z
      .number()
      .int()
      .min(0)
      .max(LEASE_MAX_UNITS)
      .describe("Units of the current second's rate wanted (0: none)"),
  })
  .meta({
    id: 'AllowanceLeaseRequest',
    example: { clientId: 'dfc_5Wq2mZ8rT1yHc0LpXv3NaB', day: 25, rate: 3 },
  });

export const leaseGrantSchema = z
  .object({
    day: z.number().int().nonnegative().describe("Units of today's quota granted"),
    rate: z.number().int().nonnegative().describe('Units of `second` granted'),
    second: z.number().int().describe('The second (Unix seconds) the rate units were counted in'),
    quotaExceeded: z
      .object({ resetsAt: z.string(), limit: z.number().int() })
      .nullable()
      .describe('Set when day units were asked and none were left'),
    rateLimited: z
      .object({ retryAfterMs: z.number().int().nonnegative(), limit: z.number().int() })
      .nullable()
      .describe('Set when rate units were asked and none were left this second'),
    dayLeft: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe("Units of today's limit no node had been granted once this grant was made"),
    rateLeft: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe('Units of `second` no node had been granted once this grant was made'),
  })
  .meta({ id: 'AllowanceLeaseGrant' });
