// Several portal instances in one test process, on one PostgreSQL and (unless a test says otherwise)
// one Redis under a key prefix of the test's own: the way tests check that what holds on one instance
// holds on every instance (design §8 revocation, §10 allowance leases, §11 staff lockout).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { TEST_SECRETS, testEnv } from './build-test-app.ts';
import { testDatabaseUrl } from './test-database.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis key prefix no other test shares: instances given the same one hear each other. */
export const uniqueRedisPrefix = () => `test:${randomBytes(4).toString('hex')}:`;

export interface InstanceOptions {
  /** Shared by the instances that must hear each other. */
  prefix: string;
  /** The Redis to use (a proxy's address, say); null: none, so PostgreSQL carries the events. */
  redisUrl?: string | null;
  /** Listen on a port (data-feed verifiers and event streams need one); otherwise inject only. */
  listen?: boolean;
  /** Background work to run or not, beyond the default (no expiry sweep). */
  overrides?: Partial<Omit<BuildAppOptions, 'env' | 'secrets'>>;
}

/** Starts instances and closes every one of them (and the connections clients left open) at the end. */
export function instanceSet() {
  const opened: FastifyInstance[] = [];
  return {
    async start({ prefix, redisUrl = TEST_REDIS_URL, listen = false, overrides }: InstanceOptions) {
      const app = await buildApp({
        env: testEnv({
          DATABASE_URL: await testDatabaseUrl(),
          ...(redisUrl === null ? {} : { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }),
          RATE_LIMIT_SCALE: '1000',
        }),
        secrets: TEST_SECRETS,
        serveWebApp: false,
        expirySweepMs: 0,
        ...overrides,
      });
      opened.push(app);
      if (listen) await app.listen({ host: '127.0.0.1', port: 0 });
      else await app.ready();
      return app;
    },

    async closeAll(): Promise<void> {
      await Promise.all(
        opened.splice(0).map((app) => {
          // fetch keeps a connection to an instance on which it sent nothing; close() would wait for it.
          app.server.closeAllConnections();
          return app.close();
        }),
      );
    },
  };
}

/** Milliseconds until `check` holds, polling every 5 ms; fails past `withinMs`. */
export async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
