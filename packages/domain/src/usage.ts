// Usage of a credential (design §8 "Usage"): what the data feed's verifications of it were,
// counted per credential × feed × hour with their outcome, and what GET /api/GetClientUsage answers.
import { z } from 'zod';
import { clientIdField } from './validation.ts';
import { SCOPE_KEYS } from './scopes.ts';
import { SPORT_CODES, sportDescriptionName } from './sports.ts';
import { METERED_CODES, USAGE_ANY_FEED, type MeteredCode } from './verification.ts';

export const REFUSED_METERED_CODES = METERED_CODES.filter(
  (code): code is Exclude<MeteredCode, 'VALID'> => code !== 'VALID',
);
export type RefusedMeteredCode = (typeof REFUSED_METERED_CODES)[number];

/** The days a usage answer may cover, and the default (the portal's chart switch: 7, 30 or 90). */
export const USAGE_DAYS_DEFAULT = 30;
export const USAGE_DAYS_MAX = 90;
export const USAGE_DAY_CHOICES = [7, 30, 90] as const;
/**
 * Hourly rows older than this are deleted (design §8 "Usage": the longest window the portal shows). A
 * literal typed as USAGE_DAYS_MAX, so the two cannot drift apart, rather than an alias of it (which knip
 * reports as a duplicate export).
 */
export const USAGE_RETENTION_DAYS: typeof USAGE_DAYS_MAX = 90;

export const USAGE_FEEDS = [...SCOPE_KEYS, USAGE_ANY_FEED] as const;
export type UsageFeed = (typeof USAGE_FEEDS)[number];

export const getClientUsageQuerySchema = z.strictObject({
  clientId: clientIdField,
  days: z.coerce.number().int().min(1).max(USAGE_DAYS_MAX).default(USAGE_DAYS_DEFAULT),
});

const countsByDay = z.array(z.number().int().nonnegative());

export const clientUsageSchema = z
  .object({
    clientId: z.string(),
    /**
     * Every client ID whose usage is summed: the token's, then those its rotations replaced, newest
     * first (design §9: a token keeps its history across rotations).
     */
    clientIds: z.array(z.string()),
    days: z.number().int(),
    /** The UTC days covered, oldest first (the last is today); every series below is aligned with it. */
    dates: z.array(z.string()),
    /** Verifications answered VALID, per feed and day; only feeds with at least one appear. */
    feeds: z.array(z.object({ feed: z.enum(USAGE_FEEDS), requests: countsByDay })),
    /** Verifications refused (any refusal code) per day. */
    refused: countsByDay,
    /** Refused verifications over the whole window, by code (every code present, 0 when none). */
    refusedByCode: z.record(z.enum(REFUSED_METERED_CODES), z.number().int().nonnegative()),
    totals: z.object({
      requests: z.number().int().nonnegative(),
      valid: z.number().int().nonnegative(),
      refused: z.number().int().nonnegative(),
    }),
    /** ISO time of the last verification of this credential (any outcome), or null: never used. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ClientUsage' });

export type GetClientUsageQuery = z.input<typeof getClientUsageQuerySchema>;
export type ClientUsage = z.infer<typeof clientUsageSchema>;

export const USAGE_ANY_FEED_NAME = 'Any feed (no scope named)';
const FEED_TIMING_NAMES = { Live: 'Live', PreGame: 'Pre-game', '': 'Post-game' } as const;

/**
 * A feed as people read it: the sport as the dashboard names it and the timing, e.g. "NFL Live",
 * "NFL Pre-game", "NFL Post-game"; `any` (a verification that named no feed) has its own name.
 */
export function usageFeedName(feed: UsageFeed): string {
  if (feed === USAGE_ANY_FEED) return USAGE_ANY_FEED_NAME;
  for (const suffix of ['Live', 'PreGame', ''] as const) {
    const sport = SPORT_CODES.find((code) => `${code}${suffix}` === feed);
    if (sport) return `${sportDescriptionName(sport)} ${FEED_TIMING_NAMES[suffix]}`;
  }
  return feed;
}
