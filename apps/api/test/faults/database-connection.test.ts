// PostgreSQL drops the portal's connections (a restart, a failover, pg_terminate_backend): the instance
// stays up, a request caught in it gets 503 JSON, health says the database is down meanwhile, and the
// pool reconnects by itself.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@datafeeds/domain';
import { buildApp } from '../../src/app.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';

async function terminateConnections(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.runIf(testDatabaseKind === 'postgres')('when PostgreSQL drops the connections', () => {
  const appPromise = testDatabaseUrl().then(async (url) => {
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
  });
  afterAll(async () => (await appPromise).app.close());

  it('stays up, answers the call caught in the cut with 503 JSON, and reconnects by itself', async () => {
    const { app, url } = await appPromise;
    // Several idle pooled connections, the kind whose loss used to end the process.
    await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: API_PATHS.health })));

    const caught = app.inject({ method: 'GET', url: '/test/slow-query' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await terminateConnections(url)).toBeGreaterThan(0);

    const response = await caught;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: ERROR_CODES.unavailable, message: expect.any(String) });

    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: API_PATHS.health })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    const health = (await app.inject({ method: 'GET', url: API_PATHS.health })).json();
    expect(health).toMatchObject({ status: 'ok', checks: { database: 'up' } });
  });
});
