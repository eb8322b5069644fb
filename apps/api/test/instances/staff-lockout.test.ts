// The staff lockout holds across portal instances (design §11): failed console sign-ins are counted in
// Redis before they are checked, in one atomic step, so wrong codes sent to two instances at once are
// checked at most 5 times in all, and the account is then locked on both.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { STAFF_SIGN_IN_FAILURE_LIMIT } from '@datafeeds/domain';
import { buildApp } from '../../src/app.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { codeAt, consoleLogin, setUpStaff } from '../routes/console/staff-helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function instance(prefix: string): Promise<FastifyInstance> {
  const app = await buildApp({
    env: testEnv({
      DATABASE_URL: await testDatabaseUrl(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_SCALE: '1000',
    }),
    secrets: TEST_SECRETS,
    serveWebApp: false,
    expirySweepMs: 0,
    usageFlushMs: 0,
    usageRetentionSweepMs: 0,
    mailDeliveryMs: 0,
    trialRemindersMs: 0,
  });
  opened.push(app);
  await app.ready();
  return app;
}

describe.runIf(testDatabaseKind === 'postgres')('staff lockout across two instances', () => {
  it('checks at most 5 wrong codes sent to both at once, then refuses the right one on either', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const [a, b] = await Promise.all([instance(prefix), instance(prefix)]);
    const staff = await setUpStaff(a);
    const right = await codeAt(a, staff.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => consoleLogin(index % 2 ? a : b, { ...staff, code: wrong })),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(STAFF_SIGN_IN_FAILURE_LIMIT);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(
      16 - STAFF_SIGN_IN_FAILURE_LIMIT,
    );
    for (const app of [a, b]) {
      expect((await consoleLogin(app, { ...staff, code: staff.recoveryCodes[0] ?? '' })).statusCode).toBe(
        429,
      );
    }
  });
});
