// createVerifier (design §8): verify an RSC token the way the portal would, asking it as rarely as
// possible. A secret that fails the format check is refused without a network call; a known one is
// answered from the cache; concurrent misses for one secret share one portal call; the events stream
// drops what the portal revokes. What is answered without the portal is counted and reported to it
// (usage-report.ts), so a credential's usage shows every call.
import {
  CLIENT_SECRET_LENGTH,
  REVOCATION_WITHIN_MS,
  isWellFormedClientSecret,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/domain/credentials';
import { createAnswerCache } from './answer-cache.ts';
import { VerifierClosedError, VerifierKeyRejectedError } from './errors.ts';
import { followCredentialEvents } from './event-stream.ts';
import {
  judge,
  knownCredential,
  MALFORMED,
  NOT_FOUND,
  type KnownCredential,
  type VerifyOptions,
} from './judge.ts';
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
  readonly stats: Readonly<VerifierStats>;
}

/** A VALID answer ready to judge, or a refusal to pass on as it is. */
type Loaded = KnownCredential | Exclude<VerifyResult, VerifiedCredential>;

export function createVerifier(options: VerifierOptions): Verifier {
  const config = resolveVerifierOptions(options);
  const cache = createAnswerCache({ max: config.cacheMax, ttlMs: config.cacheTtlMs });
  const askPortal = createPortalClient(config);
  const usage = createUsageReporter(config);
  const inFlight = new Map<string, Promise<Loaded>>();
  const counters = { hits: 0, misses: 0, portalCalls: 0 };
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
        onReady: () => {
          cache.clear();
          markReady();
        },
        onChange: (event) => cache.forget(event.clientId),
        onReset: () => cache.clear(),
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

  /** The portal's answer for a secret; `joined` when another call's request brought it. */
  function load(
    secret: string,
    forCall: VerifyOptions | undefined,
  ): { loading: Promise<Loaded>; joined: boolean } {
    const pending = inFlight.get(secret);
    if (pending) return { loading: pending, joined: true };
    const askedAtGeneration = cache.generation;
    counters.portalCalls += 1;
    const loading = askPortal(secret, forCall)
      .then((answer): Loaded => {
        if (answer.valid) {
          const credential = knownCredential(answer);
          if (mayStore()) cache.remember(secret, credential, askedAtGeneration);
          return credential;
        }
        if (answer.code !== 'NOT_FOUND') return answer;
        if (mayStore()) cache.remember(secret, NOT_FOUND, askedAtGeneration);
        return NOT_FOUND;
      })
      .finally(() => inFlight.delete(secret));
    inFlight.set(secret, loading);
    return { loading, joined: false };
  }

  /**
   * Judges a known credential for this call. The portal counted the call that asked it; every other
   * answer (a cache hit, a call that joined another's request) is counted here for the usage report.
   */
  function answer(credential: KnownCredential, verifyOptions: VerifyOptions | undefined, counted: boolean) {
    const nowMs = Date.now();
    const result = judge(credential, verifyOptions, nowMs);
    if (!counted) usage.count(credential.answer.clientId, verifyOptions?.scope, result.code, nowMs);
    return result;
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
        return 'answer' in cached ? answer(cached, verifyOptions, false) : cached;
      }
      if (!isWellFormedClientSecret(secret)) return MALFORMED;
      counters.misses += 1;
      const { loading, joined } = load(secret, verifyOptions);
      const loaded = await loading;
      return 'answer' in loaded ? answer(loaded, verifyOptions, !joined) : loaded;
    },
    ready: () => readiness,
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
      return { ...counters, streamConnected: stream?.connected ?? false, cachedAnswers: cache.size };
    },
  };
}
