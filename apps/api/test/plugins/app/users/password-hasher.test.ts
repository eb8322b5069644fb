import { setTimeout as sleep } from 'node:timers/promises';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { buildApp } from '../../../../src/app.ts';
import { identities } from '../../../../src/db/schema.ts';
import { AppError } from '../../../../src/lib/errors.ts';
import {
  ARGON2_OPTIONS,
  createHashingQueue,
  createPasswordHasher,
  defaultHashingLimits,
  isArgon2Hash,
  TEST_ONLY_ARGON2_OPTIONS,
} from '../../../../src/plugins/app/users/password-hasher.ts';
import { buildTestApp, TEST_SECRETS, testEnv } from '../../../helpers/build-test-app.ts';
import { registerUser } from '../../../helpers/factories.ts';
import { testDatabase } from '../../../helpers/test-database.ts';

const hasher = createPasswordHasher();

describe('password hasher', () => {
  it('hashes with argon2id and the OWASP parameters', async () => {
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse')).toBe(true);
    expect(await hasher.verify(stored, 'wrong horse')).toBe(false);
    expect(hasher.needsRehash(stored)).toBe(false);
  });

  it.each([null, undefined, '', 'not-a-hash'])('refuses a login against %j', async (stored) => {
    expect(await hasher.verify(stored, 'anything')).toBe(false);
  });

  it('asks to rehash hashes made with other parameters', async () => {
    const old = await hash('pw', { ...ARGON2_OPTIONS, memoryCost: 4096 });
    expect(isArgon2Hash(old)).toBe(true);
    expect(hasher.needsRehash(old)).toBe(true);
    expect(await hasher.verify(old, 'pw')).toBe(true);
  });
});

// The other API tests hash at TEST_ONLY_ARGON2_OPTIONS (buildTestApp): what a server does is pinned here.
describe('the cost a server hashes at', () => {
  const PRODUCTION_PREFIX = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

  it('an app built without the test-only option stores passwords with the OWASP parameters', async () => {
    const app = await buildTestApp({ testOnlyCheapPasswordHashing: false });
    const { registration } = await registerUser(app);
    const [stored] = await app.db
      .select({ passwordHash: identities.passwordHash })
      .from(identities)
      .where(eq(identities.email, registration.email));
    expect(stored?.passwordHash).toMatch(PRODUCTION_PREFIX);
    expect(app.passwordHasher.needsRehash(stored?.passwordHash ?? '')).toBe(false);
  });

  it.each(['development', 'production'] as const)(
    'the test-only cost is refused when NODE_ENV is %s',
    async (nodeEnv) => {
      await expect(
        buildApp({
          env: testEnv({ NODE_ENV: nodeEnv }),
          secrets: TEST_SECRETS,
          database: await testDatabase(),
          testOnlyCheapPasswordHashing: true,
        }),
      ).rejects.toThrow('testOnlyCheapPasswordHashing is for the tests only: NODE_ENV must be test');
    },
  );

  it('a hasher at the test-only cost asks to rehash production hashes, and a production one its hashes', async () => {
    const cheap = createPasswordHasher(defaultHashingLimits(), TEST_ONLY_ARGON2_OPTIONS);
    const cheapHash = await cheap.hash('pw');
    expect(cheap.needsRehash(cheapHash)).toBe(false);
    expect(await cheap.verify(cheapHash, 'pw')).toBe(true);
    expect(cheap.needsRehash(await hasher.hash('pw'))).toBe(true);
    expect(hasher.needsRehash(cheapHash)).toBe(true);
  });
});

function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('password hashing queue', () => {
  it('leaves one core free: all cores but one hash, at least one', () => {
    expect(defaultHashingLimits(1).concurrency).toBe(1);
    expect(defaultHashingLimits(2).concurrency).toBe(1);
    expect(defaultHashingLimits(8).concurrency).toBe(7);
    expect(defaultHashingLimits(2).maxQueued).toBeGreaterThanOrEqual(32);
  });

  it('runs at most `concurrency` hashes at once, first come first served', async () => {
    const queue = createHashingQueue({ concurrency: 2, maxQueued: 10 });
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const task = (index: number) =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(5);
        running -= 1;
        finished.push(index);
        return index;
      });
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map(task))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(finished.slice(0, 2).sort()).toEqual([0, 1]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After while the line is full, and serves again once it shortens', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxQueued: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise.then(() => 'first'));
    const second = queue.run(async () => 'second');
    const refused = await queue.run(async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, code: ERROR_CODES.unavailable });
    expect(Number((refused as AppError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    gate.release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(await queue.run(async () => 'fourth')).toBe('fourth');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxQueued: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('a full line is a 503 for a sign-in, never a wrong password', async () => {
    const busy = createPasswordHasher({ concurrency: 1, maxQueued: 0 });
    const stored = await busy.hash('correct horse');
    // All three asked at once: awaiting between them would let the first finish on a busy machine.
    const first = busy.verify(stored, 'correct horse');
    const second = busy.verify(stored, 'correct horse');
    const unknown = busy.verify(null, 'anything');
    await expect(second).rejects.toMatchObject({ statusCode: 503 });
    await expect(unknown).rejects.toMatchObject({ statusCode: 503 });
    expect(await first).toBe(true);
  });
});
