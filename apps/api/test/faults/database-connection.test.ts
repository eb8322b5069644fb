// PostgreSQL drops the portal's connections (a restart, a failover, pg_terminate_backend): the instance
// stays up, a request caught in it gets 503 JSON, health says the database is down meanwhile, and the
// pool reconnects by itself.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { system, tokens, users, type CallDefinition } from '@datafeeds/domain/calls';
import { buildApp } from '../../src/app.ts';
import { DATABASE_CONNECT_TIMEOUT_MS } from '../../src/db/client.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { bearer, callTo } from '../helpers/factories.ts';
import { lazy } from '../helpers/lazy.ts';
import { terminateConnections } from '../helpers/postgres-admin.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { verifiedUser } from '../helpers/tokens.ts';

describe.runIf(testDatabaseKind === 'postgres')('when PostgreSQL drops the connections', () => {
  const appPromise = lazy(() =>
    testDatabaseUrl().then(async (url) => {
      const app = await buildApp({
        env: testEnv({ DATABASE_URL: url }),
        secrets: TEST_SECRETS,
        serveWebApp: false,
        expirySweepMs: 0,
      });
      // A call that holds its connection long enough to be cut in the middle.
      app.get('/test/slow-query', async () => {
        await app.db.execute(sql`select pg_sleep(5)`);
        return { done: true };
      });
      await app.ready();
      return { app, url };
    }),
  );
  afterAll(async () => (await appPromise()).app.close());

  it('stays up, answers the call caught in the cut with 503 JSON, and reconnects by itself', async () => {
    const { app, url } = await appPromise();
    // Several idle pooled connections, the kind whose loss must not end the process.
    await Promise.all(Array.from({ length: 4 }, () => app.inject(callTo(system.health))));

    const caught = app.inject({ method: 'GET', url: '/test/slow-query' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await terminateConnections(url)).toBeGreaterThan(0);

    const response = await caught;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: ERROR_CODES.unavailable, message: expect.any(String) });

    await expect
      .poll(async () => (await app.inject(callTo(system.health))).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    const health = (await app.inject(callTo(system.health))).json();
    expect(health).toMatchObject({ status: 'ok', checks: { database: 'up' } });
  });
});

// The network between the portal and PostgreSQL fails, as a proxy or a partition makes it: connections
// reset (cut) or attempts left unanswered (stall). Each request answers 503 at once or within the
// connect timeout, liveness stays up, readiness says the database is down, and it all recovers.
describe.runIf(testDatabaseKind === 'postgres')('when the network to PostgreSQL fails', () => {
  const setup = lazy(() =>
    testDatabaseUrl().then(async (url) => {
      const proxy = await startTcpProxy(Number(new URL(url).port || 5432));
      const proxied = new URL(url);
      proxied.port = String(proxy.port);
      const app = await buildApp({
        env: testEnv({ DATABASE_URL: proxied.toString() }),
        secrets: TEST_SECRETS,
        serveWebApp: false,
        expirySweepMs: 0,
      });
      const user = await verifiedUser(app);
      return { app, proxy, user };
    }),
  );
  afterAll(async () => {
    const { app, proxy } = await setup();
    await app.close();
    await proxy.close();
  });

  const status = async (call: CallDefinition, token?: string) => {
    const { app } = await setup();
    return (await app.inject({ ...callTo(call), ...(token ? { headers: bearer(token) } : {}) })).statusCode;
  };

  it.each([
    ['cut', 2_000],
    ['stall', DATABASE_CONNECT_TIMEOUT_MS + 2_000],
  ] as const)('%s: 503 within %i ms per request, liveness up, and back by itself', async (fault, bound) => {
    const { app, proxy, user } = await setup();
    await Promise.all(Array.from({ length: 4 }, () => status(system.readiness)));
    expect(await status(users.getUser, user.token)).toBe(200);

    if (fault === 'cut') proxy.cut();
    else proxy.stall();
    // Once the pool has noticed its dropped connections, every request needs a new one: refused at once
    // (cut), or never answered (stall) until the connect timeout.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const during = await Promise.all([
      app.inject({ ...callTo(users.getUser), headers: bearer(user.token) }),
      app.inject({ ...callTo(tokens.getClients), headers: bearer(user.token) }),
      app.inject(callTo(system.readiness)),
    ]);
    expect(performance.now() - started).toBeLessThan(bound);
    expect(during.map((response) => response.statusCode)).toEqual([503, 503, 503]);
    expect(during[0]?.json()).toEqual({ error: ERROR_CODES.unavailable, message: expect.any(String) });
    expect(during[2]?.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
    expect(await status(system.liveness)).toBe(200);

    proxy.restore();
    await expect.poll(() => status(system.readiness), { timeout: 10_000 }).toBe(200);
    expect(await status(users.getUser, user.token)).toBe(200);
  });
});
