// The one-second promise under faults (design §8): instance A's link to Redis is cut, or held open by a
// Redis that stopped answering, while a token is deleted through instance B. A cannot hear the
// revocation, so it must stop trusting its cache — it answers from the database, and ends the events
// streams it can no longer vouch for so the data feeds connected to it ask too — and once its link is
// back it resubscribes with its caches emptied.
import type { FastifyInstance } from 'fastify';
import { createVerifier, type Verifier } from '@datafeeds/verifier';
import { afterAll, describe, expect, it } from 'vitest';
import { system } from '@datafeeds/domain/calls';
import { companyIdOf, putOnPlan } from '../helpers/limits.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { instanceSet, TEST_REDIS_URL, uniqueRedisPrefix, within } from '../helpers/instances.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { createdClient, deleteClient, verifiedUser } from '../helpers/tokens.ts';
import { verified } from '../helpers/verification.ts';
import { callTo } from '../helpers/factories.ts';

const redisUrl = new URL(TEST_REDIS_URL);
const instances = instanceSet();
const proxies: TcpProxy[] = [];
const verifiers: Verifier[] = [];
afterAll(async () => {
  await Promise.all(verifiers.map((verifier) => verifier.close()));
  await instances.closeAll();
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

const instance = (redis: string, prefix: string): Promise<FastifyInstance> =>
  instances.start({ prefix, redisUrl: redis, listen: true });

const revocationsOf = async (app: FastifyInstance) =>
  (await app.inject(callTo(system.health))).json().checks.revocations.state;

describe.runIf(testDatabaseKind === 'postgres').each(['cut', 'held'] as const)(
  'instance A’s Redis link %s',
  (fault) => {
    it('A refuses a token deleted on B within a second, and so does the data feed following A', async () => {
      const prefix = uniqueRedisPrefix();
      const proxy = await startTcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
      proxies.push(proxy);
      const [a, b] = await Promise.all([
        instance(`redis://127.0.0.1:${proxy.port}`, prefix),
        instance(redisUrl.href, prefix),
      ]);
      const { key } = await b.verifierKeys.create(`feed on A, link ${fault}`);
      const verifier = createVerifier({
        portalUrl: a.listeningOrigin,
        verifierKey: key,
        onError: () => undefined,
      });
      verifiers.push(verifier);
      await verifier.ready();
      const user = await verifiedUser(b);
      const doomed = await createdClient(b, user.token);
      const kept = await createdClient(b, user.token);
      // No plan limits: a lease finds a deleted token in the database at once, and would answer the
      // feed before A has noticed its link is down — this is about what A's cache does meanwhile.
      await putOnPlan(b, await companyIdOf(b, doomed.clientId), { dailyQuota: null, ratePerSecond: null });
      for (const { clientSecret } of [doomed, kept]) {
        expect(await verified(a, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' }); // cached on A
        expect(await verifier.verify(clientSecret)).toMatchObject({ code: 'VALID' }); // cached in the feed
      }

      if (fault === 'cut') proxy.cut();
      else proxy.hold();
      expect((await deleteClient(b, user.token, doomed.clientId)).statusCode).toBe(204);
      await within(
        1_000,
        async () => (await verified(a, key, { secret: doomed.clientSecret })).code === 'NOT_FOUND',
      );
      await within(1_000, async () => (await verifier.verify(doomed.clientSecret)).code === 'NOT_FOUND');
      expect(await revocationsOf(a)).toBe('down');
      // What still holds is still answered, from the database.
      expect(await verified(a, key, { secret: kept.clientSecret })).toMatchObject({ code: 'VALID' });

      proxy.restore();
      await within(10_000, async () => (await revocationsOf(a)) === 'up');
      expect(await verified(a, key, { secret: kept.clientSecret })).toMatchObject({ code: 'VALID' });
      await deleteClient(b, user.token, kept.clientId);
      await within(
        1_000,
        async () => (await verified(a, key, { secret: kept.clientSecret })).code === 'NOT_FOUND',
      );
    });
  },
);
