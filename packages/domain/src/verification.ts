// What the data feed and the portal say to each other (design §8): the verification answer, its codes
// and the revocation events. Plain constants and types, no validation library (the route schemas are in
// verification-schemas.ts; the calls' method and path in their contracts, calls/verification.ts).
import type { ScopeKey } from './scopes.ts';
import type { ApiType } from './sports.ts';
import type { CompanyAccountStatus } from './status.ts';

export const VERIFICATION_CODES = [
  'VALID',
  'MALFORMED',
  'NOT_FOUND',
  'PENDING',
  'EXPIRED',
  'INACTIVE',
  'SCOPE_DENIED',
  'API_TYPE_DENIED',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
] as const;
export type VerificationCode = (typeof VERIFICATION_CODES)[number];

// Usage (design §8 "Usage"); here, free of zod, so @datafeeds/verifier counts by them too.
/**
 * The outcomes that are counted: those of a verification that found the credential. MALFORMED and
 * NOT_FOUND name no credential, so they belong to nobody's usage.
 */
export const METERED_CODES = [
  'VALID',
  'PENDING',
  'EXPIRED',
  'INACTIVE',
  'SCOPE_DENIED',
  'API_TYPE_DENIED',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
] as const satisfies readonly VerificationCode[];
export type MeteredCode = (typeof METERED_CODES)[number];

/**
 * The feed a verification asked for: a scope key, or `any` when the data feed asked without one
 * (the answer then lists every scope the token grants).
 */
export const USAGE_ANY_FEED = 'any';

/** Entries one usage report (POST usage) may carry; a verifier sends a larger backlog in several. */
export const USAGE_REPORT_MAX_ENTRIES = 500;

/**
 * A usage report's counts for hour H are accepted only for credentials its verifier key had verified at
 * the portal in hour H or in the hours before it up to this many (design §8 "Usage"): a data feed only
 * answers from a cache it filled through the portal, so its honest counts always follow such a
 * verification by at most its cache lifetime — which @datafeeds/verifier caps at this many hours.
 */
export const USAGE_REPORT_VERIFIED_WITHIN_HOURS = 1;

/**
 * The most one entry of a usage report (one credential × feed × outcome × hour) is accepted with: 1 000
 * answers a second for the whole hour, far above what one customer's token asks of one data-feed service
 * (design §8 "Usage"). A larger entry is dropped and counted, not refused, so it cannot hold the rest.
 */
export const USAGE_REPORT_MAX_HOURLY_COUNT = 3_600_000;

/** Refusals that name the credential: it is real and usable, just not for what was asked. */
export const DENIAL_CODES = ['SCOPE_DENIED', 'API_TYPE_DENIED'] as const;
export type DenialCode = (typeof DENIAL_CODES)[number];
/** Refusals of a usable credential because its company (or the token's cap) reached a limit (design §10). */
export const LIMIT_CODES = ['QUOTA_EXCEEDED', 'RATE_LIMITED'] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];
export type RefusalCode = Exclude<VerificationCode, 'VALID' | DenialCode | LimitCode>;

/** What a feed asks: may this secret read this feed (scope) through this gateway (apiType)? */
export interface VerifyRequest {
  secret: string;
  scope?: ScopeKey | undefined;
  apiType?: ApiType | undefined;
  /** Answer the credential as it is; scope and apiType only say what the call is counted as in usage. */
  judgeLocally?: boolean | undefined;
}

export interface VerifiedCredential {
  valid: true;
  code: 'VALID';
  clientId: string;
  companyId: string;
  companyName: string;
  accountStatus: CompanyAccountStatus;
  apiType: ApiType;
  /** Every feed scope key the credential grants. */
  scopes: ScopeKey[];
  /** ISO time the credential stops working (a trial's end), or null when it does not expire. */
  expiresAt: string | null;
  /** What the credential may use (design §10): its company's plan and the token's own cap. */
  limits: CredentialLimits;
}

/**
 * The limits a VALID credential works under (design §10): the company's plan (one daily quota shared by
 * all its tokens, and a rate) and the token's own daily cap; null is unlimited. A feed that finds all
 * three null has nothing to count.
 */
export interface CredentialLimits {
  plan: string;
  /** Requests per UTC day for the whole company, or null: unlimited. */
  dailyQuota: number | null;
  /** Requests per second for the whole company, or null: unlimited. */
  ratePerSecond: number | null;
  /** This token's own requests per UTC day, lower than the plan's, or null: only the plan's apply. */
  dailyCap: number | null;
}

/** Over the day's quota (the company's, or the token's cap): refused until the next UTC day. */
export interface QuotaExceeded {
  valid: false;
  code: 'QUOTA_EXCEEDED';
  clientId: string;
  /** ISO time the day's quota resets (the next UTC midnight). */
  resetsAt: string;
  /** The daily limit that was reached: the plan's quota or the token's cap, whichever is lower. */
  limit: number;
}

/** Over the plan's rate: refused for the rest of this second. */
export interface RateLimited {
  valid: false;
  code: 'RATE_LIMITED';
  clientId: string;
  /** Milliseconds until a request may be admitted again (the next second's window). */
  retryAfterMs: number;
  /** The plan's requests per second. */
  limit: number;
}

export type LimitRefusal = QuotaExceeded | RateLimited;

/**
 * What a data feed tells its caller with a 429 (the verifier's `authorize`): the quota and the rate are
 * the company's, shared by all its tokens, so the words name the company; a refusal does not say whether
 * the token's own lower cap was reached instead, so the quota's words allow for it.
 */
export const LIMIT_REFUSAL_MESSAGES = {
  quotaExceeded: (limit: number, resetsAt: string) =>
    `Daily limit reached: your company's daily quota (or this RSC token's own lower daily cap) of ${limit} requests is used up; it resets at ${resetsAt}.`,
  rateLimited: (limit: number) =>
    `Too many requests: your company's plan allows ${limit} a second across all its RSC tokens.`,
} as const;

export interface DeniedCredential {
  valid: false;
  code: DenialCode;
  clientId: string;
}

export interface RefusedCredential {
  valid: false;
  code: RefusalCode;
}

export type VerifyResult = VerifiedCredential | DeniedCredential | RefusedCredential | LimitRefusal;

/**
 * Server-Sent Events of GET /api/v1/credentials/events. `revoked`: the credential no longer verifies
 * (rotated, deleted, set inactive, expired, company suspended); `changed`: its answer changed (status or
 * expiry, e.g. an approved upgrade); `reset`: the portal may have missed changes, drop every cached
 * answer; `ready` opens every connection (a reconnecting verifier empties its cache on it); `heartbeat`
 * at least every 15 s.
 */
export const CREDENTIAL_EVENT_TYPES = ['ready', 'revoked', 'changed', 'reset', 'heartbeat'] as const;
export type CredentialEventType = (typeof CREDENTIAL_EVENT_TYPES)[number];

export const CREDENTIAL_CHANGE_REASONS = [
  'rotated',
  'deleted',
  'status_set',
  'expired',
  'company_suspended',
  'company_reinstated',
  'activated',
  'upgraded',
  'expiry_moved',
  /** Rotated with a grace period: still valid, but only until the grace period ends (a `changed`). */
  'retiring',
  /** A rotation's grace period ended (on time or early): the replaced secret is revoked. */
  'retired',
  /**
   * Its limits changed (design §10): the company's plan or that plan's quota or rate, the token's cap,
   * or an upgrade. A `changed`: the credential still verifies, with the new `limits`.
   */
  'limits_changed',
] as const;
export type CredentialChangeReason = (typeof CREDENTIAL_CHANGE_REASONS)[number];

/** Every recorded change to a credential: its creation and each reason it can change. */
export const CREDENTIAL_EVENT_KINDS = ['created', ...CREDENTIAL_CHANGE_REASONS] as const;
export type CredentialEventKind = (typeof CREDENTIAL_EVENT_KINDS)[number];

/** The data of a `revoked` or `changed` event. */
export interface CredentialChangeEvent {
  clientId: string;
  reason: CredentialChangeReason;
  /** ISO time of the change. */
  at: string;
}

/**
 * How often the portal writes a `heartbeat` on an events stream, announced in the stream's `ready`
 * (design §8). A follower takes a stream silent for REVOCATION_WITHIN_MS — four heartbeats missed — for
 * stalled (a proxy or the network holding its bytes): a quarter of it leaves room for a busy machine.
 */
export const HEARTBEAT_INTERVAL_MS = 250;

/** The data of the `ready` event that opens an events stream. */
export interface CredentialStreamReady {
  /** ISO time the stream opened. */
  at: string;
  /** The stream's heartbeat interval; portals of earlier versions send none (and beat every 10 s). */
  heartbeatMs?: number;
}

/**
 * How soon a revocation made on any portal instance stops the credential everywhere, faults included
 * (design §8): a cache that cannot hear revocations serves no answer older than this.
 */
export const REVOCATION_WITHIN_MS = 1_000;
