// Rate-limit counters in Redis: named by limit and size, shared by instances configured alike and kept
// apart between instances with different limits (RATE_LIMIT_SCALE).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { system, tokens, users } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { createClient, verifiedUser } from '../../helpers/tokens.ts';
import { callTo } from '../../helpers/factories.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(redisUrl);
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const instance = (credentials: number) =>
  buildTestApp({ env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }, rateLimits: { credentials } });

describe('rate-limit counters in Redis', () => {
  it('are named by limit and size, never "undefined"', async () => {
    const app = await instance(5);
    const user = await verifiedUser(app);
    expect((await createClient(app, user.token)).statusCode).toBe(201);
    await app.inject(callTo(users.checkEmailRegistered, '?email=a@example.com'));
    const keys = await redis.keys(`${prefix}rate-limit:*`);
    expect(keys).toEqual(
      expect.arrayContaining([
        `${prefix}rate-limit:credentials:5:127.0.0.1`,
        `${prefix}rate-limit:availability:10000:127.0.0.1`,
        `${prefix}rate-limit:POST/api/register:10000:127.0.0.1`,
        `${prefix}rate-limit:global:10000:127.0.0.1`,
      ]),
    );
    expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
  });

  it('are shared by instances with the same limit and kept apart from one with another', async () => {
    const [first, second, larger] = await Promise.all([instance(2), instance(2), instance(3)]);
    const user = await verifiedUser(first);
    const remoteAddress = '198.51.100.23';
    const create = (app: typeof first) =>
      app.inject({
        ...callTo(tokens.createClient),
        headers: { authorization: `Bearer ${user.token}` },
        payload: {
          label: 'Limited',
          apiType: 'rest',
          liveGame: true,
          preGame: false,
          postGame: false,
          sports: ['nfl'],
        },
        remoteAddress,
      });
    expect((await create(first)).statusCode).toBe(201);
    expect((await create(second)).statusCode).toBe(201);
    expect((await create(first)).statusCode).toBe(429);
    expect((await create(second)).statusCode).toBe(429);
    for (let call = 0; call < 3; call += 1) expect((await create(larger)).statusCode).toBe(201);
    expect((await create(larger)).statusCode).toBe(429);
  });

  it('count in windows that end: one counter per address, living one window, told in the headers', async () => {
    const app = await instance(5);
    const remoteAddress = '198.51.100.77';
    const check = () => app.inject({ ...callTo(system.config), remoteAddress });
    await check();
    const second = await check();
    const key = `${prefix}rate-limit:global:10000:${remoteAddress}`;
    expect(await redis.get(key)).toBe('2');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(second.headers['x-ratelimit-limit']).toBe('10000');
    expect(second.headers['x-ratelimit-remaining']).toBe('9998');
    expect(Number(second.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(second.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
  });
});
