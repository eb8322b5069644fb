// The counter store every limit counts in (counter-store.ts): the same counting in Redis and in memory,
// atomic under parallel attempts, and, when Redis goes away, counting on in memory so that no limit
// lapses, and counting in Redis again once it is back.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createCounterStore, type CounterStore } from '../../../src/plugins/external/counter-store.ts';
import { testClock } from '../../helpers/clock.ts';
import { startTcpProxy } from '../../helpers/tcp-proxy.ts';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `test:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(redisUrl.href);
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const unique = (name: string) => `${name}:${randomBytes(4).toString('hex')}`;
const WINDOW_MS = 60_000;

describe.each([
  ['memory', () => createCounterStore({ redis: undefined, prefix, clock: testClock() })],
  ['redis', () => createCounterStore({ redis, prefix, clock: testClock() })],
] as const)('counters in %s', (where, create: () => CounterStore) => {
  it('count in a window that starts with the first count', async () => {
    const counters = create();
    const key = unique('requests');
    expect(await counters.read(key)).toEqual({ current: 0, ttl: 0 });
    expect((await counters.increment(key, WINDOW_MS)).current).toBe(1);
    const second = await counters.increment(key, WINDOW_MS);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(second.ttl).toBeLessThanOrEqual(WINDOW_MS);
    expect((await counters.read(key)).current).toBe(2);
    if (where === 'redis') expect(await redis.get(prefix + key)).toBe('2');
  });

  it('reserve counts in every counter or, once one has reached its limit, in none', async () => {
    const counters = create();
    const account = unique('account');
    const address = unique('address');
    const attempt = (from: string) =>
      counters.reserve(
        [
          { key: account, field: from, limit: 2 },
          { key: account, field: 'total', limit: 3 },
          { key: address, limit: 10 },
        ],
        WINDOW_MS,
      );
    expect(await attempt('a')).toEqual({ allowed: true });
    expect(await attempt('a')).toEqual({ allowed: true });
    const refused = await attempt('a');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(await attempt('b')).toEqual({ allowed: true });
    // The total is reached: every field of the account refuses, and nothing more was counted anywhere.
    expect((await attempt('c')).allowed).toBe(false);
    expect((await counters.read(address)).current).toBe(3);
  });

  it('lets exactly `limit` of many parallel attempts through', async () => {
    const counters = create();
    const key = unique('parallel');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => counters.reserve([{ key, limit: 5 }], WINDOW_MS)),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
    expect((await counters.read(key)).current).toBe(5);
  });

  it('takes counts back one at a time, never below zero, or all of a field or a key at once', async () => {
    const counters = create();
    const key = unique('give-back');
    const account = unique('account');
    await counters.increment(key, WINDOW_MS);
    await counters.takeBack([{ key }]);
    await counters.takeBack([{ key }]);
    expect((await counters.read(key)).current).toBe(0);
    expect(await counters.reserve([{ key, limit: 1 }], WINDOW_MS)).toEqual({ allowed: true });

    const byField = (field: string) => [{ key: account, field, limit: 1 }];
    for (const field of ['x', 'y', 'z']) await counters.reserve(byField(field), WINDOW_MS);
    await counters.takeBack([
      { key: account, field: 'x' },
      { key: account, field: 'y', all: true },
    ]);
    expect(await counters.reserve(byField('x'), WINDOW_MS)).toEqual({ allowed: true });
    expect(await counters.reserve(byField('y'), WINDOW_MS)).toEqual({ allowed: true });
    expect((await counters.reserve(byField('z'), WINDOW_MS)).allowed).toBe(false);
    await counters.takeBack([{ key: account, all: true }]);
    expect(await counters.reserve(byField('z'), WINDOW_MS)).toEqual({ allowed: true });
  });

  it('never makes a counter again by taking back from one that is gone', async () => {
    const counters = create();
    const key = unique('gone');
    await counters.takeBack([{ key }, { key, field: 'f' }]);
    expect(await counters.read(key)).toEqual({ current: 0, ttl: 0 });
    if (where === 'redis') expect(await redis.exists(prefix + key)).toBe(0);
  });
});

describe('counters in memory', () => {
  it('end with their window, and the next count starts a new one', async () => {
    const clock = testClock();
    const counters = createCounterStore({ redis: undefined, prefix, clock });
    const key = unique('window');
    expect(await counters.reserve([{ key, limit: 1 }], WINDOW_MS)).toEqual({ allowed: true });
    clock.advance(WINDOW_MS / 1000 - 1);
    expect(await counters.reserve([{ key, limit: 1 }], WINDOW_MS)).toEqual({
      allowed: false,
      retryAfterMs: 1000,
    });
    clock.advance(1);
    expect(await counters.read(key)).toEqual({ current: 0, ttl: 0 });
    await counters.takeBack([{ key }]);
    expect(await counters.reserve([{ key, limit: 1 }], WINDOW_MS)).toEqual({ allowed: true });
  });
});

describe('counters while Redis goes away', () => {
  it('count on in memory, so limits still hold, and count in Redis again once it is back', async () => {
    const proxy = await startTcpProxy(Number(redisUrl.port || 6379));
    // Configured as the server's connection is (external/redis.ts): failing at once while Redis is away.
    const client = new Redis(proxy.port, '127.0.0.1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 1_000,
      retryStrategy: () => 50,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const counters = createCounterStore({ redis: client, prefix, clock: testClock() });
      const key = unique('outage');
      const reserve = () => counters.reserve([{ key, limit: 2 }], WINDOW_MS);
      expect(await reserve()).toEqual({ allowed: true });
      expect(await redis.get(prefix + key)).toBe('1');

      proxy.cut();
      // Counted in memory from nothing: the limit holds on this instance, however many try.
      expect(await reserve()).toEqual({ allowed: true });
      expect(await reserve()).toEqual({ allowed: true });
      expect((await reserve()).allowed).toBe(false);
      expect((await counters.increment(`${key}:requests`, WINDOW_MS)).current).toBe(1);
      // Taken back in memory too while Redis cannot hear it.
      await counters.takeBack([{ key }]);
      expect(await reserve()).toEqual({ allowed: true });
      expect((await reserve()).allowed).toBe(false);

      proxy.restore();
      await expect.poll(() => client.ping().catch(() => 'down'), { timeout: 5_000 }).toBe('PONG');
      // Redis's count again, kept through the outage.
      expect(await reserve()).toEqual({ allowed: true });
      expect(await redis.get(prefix + key)).toBe('2');
      expect((await reserve()).allowed).toBe(false);
    } finally {
      client.disconnect();
      await proxy.close();
    }
  });
});
