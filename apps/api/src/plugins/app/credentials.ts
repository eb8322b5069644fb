// Credentials as the data feed sees them (design §8): the credential bus that carries every change to
// every instance, the one writer of credentials, the expiry sweep, verifier keys and verification, with
// the allowance truth every node leases plan limits from and this instance's own admission (§10).
// Built before the account services, which change credentials through the store.
import fp from 'fastify-plugin';
import type { Env } from '../../config/env.ts';
import type { Secrets } from '../../config/secrets.ts';
import { createSecretHasher } from '../../lib/client-credentials.ts';
import { createAllowanceTruth, type AllowanceTruth } from './allowance/allowance-truth.ts';
import { createPortalAllowance } from './allowance/portal-allowance.ts';
import type { Clock } from '../../lib/clock.ts';
import { postgresTransport, redisTransport } from './credentials/bus-transports.ts';
import { createCredentialBus, memoryTransport, type CredentialBus } from './credentials/credential-bus.ts';
import { createCredentialStore, type CredentialStore } from './credentials/credential-store.ts';
import { startExpirySweep } from './credentials/expiry-sweep.ts';
import { createCredentialLookup } from './credentials/credential-lookup.ts';
import {
  createVerificationService,
  type VerificationCacheOptions,
  type VerificationService,
} from './verification/verification-service.ts';
import { createVerifierKeys, type VerifierKeys } from './verification/verifier-keys.ts';
import { createAuditLog, type AuditLog } from './audit/audit-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    credentialBus: CredentialBus;
    auditLog: AuditLog;
    credentials: CredentialStore;
    verification: VerificationService;
    verifierKeys: VerifierKeys;
    allowanceTruth: AllowanceTruth;
  }
}

interface CredentialsOptions {
  env: Env;
  clock: Clock;
  secrets: Secrets;
  verificationCache?: Partial<VerificationCacheOptions> | undefined;
  /** How often trial tokens past their expiry are recorded as expired; 0 turns the sweep off. */
  expirySweepMs: number;
}

export const DEFAULT_EXPIRY_SWEEP_MS = 1_000;

export default fp<CredentialsOptions>(
  async (app, { env, clock, secrets, verificationCache, expirySweepMs }) => {
    const { db } = app;
    const transport = app.redis
      ? redisTransport(app.redis, `${env.REDIS_KEY_PREFIX}credential-events`)
      : env.DATABASE_URL && app.database.kind === 'postgres'
        ? postgresTransport(env.DATABASE_URL, db)
        : memoryTransport();
    const bus = await createCredentialBus(transport, app.log);
    // Built here, before the account services, since the store and verifier keys write to it too.
    const audit = createAuditLog(clock);
    const store = createCredentialStore({ db, clock, bus, audit });
    const hasher = createSecretHasher(secrets.clientSecretHashKey);
    const allowanceTruth = createAllowanceTruth({ db });
    const lookup = createCredentialLookup(db);
    const verification = createVerificationService({
      clock,
      hasher,
      lookup,
      bus,
      cache: verificationCache,
      meter: app.usageMeter,
      allowance: env.LIMIT_ENFORCEMENT === 'on' ? createPortalAllowance(allowanceTruth, clock) : undefined,
    });
    const verifierKeys = createVerifierKeys({ db, clock, hasher, bus, audit, log: app.log });
    const stopSweep = expirySweepMs > 0 ? startExpirySweep(store, expirySweepMs, app.log) : undefined;

    app.decorate('credentialBus', bus);
    app.decorate('auditLog', audit);
    app.decorate('credentials', store);
    app.decorate('verification', verification);
    app.decorate('verifierKeys', verifierKeys);
    app.decorate('allowanceTruth', allowanceTruth);
    // A data feed's first call should not pay for the miss query's first run, ~300 ms on PGlite just
    // after start: the statement runs once, for a hash no secret has, as soon as the server listens
    // (in the background; an app only injected into, as most tests are, never pays for it).
    app.addHook('onListen', async () => {
      await lookup(hasher.hash('warm-up: no secret has this hash'));
    });
    app.addHook('onClose', async () => {
      await stopSweep?.();
      verification.close();
      verifierKeys.close();
      await bus.close();
    });
    app.log.info({ bus: bus.kind }, 'credential bus ready');
  },
  { name: 'credentials', dependencies: ['database', 'redis', 'usage'] },
);
