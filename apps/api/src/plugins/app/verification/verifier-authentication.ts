// `app.authenticateVerifier` guards the data feed's calls (design §8): `Authorization: Bearer dfvk_…`
// must be a live verifier key. A missing, unknown or revoked key gets 401 and never an answer; an
// address that keeps presenting bad keys is throttled (429), so keys cannot be guessed at speed.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError, rateLimited } from '../../../lib/errors.ts';
import { ERROR_CODES } from '@datafeeds/domain';
import { createFailureCounters } from '../auth/index.ts';
import { bearerToken } from '../sessions/index.ts';
import type { VerifierKeyIdentity } from './verifier-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook; a callback, so a key already checked (every call but the first) costs no promise. */
    authenticateVerifier(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  }
  interface FastifyRequest {
    verifierKey: VerifierKeyIdentity | null;
  }
}

export interface VerifierThrottle {
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_VERIFIER_THROTTLE: VerifierThrottle = { maxFailures: 20, windowSeconds: 60 };

const badVerifierKey = () =>
  new AppError(
    401,
    ERROR_CODES.unauthorized,
    'A live verifier key is required: send Authorization: Bearer dfvk_… (ask the provider team for one).',
  );

/** Installs the guard on `app` (the verification module's plugin, index.ts). */
export function installVerifierAuthentication(app: FastifyInstance, throttle: VerifierThrottle): void {
  const failures = createFailureCounters(app.counters);
  /** Checks under way by the key presented: concurrent first calls with one key share one check. */
  const checking = new Map<string, Promise<VerifierKeyIdentity | undefined>>();

  // The attempt is counted as a failure before the key is checked, in one atomic step with the limit
  // (so a parallel burst cannot all pass a check made before any failed), and handed back if the key
  // turns out live.
  async function check(presented: string | undefined, counter: string) {
    const reservation = await failures.reserve(counter, throttle.maxFailures, throttle.windowSeconds);
    if (!reservation.allowed) throw rateLimited(reservation.retryAfterSeconds);
    const key = await app.verifierKeys.authenticate(presented);
    if (key) await failures.release(counter);
    return key;
  }

  /** A key not cached: checked once for every concurrent call that presents it. */
  async function checkPresented(request: FastifyRequest, presented: string | undefined) {
    const flight = presented ?? '';
    let inFlight = checking.get(flight);
    if (!inFlight) {
      inFlight = check(presented, `verifier-key-failures:ip:${request.ip}`);
      checking.set(flight, inFlight);
      void inFlight.catch(() => undefined).finally(() => checking.delete(flight));
    }
    const key = await inFlight;
    if (!key) throw badVerifierKey();
    request.verifierKey = key;
  }

  app.decorateRequest('verifierKey', null);
  app.decorate(
    'authenticateVerifier',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const presented = bearerToken(request);
      // A key already checked costs neither a query nor a counter look-up: every call but the first.
      const cached = app.verifierKeys.fromCache(presented);
      if (cached) {
        request.verifierKey = cached;
        done();
        return;
      }
      checkPresented(request, presented).then(() => done(), done);
    },
  );
}
