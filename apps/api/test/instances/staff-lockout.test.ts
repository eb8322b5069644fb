// The staff lockout holds across portal instances (design §11): failed console sign-ins are counted in
// Redis before they are checked, in one atomic step, so wrong codes sent to two instances at once are
// checked at most 5 times in all, and the account is then locked on both.
import { afterAll, describe, expect, it } from 'vitest';
import { instanceSet, uniqueRedisPrefix } from '../helpers/instances.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { codeAt, consoleLogin, setUpStaff } from '../routes/console/staff-sessions.ts';

const instances = instanceSet();
afterAll(() => instances.closeAll());

describe.runIf(testDatabaseKind === 'postgres')('staff lockout across two instances', () => {
  it('checks at most 5 wrong codes sent to both at once, then refuses the right one on either', async () => {
    const prefix = uniqueRedisPrefix();
    const background = { usageFlushMs: 0, usageRetentionSweepMs: 0, mailDeliveryMs: 0, trialRemindersMs: 0 };
    const [a, b] = await Promise.all([
      instances.start({ prefix, overrides: background }),
      instances.start({ prefix, overrides: background }),
    ]);
    const staff = await setUpStaff(a);
    const right = await codeAt(a, staff.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => consoleLogin(index % 2 ? a : b, { ...staff, code: wrong })),
    );
    // The limit written out (design §11): read from the constant, any limit would pass.
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(16 - 5);
    for (const app of [a, b]) {
      expect((await consoleLogin(app, { ...staff, code: staff.recoveryCodes[0] ?? '' })).statusCode).toBe(
        429,
      );
    }
  });
});
