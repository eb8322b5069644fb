// A database failover under load (issue: "a database failover takes the whole fleet down"): two
// instances on one PostgreSQL with limits enforced, 24 callers verifying or creating tokens on both,
// and every connection of the portal's terminated in the middle. A connection checked out of the pool
// (a transaction, an allowance lease) loses its server too; neither instance may go down: the calls
// caught in the cut get 503 JSON and the rest succeed, and both recover by themselves, every connection
// back in their pools.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { system } from '@datafeeds/domain/calls';
import { callTo } from '../helpers/factories.ts';
import { terminateConnections } from '../helpers/postgres-admin.ts';
import { instanceSet, uniqueRedisPrefix } from '../helpers/instances.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { createClient, createdClient, verifiedUser } from '../helpers/tokens.ts';
import { newVerifierKey, verifyCall } from '../helpers/verification.ts';

const CALLERS = 24;
const instances = instanceSet();
afterAll(() => instances.closeAll());

/** Errors that would have ended the process, caught here so the test names them. */
let uncaught: unknown[] = [];
const record = (error: unknown) => void uncaught.push(error);
beforeEach(() => {
  uncaught = [];
  process.prependListener('uncaughtException', record);
});
afterEach(() => void process.removeListener('uncaughtException', record));

/** `CALLERS` loops of `call` spread over the instances until `stop`; every status they got. */
async function load(
  apps: FastifyInstance[],
  call: (app: FastifyInstance) => Promise<{ statusCode: number; json: () => unknown }>,
  stop: Promise<void>,
) {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const statuses: number[] = [];
  const unavailable: unknown[] = [];
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      while (!stopped) {
        const response = await call(apps[caller % apps.length]!);
        statuses.push(response.statusCode);
        if (response.statusCode === 503) unavailable.push(response.json());
      }
    }),
  );
  return { statuses, unavailable };
}

/** Connections of the instance's pool in use now. */
function checkedOut(app: FastifyInstance): number {
  const pool = (app.database.db as unknown as { $client: pg.Pool }).$client;
  return pool.totalCount - pool.idleCount;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.runIf(testDatabaseKind === 'postgres')('a database failover under load on two instances', () => {
  const prefix = uniqueRedisPrefix();
  const both = () => Promise.all([instances.start({ prefix }), instances.start({ prefix })]);

  it.each(['verification burst', 'token creation'] as const)(
    '%s: both instances stay up, the caught calls get 503 JSON, and both recover',
    async (kind) => {
      const apps = await both();
      const [a] = apps as [FastifyInstance, FastifyInstance];
      const user = await verifiedUser(a);
      const verifierKey = await newVerifierKey(a);
      const { clientSecret } = await createdClient(a, user.token, { sports: ['nfl'] });
      const call =
        kind === 'verification burst'
          ? (app: FastifyInstance) => verifyCall(app, verifierKey, { secret: clientSecret, scope: 'nfl' })
          : (app: FastifyInstance) => createClient(app, user.token);

      const cut = pause(1_000).then(async () => terminateConnections(await testDatabaseUrl()));
      const { statuses, unavailable } = await load(
        apps,
        call,
        cut.then(() => pause(1_000)),
      );

      expect(await cut).toBeGreaterThan(0);
      expect(uncaught).toEqual([]);
      const expected = kind === 'verification burst' ? 200 : 201;
      // Token creation also meets the company's token limit once it has made enough: 409, not a fault.
      expect(new Set(statuses.filter((status) => status !== expected && status !== 409))).toEqual(
        new Set(statuses.includes(503) ? [503] : []),
      );
      for (const body of unavailable) {
        expect(body).toEqual({ error: ERROR_CODES.unavailable, message: expect.any(String) });
      }
      for (const app of apps) {
        await expect
          .poll(async () => (await app.inject(callTo(system.readiness))).statusCode, { timeout: 10_000 })
          .toBe(200);
        // No connection stays checked out by a call the cut ended (a transaction whose BEGIN failed):
        // each would be lost to the pool for good, and the tenth would leave it none.
        await expect.poll(() => checkedOut(app), { timeout: 5_000 }).toBe(0);
        // The burst spent this second's rate (10 a second on a trial): valid again once it has passed.
        await expect
          .poll(
            async () =>
              (await verifyCall(app, verifierKey, { secret: clientSecret, scope: 'nfl' })).json<{
                code: string;
              }>().code,
            { timeout: 5_000, interval: 250 },
          )
          .toBe('VALID');
      }
      expect(uncaught).toEqual([]);
    },
    30_000,
  );
});
