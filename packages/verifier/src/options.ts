// createVerifier's options, their defaults and the checks that make a bad configuration fail at start-up
// rather than on the first request.
import {
  USAGE_REPORT_VERIFIED_WITHIN_HOURS,
  isWellFormedVerifierKey,
  VERIFIER_KEY_PREFIX,
} from '@datafeeds/domain/credentials';
import { InvalidVerifierOptionsError } from './errors.ts';
import { PORTAL_CALLS } from './portal-calls.ts';

/**
 * What to do with cached answers while the events stream is down. 'refuse' (the default) empties the
 * cache and asks the portal every time, so a revoked token is never accepted: fail closed. 'serve-fresh'
 * keeps answering from entries at most a second old (REVOCATION_WITHIN_MS), so a busy token costs the
 * portal one call a second rather than one a request; an older one is asked again, and refused with
 * PortalUnavailableError when the portal cannot be asked either. Both keep the one-second promise.
 */
export type PortalUnreachablePolicy = 'refuse' | 'serve-fresh';

export interface VerifierOptions {
  /** The portal's base URL, e.g. http://127.0.0.1:8080 (a path prefix is kept). */
  portalUrl: string | URL;
  /** The data feed's own key, `dfvk_…`, from "npm run operator -- verifier-key create <name>". */
  verifierKey: string;
  cache?: {
    /** Answers kept, per kind (credentials, secrets known not to exist). Default 10 000. */
    max?: number;
    /**
     * How long an answer is kept when no event drops it first. Default 30 000 ms, at most an hour: the
     * portal accepts reported usage only for credentials this key verified within the report's hour or
     * the one before (USAGE_REPORT_VERIFIED_WITHIN_HOURS), and a cached answer must stay within that.
     */
    ttlMs?: number;
  };
  whenPortalUnreachable?: PortalUnreachablePolicy;
  /** Time allowed for one verification call to the portal. Default 2 000 ms. */
  requestTimeoutMs?: number;
  /** Follow the portal's events stream (revocations). Default true; without it only ttlMs bounds staleness. */
  subscribe?: boolean;
  /**
   * How often the answers given from the cache are reported to the portal's usage meter, in ms. Default
   * 1 000; 0 turns reporting off. What is held is also reported on close().
   */
  usageReportMs?: number;
  /**
   * Enforce the plan limits a VALID answer carries (design §10): every answer this verifier gives without
   * the portal is admitted from units of the company's day and second leased from the portal, or refused
   * QUOTA_EXCEEDED / RATE_LIMITED. Default true. Off, a VALID answer is passed on whatever the limits;
   * the portal still enforces the calls it answers itself.
   */
  enforceLimits?: boolean;
  /** Problems met in the background (the events stream, usage reports). Default: one console.warn line each. */
  onError?: (error: Error) => void;
}

export interface ResolvedVerifierOptions {
  verifyUrl: string;
  eventsUrl: string;
  usageUrl: string;
  allowanceUrl: string;
  /** The portal as error messages name it: origin and path, never credentials in the URL. */
  portalLabel: string;
  authorization: string;
  cacheMax: number;
  cacheTtlMs: number;
  whenPortalUnreachable: PortalUnreachablePolicy;
  requestTimeoutMs: number;
  subscribe: boolean;
  usageReportMs: number;
  enforceLimits: boolean;
  onError: (error: Error) => void;
}

const DEFAULT_CACHE_MAX = 10_000;
const DEFAULT_CACHE_TTL_MS = 30_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 2_000;
const DEFAULT_USAGE_REPORT_MS = 1_000;
const MAX_CACHE_TTL_MS = USAGE_REPORT_VERIFIED_WITHIN_HOURS * 3_600_000;

function reportToConsole(error: Error) {
  console.warn(`[@datafeeds/verifier] ${error.message}`);
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidVerifierOptionsError(
      name,
      `${name} must be a positive whole number, got ${String(value)}.`,
    );
  }
  return value;
}

function cacheTtl(value: number | undefined): number {
  const ttlMs = positiveInteger('cache.ttlMs', value, DEFAULT_CACHE_TTL_MS);
  if (ttlMs > MAX_CACHE_TTL_MS) {
    throw new InvalidVerifierOptionsError(
      'cache.ttlMs',
      `cache.ttlMs may be at most ${MAX_CACHE_TTL_MS} (the portal counts reported usage only that long ` +
        `after a verification), got ${ttlMs}.`,
    );
  }
  return ttlMs;
}

function parsePortalUrl(portalUrl: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(portalUrl));
  } catch {
    throw new InvalidVerifierOptionsError(
      'portalUrl',
      `portalUrl must be an absolute http(s) URL such as http://127.0.0.1:8080, got "${String(portalUrl)}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidVerifierOptionsError(
      'portalUrl',
      `portalUrl must use http or https, got "${url.protocol}".`,
    );
  }
  return url;
}

export function resolveVerifierOptions(options: VerifierOptions): ResolvedVerifierOptions {
  const url = parsePortalUrl(options.portalUrl);
  if (!isWellFormedVerifierKey(options.verifierKey)) {
    throw new InvalidVerifierOptionsError(
      'verifierKey',
      `verifierKey is not a well-formed verifier key (${VERIFIER_KEY_PREFIX}…, as printed by ` +
        '"npm run operator -- verifier-key create <name>").',
    );
  }
  const policy = options.whenPortalUnreachable ?? 'refuse';
  if (policy !== 'refuse' && policy !== 'serve-fresh') {
    throw new InvalidVerifierOptionsError(
      'whenPortalUnreachable',
      `whenPortalUnreachable must be 'refuse' or 'serve-fresh', got "${String(policy)}".`,
    );
  }
  if (options.enforceLimits !== undefined && typeof options.enforceLimits !== 'boolean') {
    throw new InvalidVerifierOptionsError(
      'enforceLimits',
      `enforceLimits must be true or false, got "${String(options.enforceLimits)}".`,
    );
  }
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return {
    verifyUrl: `${base}${PORTAL_CALLS.verify.path}`,
    eventsUrl: `${base}${PORTAL_CALLS.events.path}`,
    usageUrl: `${base}${PORTAL_CALLS.usage.path}`,
    allowanceUrl: `${base}${PORTAL_CALLS.allowance.path}`,
    portalLabel: base,
    authorization: `Bearer ${options.verifierKey}`,
    cacheMax: positiveInteger('cache.max', options.cache?.max, DEFAULT_CACHE_MAX),
    cacheTtlMs: cacheTtl(options.cache?.ttlMs),
    whenPortalUnreachable: policy,
    requestTimeoutMs: positiveInteger(
      'requestTimeoutMs',
      options.requestTimeoutMs,
      DEFAULT_REQUEST_TIMEOUT_MS,
    ),
    subscribe: options.subscribe ?? true,
    usageReportMs:
      options.usageReportMs === 0
        ? 0
        : positiveInteger('usageReportMs', options.usageReportMs, DEFAULT_USAGE_REPORT_MS),
    enforceLimits: options.enforceLimits ?? true,
    onError: options.onError ?? reportToConsole,
  };
}
