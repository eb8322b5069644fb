// Redis goes away (a cut network) or stalls (holds the connection without answering): the portal keeps
// answering at once, its limits keep holding on each instance meanwhile, health says so, and it returns
// to shared counters by itself.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { system } from '@datafeeds/domain/calls';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { callTo, login } from '../helpers/factories.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { createClient, verifiedUser } from '../helpers/tokens.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const redisPort = Number(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);

describe.runIf(testDatabaseKind === 'pglite')('when Redis goes away', () => {
  const proxyPromise = startTcpProxy(redisPort);
  afterAll(async () => (await proxyPromise).close());

  it('answers at once, keeps every limit per instance, says so, and shares them again once Redis is back', async () => {
    const proxy = await proxyPromise;
    const app = await buildTestApp({
      env: {
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
        REDIS_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
      },
      rateLimits: { credentials: 2 },
      loginThrottle: { maxFailures: 3 },
    });
    const health = async () => (await app.inject(callTo(system.health))).json().checks.redis;
    expect(await health()).toBe('up');
    const user = await verifiedUser(app);

    proxy.cut();
    await expect.poll(health, { timeout: 5_000 }).toBe('down');

    // Answers come at once, not after Redis's timeouts, and never as a 500.
    const started = performance.now();
    const wrong = await login(app, user.registration.email, 'not-the-password', '203.0.113.9');
    expect(wrong.statusCode).toBe(401);
    expect(performance.now() - started).toBeLessThan(3_000);

    // The limits still hold, counted here: a login lockout and the credentials limit.
    await login(app, user.registration.email, 'not-the-password', '203.0.113.9');
    await login(app, user.registration.email, 'not-the-password', '203.0.113.9');
    expect(
      (await login(app, user.registration.email, user.registration.password, '203.0.113.9')).statusCode,
    ).toBe(429);
    expect((await createClient(app, user.token)).statusCode).toBe(201);
    expect((await createClient(app, user.token)).statusCode).toBe(201);
    expect((await createClient(app, user.token)).statusCode).toBe(429);

    proxy.restore();
    await expect.poll(health, { timeout: 10_000 }).toBe('up');
    expect((await app.inject(callTo(system.health))).statusCode).toBe(200);
  });

  it('notices a stalled Redis within a ping deadline, answers without waiting for it, and recovers', async () => {
    const proxy = await startTcpProxy(redisPort);
    try {
      const app = await buildTestApp({
        env: {
          REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
          REDIS_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
        },
        loginThrottle: { maxFailures: 3 },
      });
      const checks = async () => (await app.inject(callTo(system.health))).json().checks;
      const allUp = { redis: 'up', revocations: { transport: 'redis', state: 'up' } };
      await expect.poll(checks, { timeout: 5_000 }).toMatchObject(allUp);
      const user = await verifiedUser(app);
      const { email, password } = user.registration;
      /** The slowest of three wrong-password logins from this address, in ms. */
      const slowestLogin = async (address: string) => {
        const times: number[] = [];
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const started = performance.now();
          expect((await login(app, email, 'not-the-password', address)).statusCode).toBe(401);
          times.push(performance.now() - started);
        }
        return Math.max(...times);
      };
      await login(app, email, password, '203.0.113.12'); // warms up
      const healthy = await slowestLogin('203.0.113.10');

      proxy.hold();
      const heldAt = performance.now();
      await expect
        .poll(checks, { timeout: 3_000, interval: 50 })
        .toMatchObject({ redis: 'down', revocations: { transport: 'redis', state: 'down' } });
      // Noticed by the ping deadline (within 700 ms; the bound leaves room for a busy machine).
      expect(performance.now() - heldAt).toBeLessThan(1_500);

      // A login does not wait for Redis's command timeout. Compared with logins just before, so a busy
      // machine slows both alike.
      expect(await slowestLogin('203.0.113.11')).toBeLessThan(healthy + 500);
      // The lockout still holds, counted in this instance's memory.
      expect((await login(app, email, password, '203.0.113.11')).statusCode).toBe(429);

      proxy.restore();
      await expect.poll(checks, { timeout: 10_000, interval: 100 }).toMatchObject(allUp);
      expect(await slowestLogin('203.0.113.13')).toBeLessThan(healthy + 500);
    } finally {
      await proxy.close();
    }
  });

  it('starts while Redis is away, and joins it once it is there', async () => {
    const proxy = await startTcpProxy(redisPort);
    try {
      proxy.cut();
      const app = await buildTestApp({
        env: {
          REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
          REDIS_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
        },
      });
      const checks = async () => (await app.inject(callTo(system.health))).json().checks;
      expect(await checks()).toMatchObject({
        redis: 'down',
        revocations: { transport: 'redis', state: 'down' },
      });
      proxy.restore();
      await expect
        .poll(checks, { timeout: 10_000 })
        .toMatchObject({ redis: 'up', revocations: { transport: 'redis', state: 'up' } });
    } finally {
      await proxy.close();
    }
  });
});
