// The console's sign-in and setup link share one limit per address (design §11): the lockout counts
// failures per account, this counts every try from one address across accounts, so nobody walks a list
// of staff emails or setup links from one machine.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { consoleLogin, getSetup, uniqueStaffEmail } from './staff-sessions.ts';

describe('console sign-in limit', () => {
  it('counts sign-ins and setup-link lookups together, then answers 429 with when to come back', async () => {
    const app = await buildTestApp({ rateLimits: { consoleSignIn: 3 } });
    const stranger = { email: uniqueStaffEmail(), password: 'not-a-password', code: '123456' };
    expect((await consoleLogin(app, stranger)).statusCode).toBe(401);
    expect((await getSetup(app, 'no-such-link')).statusCode).toBe(404);
    expect((await consoleLogin(app, { ...stranger, email: uniqueStaffEmail() })).statusCode).toBe(401);

    const limited = await consoleLogin(app, { ...stranger, email: uniqueStaffEmail() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(ERROR_CODES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getSetup(app, 'no-such-link')).statusCode).toBe(429);
  });
});
