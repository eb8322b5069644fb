import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { login, registerUser } from '../../../helpers/factories.ts';

const WINDOW_SECONDS = 15 * 60;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

describe.each(['memory', 'redis'] as const)('login lockout with counters in %s', (store) => {
  const prefix = `datafeeds-test:${randomBytes(6).toString('hex')}:`;
  const redis = store === 'redis' ? new Redis('redis://127.0.0.1:6379', { lazyConnect: true }) : undefined;
  const clock = testClock();
  const appPromise = buildTestApp({
    clock,
    env: store === 'redis' ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix } : {},
  });

  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('locks an account after 10 consecutive failures, from any IPs, with Retry-After', async () => {
    const app = await appPromise;
    const { registration } = await registerUser(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(app, registration.email, 'wrong-password', freshIp())).statusCode).toBe(401);
    }
    const locked = await login(app, registration.email, registration.password, freshIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: ERROR_CODES.rateLimited,
      message: expect.stringMatching(/Too many requests/),
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    if (redis) {
      await redis.connect();
      expect(await redis.keys(`${prefix}login-failures:account:*`)).toHaveLength(1);
    } else {
      clock.advance(WINDOW_SECONDS + 1);
      expect((await login(app, registration.email, registration.password, freshIp())).statusCode).toBe(200);
    }
  });

  it('locks an IP after 10 consecutive failures, whatever the accounts', async () => {
    const app = await appPromise;
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await login(app, `unknown-${attempt}-${prefix.length}@example.com`, 'wrong-password', ip))
          .statusCode,
      ).toBe(401);
    }
    const { registration } = await registerUser(app);
    const locked = await login(app, registration.email, registration.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(app, registration.email, registration.password, freshIp())).statusCode).toBe(200);
  });

  it('a successful login resets the account counter', async () => {
    const app = await appPromise;
    const { registration } = await registerUser(app);
    for (let attempt = 0; attempt < 9; attempt += 1)
      await login(app, registration.email, 'wrong-password', freshIp());
    expect((await login(app, registration.email, registration.password, freshIp())).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1)
      await login(app, registration.email, 'wrong-password', freshIp());
    expect((await login(app, registration.email, 'wrong-password', freshIp())).statusCode).toBe(401);
  });
});

describe('login lockout limits', () => {
  it('can be configured', async () => {
    const app = await buildTestApp({ loginThrottle: { maxFailures: 2, windowSeconds: 60 } });
    const { registration } = await registerUser(app);
    const ip = freshIp();
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push((await login(app, registration.email, 'nope-nope', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});
