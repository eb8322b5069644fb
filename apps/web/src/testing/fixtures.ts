import {
  CLIENT_ID_BODY_LENGTH,
  CLIENT_ID_PREFIX,
  CLIENT_SECRET_PREFIX,
  ERROR_CODES,
  INTERNAL_ERROR_MESSAGE,
  SECRET_BODY_LENGTH,
  TRIAL_PLAN,
  nextUtcDayStartMs,
  USAGE_DAYS_DEFAULT,
  withChecksum,
  type AppConfig,
  type AuditEvent,
  type ClientUsage,
  type ErrorResponse,
  type Quota,
  type UsageFeed,
  type User,
} from '@datafeeds/domain';
import type { z } from 'zod';

/** The server's answer to a call that failed on its side: a 500 says no more than this (design §6). */
export const internalError = {
  status: 500,
  body: { error: ERROR_CODES.internal, message: INTERNAL_ERROR_MESSAGE },
} as const;

/**
 * The server's 400 for input a call's schema refuses, or undefined when it passes: a NUL character is
 * refused first, naming its field; then each field's first message, the first of all as the message
 * (design §6, apps/api/src/plugins/app/error-handler.ts).
 */
export function validationFailed(schema: z.ZodType, input: Record<string, unknown>) {
  const nul = Object.entries(input).find(
    ([, value]) => typeof value === 'string' && value.includes('\u0000'),
  );
  const details = nul
    ? [{ field: nul[0], message: `${nul[0]} must not contain a NUL character.` }]
    : (schema.safeParse(input).error?.issues ?? [])
        .map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
        .filter((detail, index, all) => all.findIndex((other) => other.field === detail.field) === index);
  const [first] = details;
  if (!first) return undefined;
  const body: ErrorResponse = { error: ERROR_CODES.validation, message: first.message, details };
  return { status: 400 as const, body };
}

let credentialSequence = 0;

/**
 * The base62 body of a fixture credential: the seed right-aligned on zeros, so a seed's last five
 * characters are the short id the screens show; without a seed, the next number.
 */
function credentialBody(length: number, seed?: string): string {
  const text = seed ?? String((credentialSequence += 1));
  if (!/^[0-9A-Za-z]*$/.test(text) || text.length > length)
    throw new Error(`A credential seed is up to ${length} base62 characters, not "${text}"`);
  return text.padStart(length, '0');
}

/** A client ID in the format the API issues (CLIENT_ID_PATTERN). */
export function makeClientId(seed?: string): string {
  return `${CLIENT_ID_PREFIX}${credentialBody(CLIENT_ID_BODY_LENGTH, seed)}`;
}

/** A client secret in the format the API issues, its checksum right (isWellFormedClientSecret). */
export function makeClientSecret(seed?: string): string {
  return withChecksum(CLIENT_SECRET_PREFIX, credentialBody(SECRET_BODY_LENGTH, seed));
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'ada',
    lastName: 'Lovelace',
    phone: '5551234567',
    companyName: 'Engines Ltd',
    companyAccountStatus: 'trial',
    emailVerified: true,
    trialEndsAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    upgradeRequestedAt: null,
    role: 'owner',
    trialReminders: true,
    suspension: null,
    ...overrides,
  };
}

export const appConfig: AppConfig = {
  links: {
    roadmap: 'https://example.com/roadmap',
    documentation: 'https://example.com/docs',
    support: 'https://example.com/support',
  },
  analytics: {},
};

/**
 * The token of an emailed link (verification, password reset, invitation) as the server makes them:
 * 32 bytes in base64url, 43 characters. The same seed gives the same token.
 */
export function makeLinkToken(seed = 'link'): string {
  const bytes = Array.from({ length: 32 }, (_, index) => seed.charCodeAt(index % seed.length) + index);
  return btoa(String.fromCharCode(...bytes.map((byte) => byte % 256)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

type DailyCounts = (dayIndex: number) => number;

interface UsageFixtureOptions {
  days?: number;
  /** Valid verifications per feed, as a function of the day's index (0 = oldest). */
  feeds?: Partial<Record<UsageFeed, DailyCounts>>;
  refused?: DailyCounts;
  refusedByCode?: Partial<ClientUsage['refusedByCode']>;
  lastUsedAt?: string | null;
}

/** A GetClientUsage answer as the server builds it: UTC days ending today, totals adding up. */
export function makeClientUsage(clientId: string, options: UsageFixtureOptions = {}): ClientUsage {
  const days = options.days ?? USAGE_DAYS_DEFAULT;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
  const series = (counts: DailyCounts) => dates.map((_, index) => counts(index));
  const feeds = Object.entries(options.feeds ?? {})
    .map(([feed, counts]) => ({ feed: feed as UsageFeed, requests: series(counts as DailyCounts) }))
    .filter(({ requests }) => requests.some((count) => count > 0));
  const refused = series(options.refused ?? (() => 0));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const valid = sum(feeds.flatMap(({ requests }) => requests));
  const refusedTotal = sum(refused);
  return {
    clientId,
    clientIds: [clientId],
    days,
    dates,
    feeds,
    refused,
    refusedByCode: {
      PENDING: 0,
      EXPIRED: 0,
      INACTIVE: 0,
      SCOPE_DENIED: 0,
      API_TYPE_DENIED: 0,
      QUOTA_EXCEEDED: 0,
      RATE_LIMITED: 0,
      ...options.refusedByCode,
    },
    totals: { requests: valid + refusedTotal, valid, refused: refusedTotal },
    lastUsedAt: options.lastUsedAt ?? (valid + refusedTotal > 0 ? new Date().toISOString() : null),
  };
}

let eventSequence = 0;

export function makeAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  eventSequence += 1;
  return {
    id: `evt_${String(eventSequence).padStart(6, '0')}`,
    at: new Date(Date.UTC(2026, 2, 10, 12, 0, 0) - eventSequence * 60_000).toISOString(),
    kind: 'sign_in.succeeded',
    actor: { kind: 'user', email: 'ada@example.com' },
    ipAddress: '203.0.113.7',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    detail: {},
    names: {},
    ...overrides,
  };
}

interface QuotaFixtureOptions {
  plan?: Partial<Quota['plan']>;
  usedToday?: number;
  resetsAt?: string;
  forecastExhaustedAt?: string | null;
  tokens?: Quota['tokens'];
}

/**
 * A GetQuota answer as the server builds it: the trial plan's defaults, remainingToday and resetsAt
 * following from the plan and the clock. Unless a test says otherwise, the company used little today.
 */
export function makeQuota(options: QuotaFixtureOptions = {}): Quota {
  const plan = { name: TRIAL_PLAN, dailyQuota: 10_000, ratePerSecond: 10, ...options.plan };
  const usedToday = options.usedToday ?? 1234;
  return {
    plan,
    usedToday,
    remainingToday: plan.dailyQuota === null ? null : Math.max(0, plan.dailyQuota - usedToday),
    resetsAt: options.resetsAt ?? new Date(nextUtcDayStartMs(Date.now())).toISOString(),
    forecastExhaustedAt: options.forecastExhaustedAt ?? null,
    tokens: options.tokens ?? [],
  };
}
