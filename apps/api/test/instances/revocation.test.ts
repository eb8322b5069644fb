// Several portal instances on one PostgreSQL (design §8): a change made through one instance reaches
// every other instance's cache and every data feed connected to it within a second — through Redis
// pub/sub when REDIS_URL is set, through PostgreSQL LISTEN/NOTIFY when only DATABASE_URL is — and an
// instance that loses its transport for a while ends its feeds' streams and empties its caches once it
// is back.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createVerifier, type Verifier } from '@datafeeds/verifier';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { VerifiedCredential } from '@datafeeds/domain';
import { tokens, verification } from '@datafeeds/domain/calls';
import { openEventStream, type EventStream, type StreamEvent } from '../helpers/event-stream.ts';
import { runOperatorCommand } from '../../src/operator/commands.ts';
import { lazy } from '../helpers/lazy.ts';
import { instanceSet, TEST_REDIS_URL, uniqueRedisPrefix, within } from '../helpers/instances.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { createdClient, deleteClient, rotateClient, verifiedUser } from '../helpers/tokens.ts';
import { verified } from '../helpers/verification.ts';
import { bearer, callTo } from '../helpers/factories.ts';

const instances = instanceSet();
const streams: EventStream[] = [];
const verifiers: Verifier[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(verifiers.map((verifier) => verifier.close()));
  await instances.closeAll();
});

async function instance(transport: 'redis' | 'postgres', prefix: string): Promise<FastifyInstance> {
  const app = await instances.start({
    prefix,
    listen: true,
    ...(transport === 'redis' ? {} : { redisUrl: null }),
  });
  expect(app.credentialBus.kind).toBe(transport);
  return app;
}

const baseUrlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function stream(app: FastifyInstance, key: string) {
  const opened = await openEventStream(baseUrlOf(app), key);
  streams.push(opened);
  await opened.next((event) => event.event === 'ready');
  return opened;
}

describe.runIf(testDatabaseKind === 'postgres').each(['redis', 'postgres'] as const)(
  'two instances sharing revocations through %s',
  (transport) => {
    const prefix = uniqueRedisPrefix();
    const both = lazy(() => Promise.all([instance(transport, prefix), instance(transport, prefix)]));

    it('a rotation or deletion on A is refused through B, and told to B’s feeds, within a second', async () => {
      const [a, b] = await both();
      const { key } = await a.verifierKeys.create(`${transport} feed`);
      const feed = await stream(b, key);
      const verifier = createVerifier({
        portalUrl: baseUrlOf(b),
        verifierKey: key,
        onError: () => undefined,
      });
      verifiers.push(verifier);
      await verifier.ready();
      const user = await verifiedUser(a);
      const first = await createdClient(a, user.token);
      expect(await verified(b, key, { secret: first.clientSecret })).toMatchObject({ code: 'VALID' }); // warm on B
      expect(await verifier.verify(first.clientSecret)).toMatchObject({ code: 'VALID' }); // warm in the feed

      const rotated = await rotateClient(a, user.token, first.clientId);
      expect(rotated.statusCode).toBe(200);
      const refusedAfter = await within(1_000, async () => {
        const answer = await verified(b, key, { secret: first.clientSecret });
        return answer.code === 'NOT_FOUND';
      });
      expect(refusedAfter).toBeLessThan(1_000);
      await feed.next((event) => event.event === 'revoked' && event.data.clientId === first.clientId, 1_000);
      await within(1_000, async () => (await verifier.verify(first.clientSecret)).code === 'NOT_FOUND');

      const next = rotated.json<{ clientId: string; clientSecret: string }>();
      expect(await verified(b, key, { secret: next.clientSecret })).toMatchObject({ code: 'VALID' });
      await deleteClient(a, user.token, next.clientId);
      await within(
        1_000,
        async () => (await verified(b, key, { secret: next.clientSecret })).code === 'NOT_FOUND',
      );
      await feed.next((event) => event.event === 'revoked' && event.data.clientId === next.clientId, 1_000);
    });

    it('a plan change and a token cap made on A reach B’s answers and B’s feeds within a second', async () => {
      const [a, b] = await both();
      const { key } = await a.verifierKeys.create(`${transport} limits feed`);
      const feed = await stream(b, key);
      const user = await verifiedUser(a);
      const { clientId, clientSecret } = await createdClient(a, user.token);
      const limitsOnB = async () =>
        ((await verified(b, key, { secret: clientSecret })) as VerifiedCredential).limits;
      expect(await limitsOnB()).toMatchObject({ plan: 'trial', dailyCap: null }); // cached on B
      const limitsChanged = (event: StreamEvent) =>
        event.event === 'changed' &&
        event.data.clientId === clientId &&
        event.data.reason === 'limits_changed';

      const plan = `fast-${randomBytes(3).toString('hex')}`;
      await runOperatorCommand(a, {
        command: 'plan',
        args: ['create', plan, '--daily', '99', '--rate', '9'],
      });
      await runOperatorCommand(a, { command: 'set-plan', args: [user.registration.email, plan] });
      await within(1_000, async () => (await limitsOnB()).plan === plan);
      await feed.next(limitsChanged, 1_000);

      feed.events.length = 0;
      await runOperatorCommand(a, { command: 'plan', args: ['update', plan, '--daily', '77'] });
      await within(1_000, async () => (await limitsOnB()).dailyQuota === 77);
      await feed.next(limitsChanged, 1_000);

      feed.events.length = 0;
      await a.inject({
        ...callTo(tokens.setTokenCap),
        headers: bearer(user.token),
        payload: { clientId, dailyCap: 12 },
      });
      await within(1_000, async () => (await limitsOnB()).dailyCap === 12);
      await feed.next(limitsChanged, 1_000);
    });

    it('a verifier key revoked on A is refused by B at once', async () => {
      const [a, b] = await both();
      const { row, key } = await a.verifierKeys.create('short-lived feed');
      const secret = (await createdClient(a, (await verifiedUser(a)).token)).clientSecret;
      expect(await verified(b, key, { secret })).toMatchObject({ code: 'VALID' }); // key cached on B
      await a.verifierKeys.revoke(row.id);
      await within(1_000, async () => {
        const response = await b.inject({
          ...callTo(verification.verifyCredential),
          headers: { authorization: `Bearer ${key}` },
          payload: { secret },
        });
        return response.statusCode === 401;
      });
    });

    it('B tells its feeds to reset when its transport is lost, and empties its caches once it is back', async () => {
      const [a, b] = await both();
      const { key } = await a.verifierKeys.create('resilient feed');
      const feed = await stream(b, key);
      const user = await verifiedUser(a);
      const { clientSecret } = await createdClient(a, user.token);
      await verified(b, key, { secret: clientSecret });
      const queriesBefore = b.verification.stats.queries;

      if (transport === 'redis') {
        const admin = new Redis(TEST_REDIS_URL);
        try {
          // Only this run's listeners: other suites may share the Redis server.
          const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')).split('\n');
          const ours = clients.filter((line) => line.includes(` name=${prefix}credential-events-listener `));
          expect(ours.length).toBe(2);
          for (const line of ours) await admin.client('KILL', 'ID', /id=(\d+)/.exec(line)?.[1] ?? '');
        } finally {
          admin.disconnect();
        }
      } else {
        const admin = new pg.Client({ connectionString: await testDatabaseUrl() });
        await admin.connect();
        try {
          await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
          );
        } finally {
          await admin.end();
        }
      }
      // B can no longer pass revocations on: its feed is told to drop everything, and the stream ends.
      await feed.next((event) => event.event === 'reset', 10_000);
      await feed.ended;
      await within(10_000, async () => b.credentialBus.connected);
      expect(await verified(b, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
      expect(b.verification.stats.queries).toBe(queriesBefore + 1); // the cache had been emptied

      // And revocations flow again, to a stream opened once B listens again.
      const again = await stream(b, key);
      await rotateClient(a, user.token, (await createdClient(a, user.token)).clientId);
      await again.next((event) => event.event === 'revoked', 2_000);
    });
  },
);
