// The real portal for the bench's tests, in the test's own process so what it sends to PostgreSQL can
// be watched: buildApp on the environment bench:api's portal children get (servers.ts: production mode,
// PostgreSQL, Redis under a prefix of its own, behind one proxy), logs off, on a database of its own
// (TEST_POSTGRES_URL, like the API suite's, else BENCH_DATABASE_URL's server) migrated at start;
// `close` drops it with the Redis keys and the temporary directory.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadEnv } from '../../../apps/api/src/config/env.ts';
import { cleanUp } from '@datafeeds/bench-shared/cleanup';
import { createDatabase } from '@datafeeds/bench-shared/database';
import { reserveRedisPrefix } from '@datafeeds/bench-shared/redis-prefix';
import { portalEnvironment, type Deployment } from '../src/servers.ts';
import { settings } from '../src/settings.ts';

export interface InProcessPortal {
  url: string;
  deployment: Deployment;
  close(): Promise<void>;
}

/** `listening` wraps the server's listen (after start-up): what runs in its context, its requests do too. */
export async function startInProcessPortal(
  listening: <T>(listen: () => T) => T = (listen) => listen(),
): Promise<InProcessPortal> {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? settings.adminDatabaseUrl;
  try {
    const deployment: Deployment = {
      databaseUrl: await createDatabase(adminUrl, 'api'),
      redisKeyPrefix: reserveRedisPrefix(settings.redisUrl, 'api'),
      sessionSecret: randomBytes(32).toString('base64url'),
      hashKey: randomBytes(32).toString('base64url'),
    };
    const env = loadEnv({ ...portalEnvironment(deployment), LOG_LEVEL: 'silent', PORT: '0' });
    const app = await buildApp({ env, serveWebApp: false });
    await app.ready();
    await listening(() => app.listen({ host: '127.0.0.1', port: 0 }));
    const { port } = app.server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      deployment,
      async close() {
        await app.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
