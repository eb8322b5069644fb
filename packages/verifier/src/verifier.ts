// createVerifier (design §8): verify an RSC token the way the portal would, asking it as rarely as
// possible. A secret that fails the format check is refused without a network call; a known one is
// answered from the cache; concurrent misses for one secret share one portal call; the events stream
// drops what the portal revokes. Every answer about a known credential is counted and reported to the
// portal (usage-report.ts), so a credential's usage shows every call as served, and admitted against the plan's limits
// from units leased from the portal (design §10, allowance.ts of @datafeeds/domain), so what every
// node admits together never passes the company's quota.
import {
  CLIENT_SECRET_LENGTH,
  REVOCATION_WITHIN_MS,
  createAllowance,
  isWellFormedClientSecret,
  type Admission,
  type CredentialChangeEvent,
  type CredentialLimits,
  type LimitStanding,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/domain/credentials';
import { createAnswerCache } from './answer-cache.ts';
import { PortalUnavailableError, VerifierClosedError, VerifierKeyRejectedError } from './errors.ts';
import { followCredentialEvents } from './event-stream.ts';
import {
  judge,
  knownCredential,
  MALFORMED,
  NOT_FOUND,
  type KnownCredential,
  type VerifyOptions,
} from './judge.ts';
import { CredentialNotLeasableError, createLeaseClient } from './lease-client.ts';
import { resolveVerifierOptions, type VerifierOptions } from './options.ts';
import { createPortalClient } from './portal-client.ts';
import { createUsageReporter } from './usage-report.ts';

export interface VerifierStats {
  /** Calls answered from the cache. */
  hits: number;
  /** Well-formed secrets not in the cache (answered by a portal call, their own or a shared one). */
  misses: number;
  /** Verification calls made to the portal. */
  portalCalls: number;
  /** Whether the events stream is open and said `ready`. */
  streamConnected: boolean;
  cachedAnswers: number;
  /** Allowance leases asked of the portal (enforceLimits). */
  leaseCalls: number;
  /** Units of a day's quota leased and not yet spent, across companies: what this node may still admit unasked. */
  heldDayUnits: number;
}

export interface Verifier {
  /** The portal's answer for this secret, judged for this feed; throws PortalUnavailableError or VerifierKeyRejectedError. */
  verify(secret: unknown, options?: VerifyOptions): Promise<VerifyResult>;
  /** Resolves once the events stream said `ready` (at once without `subscribe`); rejects if the key is refused. */
  ready(): Promise<void>;
  /**
   * Stops following events, reports the usage held (a failure goes to onError) and empties the cache;
   * nothing keeps the process alive afterwards.
   */
  close(): Promise<void>;
  /**
   * Where a VALID credential stands against its limits, as this node can tell without a call (design
   * §10 "Limit headers"); null when this verifier does not enforce limits.
   */
  standing(credential: VerifiedCredential): LimitStanding | null;
  readonly stats: Readonly<VerifierStats>;
}

/** A VALID answer ready to judge, or a refusal to pass on as it is. */
type Loaded = KnownCredential | Exclude<VerifyResult, VerifiedCredential>;

/** What a portal of an earlier version, which sends no limits and enforces none, is taken to mean. */
const NO_LIMITS: CredentialLimits = Object.freeze({
  plan: '',
  dailyQuota: null,
  ratePerSecond: null,
  dailyCap: null,
});

/** Changes that may lift a limit refusal held: ask the portal again rather than refuse until it ends. */
const LIMIT_CHANGES: ReadonlySet<CredentialChangeEvent['reason']> = new Set(['limits_changed', 'upgraded']);

function withLimits(answer: VerifiedCredential): VerifiedCredential {
  return typeof answer.limits === 'object' && answer.limits !== null
    ? answer
    : { ...answer, limits: NO_LIMITS };
}

export function createVerifier(options: VerifierOptions): Verifier {
  const config = resolveVerifierOptions(options);
  const cache = createAnswerCache({ max: config.cacheMax, ttlMs: config.cacheTtlMs });
  const askPortal = createPortalClient(config);
  const usage = createUsageReporter(config);
  const inFlight = new Map<string, Promise<Loaded>>();
  const counters = { hits: 0, misses: 0, portalCalls: 0, leaseCalls: 0 };
  const leaseFromPortal = createLeaseClient(config);
  // One per verifier: every cached credential of a company spends the same leased units.
  const allowance = config.enforceLimits
    ? createAllowance({
        lease: (request) => {
          counters.leaseCalls += 1;
          return leaseFromPortal(request);
        },
      })
    : undefined;
  let closing: Promise<void> | undefined;

  let markReady: () => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const readiness = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  // ready() may never be called: its rejection must not surface as an unhandled one.
  readiness.catch(() => undefined);

  const stream = config.subscribe
    ? followCredentialEvents(config, {
        // A new connection or a reset may have missed a change of limits: refusals held are asked again.
        onReady: () => {
          cache.clear();
          allowance?.limitsChanged();
          markReady();
        },
        onChange: (event) => {
          cache.forget(event.clientId);
          if (LIMIT_CHANGES.has(event.reason)) allowance?.limitsChanged();
        },
        onReset: () => {
          cache.clear();
          allowance?.limitsChanged();
        },
        onDisconnect: () => {
          if (config.whenPortalUnreachable === 'refuse') cache.clear();
        },
        onError: (error) => {
          if (error instanceof VerifierKeyRejectedError) failReady(error);
          config.onError(error);
        },
      })
    : undefined;
  if (!stream) markReady();

  /** In 'refuse' mode nothing is stored unless the stream is there to revoke it. */
  function mayStore() {
    return !stream || stream.connected || config.whenPortalUnreachable === 'serve-fresh';
  }

  /**
   * While the stream is down no revocation can arrive, so (in 'serve-fresh' mode, the only one that keeps
   * answers then) no answer older than the one-second promise is served: it is asked again, and a portal
   * that cannot be asked either gets the call refused (PortalUnavailableError), never a stale VALID.
   */
  function maxAgeMs() {
    return stream && !stream.connected ? REVOCATION_WITHIN_MS : undefined;
  }

  /** The portal's answer for a secret, shared by the calls that ask while it is on its way. */
  function load(secret: string, forCall: VerifyOptions | undefined): Promise<Loaded> {
    const pending = inFlight.get(secret);
    if (pending) return pending;
    const askedAtGeneration = cache.generation;
    counters.portalCalls += 1;
    const loading = askPortal(secret, forCall)
      .then((answer): Loaded => {
        if (answer.valid) {
          const credential = knownCredential(withLimits(answer));
          if (mayStore()) cache.remember(secret, credential, askedAtGeneration);
          return credential;
        }
        if (answer.code !== 'NOT_FOUND') return answer;
        if (mayStore()) cache.remember(secret, NOT_FOUND, askedAtGeneration);
        return NOT_FOUND;
      })
      .finally(() => inFlight.delete(secret));
    inFlight.set(secret, loading);
    return loading;
  }

  /**
   * Judges a known credential for this call and admits a VALID answer against the plan's limits — every
   * one this verifier gives, the portal's own included: asked with `judgeLocally`, the portal leaves
   * admission to the data feed, so each call is admitted once, here. Every answer is counted here for the
   * usage report, the portal's own included: the portal does not count a call it leaves to the feed to
   * judge, since only the feed knows whether it served it. Synchronous while leased units are held.
   */
  function answer(
    secret: string,
    credential: KnownCredential,
    verifyOptions: VerifyOptions | undefined,
    leaseRetried = false,
  ): VerifyResult | Promise<VerifyResult> {
    const nowMs = Date.now();
    let result = judge(credential, verifyOptions, nowMs);
    if (result.valid && allowance) {
      const admission = allowance.admit(result, nowMs);
      if (admission !== true) {
        if (admission instanceof Promise) {
          return admitWhenLeased(secret, result, admission, verifyOptions, leaseRetried);
        }
        result = admission;
      }
    }
    usage.count(credential.answer.clientId, verifyOptions?.scope, result.code, nowMs);
    return result;
  }

  /**
   * A VALID answer waiting for a lease. A lease the portal cannot give rejects, and nothing unleased is
   * admitted in either whenPortalUnreachable mode: verify throws PortalUnavailableError (a 503 at the
   * gate), as when the portal cannot be asked for the answer itself.
   */
  async function admitWhenLeased(
    secret: string,
    credential: VerifiedCredential,
    pending: Promise<Admission>,
    verifyOptions: VerifyOptions | undefined,
    leaseRetried: boolean,
  ): Promise<VerifyResult> {
    let admission: Admission;
    try {
      admission = await pending;
    } catch (error) {
      if (!(error instanceof CredentialNotLeasableError)) throw error;
      if (leaseRetried) {
        throw new PortalUnavailableError(
          `The portal at ${config.portalLabel} verifies ${credential.clientId} but leases no allowance for it.`,
          { cause: error },
        );
      }
      // The credential stopped verifying since it was cached, its revocation still on the way: the
      // portal says what it is now (and counts that call).
      cache.forget(credential.clientId);
      counters.portalCalls += 1;
      const fresh = await askPortal(secret, verifyOptions);
      if (!fresh.valid) return fresh;
      return answer(secret, knownCredential(withLimits(fresh)), verifyOptions, true);
    }
    const outcome = admission === true ? credential : admission;
    usage.count(credential.clientId, verifyOptions?.scope, outcome.code, Date.now());
    return outcome;
  }

  return {
    async verify(secret, verifyOptions) {
      if (closing) throw new VerifierClosedError();
      // Only well-formed secrets are ever cached, so a hit needs no checksum: the length check keeps
      // oversized input from being hashed by the lookup.
      if (typeof secret !== 'string' || secret.length !== CLIENT_SECRET_LENGTH) return MALFORMED;
      const cached = cache.lookup(secret, maxAgeMs());
      if (cached !== undefined) {
        counters.hits += 1;
        return 'answer' in cached ? answer(secret, cached, verifyOptions) : cached;
      }
      if (!isWellFormedClientSecret(secret)) return MALFORMED;
      counters.misses += 1;
      const loaded = await load(secret, verifyOptions);
      return 'answer' in loaded ? answer(secret, loaded, verifyOptions) : loaded;
    },
    ready: () => readiness,
    standing: (credential) => allowance?.standing(credential, Date.now()) ?? null,
    close() {
      closing ??= (async () => {
        failReady(new VerifierClosedError());
        await stream?.close();
        await usage.close();
        cache.clear();
      })();
      return closing;
    },
    get stats() {
      return {
        ...counters,
        streamConnected: stream?.connected ?? false,
        cachedAnswers: cache.size,
        heldDayUnits: allowance?.heldDayUnits ?? 0,
      };
    },
  };
}
