import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLoginAttempts, type LoginAttempts } from '../../../../src/plugins/app/auth/login-attempts.ts';
import { createCounterStore } from '../../../../src/plugins/external/counter-store.ts';
import { testClock } from '../../../helpers/clock.ts';

const limits = { perAccountAndAddress: 2, perAccount: 3, perAddress: 10, windowSeconds: 60 };
const prefix = `datafeeds-test:${randomBytes(6).toString('hex')}:`;
const redis = new Redis('redis://127.0.0.1:6379');
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe.each([
  ['memory', () => createLoginAttempts(createCounterStore({ redis: undefined, prefix, clock: testClock() }))],
  ['redis', () => createLoginAttempts(createCounterStore({ redis, prefix, clock: testClock() }))],
] as const)('login attempts in %s', (_store, create: () => LoginAttempts) => {
  it('an attempt refused before its password check (overload) is handed back and does not count', async () => {
    const attempts = create();
    const account = `someone-${randomBytes(3).toString('hex')}@example.com`;
    expect(await attempts.reserve(account, '198.51.100.1', limits)).toEqual({ allowed: true });
    expect(await attempts.reserve(account, '198.51.100.1', limits)).toEqual({ allowed: true });
    expect((await attempts.reserve(account, '198.51.100.1', limits)).allowed).toBe(false);

    await attempts.released(account, '198.51.100.1');
    expect(await attempts.reserve(account, '198.51.100.1', limits)).toEqual({ allowed: true });
    // The account's count was handed back too: one more address may still try once.
    expect(await attempts.reserve(account, '198.51.100.2', limits)).toEqual({ allowed: true });
    expect((await attempts.reserve(account, '198.51.100.3', limits)).allowed).toBe(false);
  });
});
