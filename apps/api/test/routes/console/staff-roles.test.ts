// A console call guarded by an action of the console's policy table admits the roles the table gives
// it (design §11 "Console API"); this test declares a call of its own, so the guard is tested apart
// from any real call (the matrix of the real ones is console-policy.test.ts).
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CONSOLE_REFUSALS } from '@datafeeds/domain';
import { defineCall } from '@datafeeds/domain/calls';
import { registerCall } from '../../../src/routes/register-call.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, registerUser } from '../../helpers/factories.ts';
import { codeAt, consoleLogin, setUpStaff } from './staff-sessions.ts';

const adminOnly = defineCall({
  method: 'GET',
  path: '/api/console/test-admin-only',
  access: { kind: 'staff', action: 'manageStaff' },
  operationId: 'testAdminOnly',
  tag: 'console',
  summary: 'A call for administrators only (test)',
  responses: { 200: z.object({ email: z.string() }) },
  errors: [401, 403],
});

const clock = testClock();
const app = await buildTestApp({
  clock,
  extend: (server) => registerCall(server, adminOnly, async ({ caller }) => ({ email: caller.email })),
});

async function staffToken(role: 'admin' | 'support'): Promise<string> {
  const staff = await setUpStaff(app, role);
  clock.advance(30);
  return (await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) })).json<{
    token: string;
  }>().token;
}

describe('console roles', () => {
  it('admits an administrator, refuses support with 403 and a customer with 401', async () => {
    const admin = await app.inject({ ...callTo(adminOnly), headers: bearer(await staffToken('admin')) });
    expect(admin.statusCode).toBe(200);
    const support = await app.inject({ ...callTo(adminOnly), headers: bearer(await staffToken('support')) });
    expect(support.statusCode).toBe(403);
    expect(support.json()).toMatchObject({ message: CONSOLE_REFUSALS.manageStaff });
    const customer = await registerUser(app);
    expect((await app.inject({ ...callTo(adminOnly), headers: bearer(customer.token) })).statusCode).toBe(
      401,
    );
  });
});
