// Verification for the data feed (design §8): may this secret read this feed? Answered from an
// in-process LRU where possible — a hit costs no query — and from one indexed query otherwise, shared by
// concurrent misses for the same secret. Every answer is computed against the clock at the moment of
// the call, so a trial token is EXPIRED from the exact second its expiry passes, cached or not. Entries
// are dropped when the credential bus announces a change, emptied when it reconnects, and never outlive
// the token's expiry or `maxAgeMs` (the backstop should an announcement be lost with its instance).
// While the bus is not listening (lost, or back but not yet resubscribed) an announcement could be
// missed, so no cached credential is trusted: every answer comes from the database and none is kept.
// Every answer about a known credential is counted by the usage meter, in memory, never awaited.
// The cache is keyed by the presented secret itself, as @datafeeds/verifier's is: the keyed hash (an
// HMAC, a large share of a warm call) is computed only for the query of a miss. The process sees every
// secret it verifies anyway; what is stored, in the database, is still only the hash.
// A VALID answer is admitted against its company's plan first (design §10 "Allowance leases"): from
// units this instance holds, synchronously, or after a lease when it holds none; past a limit the answer
// is QUOTA_EXCEEDED or RATE_LIMITED instead, counted as such.
import { LRUCache } from 'lru-cache';
import {
  USAGE_ANY_FEED,
  isWellFormedClientSecret,
  type Admission,
  type Allowance,
  type MeteredCode,
  type VerifyRequest,
  type VerifyResult,
} from '@datafeeds/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { SecretHasher } from '../../../lib/client-credentials.ts';
import { LeaseCredentialGone } from '../allowance/index.ts';
import {
  type CredentialBus,
  type CredentialLookup,
  type KnownCredential,
  judgeKnown,
} from '../credentials/index.ts';
import type { UsageMeter } from '../usage/index.ts';

export interface VerificationCacheOptions {
  /** Credentials kept (each a few hundred bytes). */
  maxEntries: number;
  /** Secrets known not to exist, kept apart so a flood of them cannot evict real credentials. */
  maxMissingEntries: number;
  maxAgeMs: number;
}

const DEFAULT_VERIFICATION_CACHE: VerificationCacheOptions = {
  maxEntries: 50_000,
  maxMissingEntries: 10_000,
  maxAgeMs: 60_000,
};

const MALFORMED: VerifyResult = Object.freeze({ valid: false, code: 'MALFORMED' });
const NOT_FOUND: VerifyResult = Object.freeze({ valid: false, code: 'NOT_FOUND' });

export interface VerificationServiceDeps {
  clock: Clock;
  hasher: SecretHasher;
  lookup: CredentialLookup;
  bus: CredentialBus;
  cache?: Partial<VerificationCacheOptions>;
  /** Counts every answer about a known credential (design §8 "Usage"); absent when metering is off. */
  meter?: Pick<UsageMeter, 'count' | 'noteVerified'> | undefined;
  /** Admits VALID answers within the plan's limits; absent when LIMIT_ENFORCEMENT is off. */
  allowance?: Allowance | undefined;
}

export function createVerificationService({
  clock,
  hasher,
  lookup,
  bus,
  cache,
  meter,
  allowance,
}: VerificationServiceDeps) {
  const options = { ...DEFAULT_VERIFICATION_CACHE, ...cache };
  /** clientId → secret of its cached entry, so an announcement by client id finds it. */
  const secretByClientId = new Map<string, string>();
  const known = new LRUCache<string, KnownCredential>({
    max: options.maxEntries,
    ttl: options.maxAgeMs,
    dispose: (credential, secret) => {
      const { clientId } = credential.answer;
      if (secretByClientId.get(clientId) === secret) secretByClientId.delete(clientId);
    },
  });
  const missing = new LRUCache<string, true>({ max: options.maxMissingEntries, ttl: options.maxAgeMs });
  const inFlight = new Map<string, Promise<KnownCredential | undefined>>();
  /** Bumped by every invalidation: a query that overlapped one may hold what it dropped, so is not kept. */
  let generation = 0;
  const stats = { hits: 0, misses: 0, queries: 0 };

  function forget(clientId: string) {
    generation += 1;
    const secret = secretByClientId.get(clientId);
    if (secret !== undefined) known.delete(secret);
  }

  function clear() {
    generation += 1;
    known.clear();
    missing.clear();
  }

  /**
   * A plan, a cap or an upgrade changed: refusals held are forgotten and the truth asked again. Once per
   * burst (a plan's change is announced for every token on it), before the next call is answered.
   */
  let limitsChangePending = false;
  function limitsChanged() {
    if (!allowance || limitsChangePending) return;
    limitsChangePending = true;
    queueMicrotask(() => {
      limitsChangePending = false;
      allowance.limitsChanged();
    });
  }

  const unsubscribe = [
    bus.subscribe((message) => {
      if (message.type !== 'credential') return;
      forget(message.clientId);
      if (message.reason === 'limits_changed' || message.reason === 'upgraded') limitsChanged();
    }),
    // Whatever was missed may have been a change of limits too.
    bus.onReset(() => {
      clear();
      limitsChanged();
    }),
  ];

  function remember(secret: string, credential: KnownCredential | undefined, nowMs: number) {
    if (!credential) {
      missing.set(secret, true);
      return;
    }
    const untilExpiry = credential.expiresAtMs === null ? Infinity : credential.expiresAtMs - nowMs;
    if (untilExpiry <= 0) return; // judged EXPIRED by the clock anyway; nothing worth keeping
    known.set(secret, credential, { ttl: Math.min(options.maxAgeMs, untilExpiry) });
    secretByClientId.set(credential.answer.clientId, secret);
  }

  async function load(secret: string): Promise<KnownCredential | undefined> {
    const pending = inFlight.get(secret);
    if (pending) return pending;
    const startedAt = generation;
    stats.queries += 1;
    const query = lookup(hasher.hash(secret)).then((credential) => {
      // A loss ends with a reset, which bumps the generation: a query that overlapped a gap is not kept.
      if (generation === startedAt && bus.connected) remember(secret, credential, clock.now().getTime());
      return credential;
    });
    inFlight.set(secret, query);
    try {
      return await query;
    } finally {
      inFlight.delete(secret);
    }
  }

  /** A lease's outcome; undefined when the truth found the credential no longer verifies. */
  async function leased(admission: Promise<Admission>): Promise<Admission | undefined> {
    try {
      return await admission;
    } catch (error) {
      if (error instanceof LeaseCredentialGone) return undefined;
      throw error;
    }
  }

  async function verify(
    request: VerifyRequest,
    verifierKeyId: string | undefined,
    retried: boolean,
  ): Promise<VerifyResult> {
    const { secret } = request;
    // The cache first: only a well-formed secret is ever kept, so a hit needs no checksum of its own.
    let credential = bus.connected ? known.get(secret) : undefined;
    if (credential) stats.hits += 1;
    else if (!isWellFormedClientSecret(secret)) return MALFORMED;
    // A secret known not to exist never will (a new secret is random), so that memory stays usable.
    else if (missing.has(secret)) {
      stats.hits += 1;
      return NOT_FOUND;
    } else {
      stats.misses += 1;
      credential = await load(secret);
      if (!credential) return NOT_FOUND;
    }
    const nowMs = clock.now().getTime();
    // A data-feed service that judges for itself admits for itself too, from its own leases (admitted
    // here as well, its request would be counted twice against the quota), and reports what it served:
    // counted here, a call its own admission refused would show as admitted. A refusal of the credential
    // itself (pending, expired, inactive) it serves as given, without counting it: counted here.
    if (request.judgeLocally === true) {
      const asItIs = judgeKnown(credential, {}, nowMs);
      const clientId = credential.answer.clientId;
      if (!asItIs.valid) {
        meter?.count(
          clientId,
          request.scope ?? USAGE_ANY_FEED,
          asItIs.code as MeteredCode,
          nowMs,
          verifierKeyId,
        );
      } else if (verifierKeyId !== undefined) meter?.noteVerified(verifierKeyId, clientId, nowMs);
      return asItIs;
    }
    let answer = judgeKnown(credential, request, nowMs);
    if (answer.code === 'VALID' && allowance) {
      // Synchronous while this instance holds units: no promise on the hot path.
      const admission = allowance.admit(answer, nowMs);
      if (admission !== true) {
        const outcome = admission instanceof Promise ? await leased(admission) : admission;
        if (outcome === undefined) {
          // Changed since it was read (revoked, suspended): ask the database again, once.
          if (retried) return NOT_FOUND;
          forget(credential.answer.clientId);
          return verify(request, verifierKeyId, true);
        }
        if (outcome !== true) answer = outcome;
      }
    }
    // Only answers about a found credential reach here (MALFORMED and NOT_FOUND returned above), so
    // the code is a metered one.
    meter?.count(
      credential.answer.clientId,
      request.scope ?? USAGE_ANY_FEED,
      answer.code as MeteredCode,
      nowMs,
      verifierKeyId,
    );
    return answer;
  }

  return {
    stats,
    /** This instance's admission, for measuring what it holds; undefined when enforcement is off. */
    allowance,

    /** `verifierKeyId`: the data feed asking, so its usage reports can be checked (design §8 "Usage"). */
    verify: (request: VerifyRequest, verifierKeyId?: string): Promise<VerifyResult> =>
      verify(request, verifierKeyId, false),

    /** Drops every cached answer (used when the credential bus cannot vouch for what was missed). */
    clear,

    close() {
      for (const stop of unsubscribe) stop();
      clear();
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
