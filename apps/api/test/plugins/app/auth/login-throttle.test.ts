import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { callTo, latestEmail, linkParam, login, mailbox, registerUser } from '../../../helpers/factories.ts';

const WINDOW_SECONDS = 15 * 60;
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const statusesOf = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode).sort();
const times = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describe.each(['memory', 'redis'] as const)('login lockout with counters in %s', (store) => {
  const prefix = `datafeeds-test:${randomBytes(6).toString('hex')}:`;
  const redis = store === 'redis' ? new Redis('redis://127.0.0.1:6379', { lazyConnect: true }) : undefined;
  const env = store === 'redis' ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix } : {};
  const clock = testClock();
  // The documented defaults: 10 per account and address, 100 per account, 30 per address.
  const appPromise = buildTestApp({ clock, env });
  // Small limits, so the account-wide and address-wide locks take few (slow, hashed) attempts.
  const small = { maxFailures: 3, maxAccountFailures: 7, maxAddressFailures: 5, windowSeconds: 60 };
  const smallAppPromise = buildTestApp({ clock, env, loginThrottle: small });

  afterAll(async () => {
    if (!redis) return;
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('locks one address out of an account after 10 failures; other addresses still sign in', async () => {
    const app = await appPromise;
    const { registration } = await registerUser(app);
    const guesser = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(app, registration.email, 'wrong-password', guesser)).statusCode).toBe(401);
    }
    const locked = await login(app, registration.email, registration.password, guesser);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: ERROR_CODES.rateLimited,
      message: expect.stringMatching(/Too many requests/),
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    // The owner, elsewhere, is not locked out by a stranger's ten guesses.
    expect((await login(app, registration.email, registration.password, freshIp())).statusCode).toBe(200);
    if (store === 'memory') {
      clock.advance(WINDOW_SECONDS + 1);
      expect((await login(app, registration.email, registration.password, guesser)).statusCode).toBe(200);
    }
  });

  it('counts before the password check: 40 parallel guesses from one address get 10 checks', async () => {
    const app = await appPromise;
    const { registration } = await registerUser(app);
    const guesser = freshIp();
    const answers = await Promise.all(
      times(40, guesser).map((ip) => login(app, registration.email, 'wrong-password', ip)),
    );
    expect(statusesOf(answers)).toEqual([...times(10, 401), ...times(30, 429)]);
  });

  it('locks the account for everyone after 100 failures from many addresses, even in parallel', async () => {
    const app = await smallAppPromise;
    const { registration } = await registerUser(app);
    // 14 addresses of 2 guesses each, all at once: only 7 (the account's limit) reach the password check.
    const answers = await Promise.all(
      Array.from({ length: 14 }, freshIp).flatMap((ip) =>
        times(2, ip).map((address) => login(app, registration.email, 'wrong-password', address)),
      ),
    );
    expect(statusesOf(answers)).toEqual([...times(7, 401), ...times(21, 429)]);
    const locked = await login(app, registration.email, registration.password, freshIp());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks an address after 30 failures over any accounts, and only that address', async () => {
    const app = await smallAppPromise;
    const sprayer = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const email = `unknown-${attempt}-${randomBytes(3).toString('hex')}@example.com`;
      expect((await login(app, email, 'wrong-password', sprayer)).statusCode).toBe(401);
    }
    const { registration } = await registerUser(app);
    const locked = await login(app, registration.email, registration.password, sprayer);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(app, registration.email, registration.password, freshIp())).statusCode).toBe(200);
  });

  it("a success forgives its address's failures on the account", async () => {
    const app = await appPromise;
    const { registration } = await registerUser(app);
    const ip = freshIp();
    for (let attempt = 0; attempt < 9; attempt += 1)
      await login(app, registration.email, 'wrong-password', ip);
    expect((await login(app, registration.email, registration.password, ip)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1)
      await login(app, registration.email, 'wrong-password', ip);
    expect((await login(app, registration.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(app, registration.email, 'wrong-password', ip)).statusCode).toBe(429);
  });

  it('a completed password reset lifts the lockout of the account', async () => {
    const app = await smallAppPromise;
    const { registration } = await registerUser(app);
    const ips = Array.from({ length: 3 }, freshIp);
    for (const ip of ips)
      for (let attempt = 0; attempt < 3; attempt += 1)
        await login(app, registration.email, 'wrong-password', ip);
    expect((await login(app, registration.email, registration.password, freshIp())).statusCode).toBe(429);

    const before = await mailbox(app);
    await app.inject({ ...callTo(auth.forgotPassword), payload: { email: registration.email } });
    const message = await latestEmail(app, registration.email, /Reset your DataFeeds password/, before);
    const password = `${randomBytes(9).toString('base64url')}-renewed`;
    const reset = await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken: linkParam(message, 'resetToken'), password },
    });
    expect(reset.statusCode).toBe(200);
    // Both the account-wide lock and the lock of the address that guessed are gone.
    expect((await login(app, registration.email, password, ips[0])).statusCode).toBe(200);
    expect((await login(app, registration.email, password, freshIp())).statusCode).toBe(200);
  });
});
