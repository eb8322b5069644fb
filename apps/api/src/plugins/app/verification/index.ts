// The verification module (design §8): verifier keys and the guard of the data feed's calls, and
// verification itself, answered from the credentials' read model and admitted under the allowance
// truth's limits (§10) when LIMIT_ENFORCEMENT is on.
import fp from 'fastify-plugin';
import type { Secrets } from '../../../config/secrets.ts';
import { createSecretHasher } from '../../../lib/client-credentials.ts';
import { createPortalAllowance } from '../allowance/index.ts';
import { createCredentialLookup } from '../credentials/index.ts';
import {
  createVerificationService,
  type VerificationCacheOptions,
  type VerificationService,
} from './verification-service.ts';
import { installVerifierAuthentication, type VerifierThrottle } from './verifier-authentication.ts';
import { createVerifierKeys, type VerifierKeys } from './verifier-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationService;
    verifierKeys: VerifierKeys;
  }
}

interface VerificationOptions {
  secrets: Secrets;
  cache?: Partial<VerificationCacheOptions> | undefined;
  throttle: VerifierThrottle;
}

export default fp<VerificationOptions>(
  async (app, { secrets, cache, throttle }) => {
    const { db, env, clock } = app;
    const hasher = createSecretHasher(secrets.clientSecretHashKey);
    const lookup = createCredentialLookup(db);
    const verification = createVerificationService({
      clock,
      hasher,
      lookup,
      bus: app.credentialBus,
      cache,
      meter: app.usageMeter,
      allowance:
        env.LIMIT_ENFORCEMENT === 'on' ? createPortalAllowance(app.allowanceTruth, clock) : undefined,
    });
    const verifierKeys = createVerifierKeys({
      db,
      clock,
      hasher,
      bus: app.credentialBus,
      audit: app.auditLog,
      log: app.log,
    });
    app.decorate('verification', verification);
    app.decorate('verifierKeys', verifierKeys);
    installVerifierAuthentication(app, throttle);
    // A data feed's first call should not pay for the miss query's first run, slow on PGlite just after
    // start: the statement runs once, for a hash no secret has, as soon as the server listens (in the
    // background; an app only injected into, as most tests are, never pays for it).
    app.addHook('onListen', async () => {
      await lookup(hasher.hash('warm-up: no secret has this hash'));
    });
    app.addHook('onClose', async () => {
      verification.close();
      verifierKeys.close();
    });
  },
  { name: 'verification', dependencies: ['credentials', 'usage', 'allowance', 'audit', 'redis'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { VerifierKeyIdentity, VerifierKeyRow, VerifierKeys } from './verifier-keys.ts';
export type { VerificationCacheOptions } from './verification-service.ts';
export { DEFAULT_VERIFIER_THROTTLE, type VerifierThrottle } from './verifier-authentication.ts';
