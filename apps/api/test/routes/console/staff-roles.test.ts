// A console call with `access: { kind: 'staff', role: 'admin' }` admits administrators only (design §11
// "Console API": admin may everything support may, and more); no such call is served yet, so this test
// declares one of its own.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@datafeeds/domain';
import { defineCall } from '@datafeeds/domain/calls';
import { registerCall } from '../../../src/routes/register-call.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, registerUser } from '../../helpers/factories.ts';
import { codeAt, consoleLogin, setUpStaff } from './staff-helpers.ts';

const adminOnly = defineCall({
  method: 'GET',
  path: '/api/console/test-admin-only',
  access: { kind: 'staff', role: 'admin' },
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
    expect(support.json()).toMatchObject({ message: STAFF_MESSAGES.adminOnly });
    const customer = await registerUser(app);
    expect((await app.inject({ ...callTo(adminOnly), headers: bearer(customer.token) })).statusCode).toBe(
      401,
    );
  });
});
