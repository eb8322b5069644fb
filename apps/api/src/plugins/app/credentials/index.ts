// The credentials module (design §8): the credential bus that carries every change to every instance,
// the one writer of credentials, and the expiry sweep. Registered before the modules that change
// credentials through the store (companies, tokens, users) and before verification, which reads them.
import fp from 'fastify-plugin';
import { postgresTransport, redisTransport } from './bus-transports.ts';
import { createCredentialBus, memoryTransport, type CredentialBus } from './credential-bus.ts';
import { createCredentialStore, type CredentialStore } from './credential-store.ts';
import { startExpirySweep } from './expiry-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    credentialBus: CredentialBus;
    credentials: CredentialStore;
  }
}

interface CredentialsOptions {
  /** How often trial tokens past their expiry are recorded as expired; 0 turns the sweep off. */
  expirySweepMs: number;
}

export const DEFAULT_EXPIRY_SWEEP_MS = 1_000;

export default fp<CredentialsOptions>(
  async (app, { expirySweepMs }) => {
    const { db, env, clock } = app;
    const transport = app.redis
      ? redisTransport(app.redis, `${env.REDIS_KEY_PREFIX}credential-events`)
      : env.DATABASE_URL && app.database.kind === 'postgres'
        ? postgresTransport(env.DATABASE_URL, db)
        : memoryTransport();
    const bus = await createCredentialBus(transport, app.log);
    const store = createCredentialStore({ db, clock, bus, audit: app.auditLog });
    const stopSweep = expirySweepMs > 0 ? startExpirySweep(store, expirySweepMs, app.log) : undefined;
    app.decorate('credentialBus', bus);
    app.decorate('credentials', store);
    app.addHook('onClose', async () => {
      await stopSweep?.();
      await bus.close();
    });
    app.log.info({ bus: bus.kind }, 'credential bus ready');
  },
  { name: 'credentials', dependencies: ['database', 'redis', 'audit'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { NewApiClient, NewSecret, ApiClientRow } from './credential-rows.ts';
export type { CredentialStore } from './credential-store.ts';
export type { CredentialBus } from './credential-bus.ts';
export {
  createCredentialLookup,
  findKnownByClientId,
  type CredentialLookup,
  type KnownCredential,
} from './credential-lookup.ts';
export { judgeKnown } from './judge-known.ts';
export { lastUseMoves } from './last-use.ts';
