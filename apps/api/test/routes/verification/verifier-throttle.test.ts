// The verifier-key brute-force throttle (design §8) checks and counts in one step, as the sign-in lockout
// does: a hundred forged keys sent at once from one address, to one instance or to two sharing Redis,
// reach the key check at most as often as the limit allows.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { vi, describe, expect, it } from 'vitest';
import { BASE62_ALPHABET, withChecksum } from '@datafeeds/domain';
import { DEFAULT_VERIFIER_THROTTLE } from '../../../src/plugins/app/verification/verifier-authentication.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { newVerifierKey, verifyCall } from '../../helpers/verification.ts';

const LIMIT = DEFAULT_VERIFIER_THROTTLE.maxFailures;
const ADDRESS = '198.51.100.23';
const secret = withChecksum('dfsk_', 'E'.repeat(43));

const forgedKey = (index: number) =>
  withChecksum(
    'dfvk_',
    `${BASE62_ALPHABET[index % 62]}${BASE62_ALPHABET[Math.floor(index / 62)]}`.padEnd(43, 'F'),
  );

const sharedRedis = () => ({
  env: {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
  },
});

/** Sends 100 forged keys at once, spread over the instances; answers how many reached the key check. */
async function forgeInParallel(instances: FastifyInstance[]) {
  const checks = instances.map((app) => vi.spyOn(app.verifierKeys, 'authenticate'));
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      verifyCall(instances[index % instances.length]!, forgedKey(index), { secret }, ADDRESS),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  return {
    checked: checks.reduce((total, check) => total + check.mock.calls.length, 0),
    refused: statuses.filter((status) => status === 401).length,
    throttled: statuses.filter((status) => status === 429).length,
  };
}

describe('the verifier-key throttle under a parallel burst', () => {
  it('lets at most the limit reach the key check on one instance without Redis', async () => {
    const result = await forgeInParallel([await buildTestApp()]);
    expect(result).toEqual({ checked: LIMIT, refused: LIMIT, throttled: 100 - LIMIT });
  });

  it('lets at most the limit reach the key check on one instance with Redis', async () => {
    const result = await forgeInParallel([await buildTestApp(sharedRedis())]);
    expect(result).toEqual({ checked: LIMIT, refused: LIMIT, throttled: 100 - LIMIT });
  });

  it('lets at most the limit reach the key check across two instances sharing Redis', async () => {
    const options = sharedRedis();
    const result = await forgeInParallel([await buildTestApp(options), await buildTestApp(options)]);
    expect(result).toEqual({ checked: LIMIT, refused: LIMIT, throttled: 100 - LIMIT });
  });

  it('does not hold a live key back: a burst of its first calls all verify, and none counts', async () => {
    const app = await buildTestApp(sharedRedis());
    const key = await newVerifierKey(app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => verifyCall(app, key, { secret }, ADDRESS)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(new Array(100).fill(200));
    expect((await forgeInParallel([app])).checked).toBe(LIMIT);
  });
});
