// Usage metering across instances (design §8 "Usage"): several portal instances on one database each
// count in memory and flush on their own timers, concurrently; the stored counts are the exact sum (no
// lost update, no deadlock), a graceful close writes what an instance still held, and a key's VALID reports
// count no further than its leases, whichever instance granted them or took the report. On PostgreSQL the
// instances have pools of their own (DATABASE_URL); on the embedded default they share the file's PGlite.
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { verification } from '@datafeeds/domain/calls';
import { buildApp } from '../../src/app.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { testDatabase, testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { companyIdOf, putOnPlan } from '../helpers/limits.ts';
import { clientsOf, createdClient, verifiedUser } from '../helpers/tokens.ts';
import { usageRows } from '../helpers/usage.ts';
import { leaseDayUnits, verified } from '../helpers/verification.ts';
import { callTo } from '../helpers/factories.ts';

const opened: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function instance(usageFlushMs: number): Promise<FastifyInstance> {
  const shared =
    testDatabaseKind === 'postgres'
      ? { env: testEnv({ DATABASE_URL: await testDatabaseUrl(), RATE_LIMIT_SCALE: '1000' }) }
      : { env: testEnv({ RATE_LIMIT_SCALE: '1000' }), database: await testDatabase() };
  const app = await buildApp({
    ...shared,
    secrets: TEST_SECRETS,
    serveWebApp: false,
    expirySweepMs: 0,
    usageFlushMs,
    usageRetentionSweepMs: 0,
  });
  opened.push(app);
  await app.ready();
  return app;
}

const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString();

describe('usage from several instances on one database', () => {
  it('adds up exactly when two instances verify and flush concurrently', async () => {
    // Flushing every few milliseconds, so the two instances' batches overlap many times.
    const [a, b] = await Promise.all([instance(5), instance(5)]);
    if (!a || !b) throw new Error('two instances');
    const { key } = await a.verifierKeys.create('usage feed');
    const user = await verifiedUser(a);
    const tokens = await Promise.all([
      createdClient(a, user.token, { label: 'One', sports: ['nfl', 'nhl'] }),
      createdClient(a, user.token, { label: 'Two', sports: ['nfl', 'nhl'] }),
    ]);
    // Hundreds of calls a second: past the trial's rate, which is not what this test counts.
    await putOnPlan(a, await companyIdOf(a, tokens[0].clientId), { dailyQuota: null, ratePerSecond: null });
    const started = Date.now();
    const ROUNDS = 40;
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        [a, b].flatMap((app) =>
          tokens.flatMap(({ clientSecret }) => [
            verified(app, key, { secret: clientSecret, scope: 'nflLive' }),
            verified(app, key, { secret: clientSecret, scope: 'nhlLive' }),
            verified(app, key, { secret: clientSecret, scope: 'mlbLive' }),
          ]),
        ),
      );
    }
    await Promise.all([a.usageMeter!.flush(), b.usageMeter!.flush()]);
    const hours = new Set([hourOf(started), hourOf(Date.now())]);
    for (const { clientId } of tokens) {
      const rows = await usageRows(a, clientId);
      const sum = (scope: string, code: string) =>
        [...hours].reduce((total, hour) => total + (rows[`${hour} ${scope} ${code}`] ?? 0), 0);
      expect(sum('nflLive', 'VALID')).toBe(2 * ROUNDS);
      expect(sum('nhlLive', 'VALID')).toBe(2 * ROUNDS);
      expect(sum('mlbLive', 'SCOPE_DENIED')).toBe(2 * ROUNDS);
      expect(Object.values(rows).reduce((total, n) => total + n, 0)).toBe(6 * ROUNDS);
    }
    const listed = await clientsOf(a, user.token);
    for (const client of listed) {
      expect(Date.parse(client.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
    }
  });

  it("accepts a feed's report on one instance for a verification the other has not written yet", async () => {
    const [a, b] = await Promise.all([instance(0), instance(0)]); // no timers: the test flushes
    if (!a || !b) throw new Error('two instances');
    const { key } = await a.verifierKeys.create('balanced feed');
    const user = await verifiedUser(a);
    const { clientId, clientSecret } = await createdClient(a, user.token, { sports: ['nfl'] });
    await verified(a, key, { secret: clientSecret, scope: 'nflLive' });
    expect(await leaseDayUnits(a, key, clientId, 5)).toBe(5); // what the feed admits its answers from
    const hour = hourOf(Date.now());
    const reported = await b.inject({
      ...callTo(verification.reportCredentialUsage),
      headers: { authorization: `Bearer ${key}` },
      payload: { counts: [{ clientId, scope: 'nflLive', code: 'VALID', hour, count: 5 }] },
    });
    expect(reported.statusCode, reported.body).toBe(204);
    await b.usageMeter!.flush(); // a has not written its verification: the report waits
    await a.usageMeter!.flush();
    await b.usageMeter!.flush();
    expect(await usageRows(a, clientId)).toEqual({ [`${hour} nflLive VALID`]: 6 });
    expect(b.usageMeter!.droppedReportedCounts).toBe(0);
  });

  it("counts a key's VALID reports on either instance only up to what it leased on the other", async () => {
    const [a, b] = await Promise.all([instance(0), instance(0)]); // no timers: the test flushes
    if (!a || !b) throw new Error('two instances');
    const { key } = await a.verifierKeys.create('inflating feed');
    const user = await verifiedUser(a);
    const { clientId, clientSecret } = await createdClient(a, user.token, { sports: ['nfl'] });
    await verified(a, key, { secret: clientSecret, scope: 'nflLive', judgeLocally: true });
    const granted = await leaseDayUnits(a, key, clientId, 30);
    expect(granted).toBe(30);
    await a.usageMeter!.flush(); // the verification mark, for b
    const hour = hourOf(Date.now());
    const inflated = {
      counts: ['nflLive', 'nfl', 'any'].map((scope) => ({
        clientId,
        scope,
        code: 'VALID',
        hour,
        count: 3_000_000,
      })),
    };
    const reportTo = (app: FastifyInstance) =>
      app.inject({
        ...callTo(verification.reportCredentialUsage),
        headers: { authorization: `Bearer ${key}` },
        payload: inflated,
      });
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all([reportTo(a), reportTo(b)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
      // Both instances take from the one row at once: never a unit twice.
      await Promise.all([a.usageMeter!.flush(), b.usageMeter!.flush()]);
    }
    const rows = await usageRows(a, clientId);
    expect(Object.values(rows).reduce((total, n) => total + n, 0)).toBe(granted);
    expect(a.usageMeter!.droppedReportedCounts + b.usageMeter!.droppedReportedCounts).toBe(
      4 * 9_000_000 - granted,
    );
  });

  it('writes what an instance still held when it is closed gracefully', async () => {
    const app = await instance(0); // no timer: only the close can write
    const { key } = await app.verifierKeys.create('closing feed');
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token, { sports: ['nfl'] });
    const at = Date.now();
    for (let i = 0; i < 3; i += 1) await verified(app, key, { secret: clientSecret, scope: 'nflLive' });
    expect(await usageRows(app, clientId)).toEqual({});
    const reader = await instance(0);
    await app.close();
    const rows = await usageRows(reader, clientId);
    expect(Object.values(rows).reduce((total, n) => total + n, 0)).toBe(3);
    expect(Object.keys(rows).every((row) => row.endsWith(' nflLive VALID'))).toBe(true);
    expect([hourOf(at), hourOf(Date.now())]).toContain(Object.keys(rows)[0]?.split(' ')[0]);
  });
});
