// Where a company stands against its plan (design §10): GET /api/GetQuota's answer and the token cap
// (POST /api/SetTokenCap). The words the customer reads about limits are here too, so the portal's
// screens and the tests say the same thing.
import { z } from 'zod';
import { clientIdField } from './validation.ts';

/** The most a token's cap may be: far above any plan, so a typo is refused rather than stored. */
export const TOKEN_CAP_MAX = 1_000_000_000;

/**
 * Beside the disabled "Set daily cap" button: who may cap a token is who may rotate it (design §10), the
 * role the API checks for SetTokenCap.
 */
export const CAP_REFUSAL = "Only an admin or the owner can set a token's daily cap.";

export const QUOTA_MESSAGES = {
  capNotWholeNumber: 'Enter a whole number of requests, at least 1.',
  capTooHigh: (dailyQuota: number) =>
    `The cap must be lower than your plan's daily quota of ${dailyQuota.toLocaleString('en-US')} requests.`,
} as const;

const planSchema = z
  .object({
    name: z.string(),
    dailyQuota: z.number().int().nullable().describe('Requests per UTC day; null: unlimited'),
    ratePerSecond: z.number().int().nullable().describe('Requests per second; null: unlimited'),
  })
  .meta({ id: 'Plan' });

export const getQuotaResponseSchema = z
  .object({
    plan: planSchema,
    /** Requests admitted today (UTC) across every token of the company. */
    usedToday: z.number().int().nonnegative(),
    /** What is left of today's quota, or null on an unlimited plan. */
    remainingToday: z.number().int().nonnegative().nullable(),
    /** ISO time the day's count resets: the next UTC midnight. */
    resetsAt: z.string(),
    /** ISO time the quota runs out at the last hour's rate, or null: unlimited, idle or not today. */
    forecastExhaustedAt: z.string().nullable(),
    tokens: z.array(
      z.object({
        clientId: z.string(),
        usedToday: z.number().int().nonnegative(),
        dailyCap: z.number().int().positive().nullable(),
      }),
    ),
  })
  .meta({ id: 'Quota' });

export const setTokenCapRequestSchema = z
  .strictObject({
    clientId: clientIdField,
    dailyCap: z
      .number({ error: QUOTA_MESSAGES.capNotWholeNumber })
      .int({ error: QUOTA_MESSAGES.capNotWholeNumber })
      .min(1, { error: QUOTA_MESSAGES.capNotWholeNumber })
      .max(TOKEN_CAP_MAX, { error: QUOTA_MESSAGES.capNotWholeNumber })
      .nullable()
      .describe('Requests per UTC day for this token, lower than the plan’s quota; null removes the cap'),
  })
  .meta({ id: 'SetTokenCapRequest' });

export const setTokenCapResponseSchema = z
  .object({ clientId: z.string(), dailyCap: z.number().int().positive().nullable() })
  .meta({ id: 'TokenCap' });

export type Quota = z.infer<typeof getQuotaResponseSchema>;
export type SetTokenCapRequest = z.infer<typeof setTokenCapRequestSchema>;
