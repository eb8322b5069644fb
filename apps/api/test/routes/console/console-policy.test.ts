// The console's policy (design §11 "Console API") as the real calls apply it, pinned by a table written
// out here — role × call, the status each role gets — rather than computed from policy.ts: a table read
// from the code under test agrees with any change to it, so support allowed to approve upgrades would
// pass. A support member refused gets the action's sentence (403); an administrator gets what the
// handler answers for the sample (200/201, or 404 for the made-up company, key or member), never just
// "not 403". Each call gets a body its own schema accepts, so what answers is the guard and then the
// handler, never validation.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CLIENT_ID_BODY_LENGTH,
  CLIENT_ID_PREFIX,
  CONSOLE_REFUSALS,
  ERROR_CODES,
  type ConsoleAction,
  type StaffRole,
} from '@datafeeds/domain';
import { ALL_CALLS, type CallDefinition } from '@datafeeds/domain/calls';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { appWithStaff, uniqueStaffEmail } from './staff-sessions.ts';

const { app, admin, support } = await appWithStaff(testClock(new Date('2026-05-04T10:00:00Z')));

/** A valid value for each field a console call's body or query has; a new field must be added here. */
const SAMPLE_FIELDS: Record<string, () => unknown> = {
  companyId: () => randomUUID(),
  id: () => randomUUID(),
  clientId: () => `${CLIENT_ID_PREFIX}${'Z'.repeat(CLIENT_ID_BODY_LENGTH)}`,
  plan: () => 'standard',
  days: () => 1,
  to: () => 'trial',
  name: () => `policy-${randomBytes(4).toString('hex')}`,
  dailyQuota: () => 1000,
  ratePerSecond: () => 5,
  email: () => uniqueStaffEmail(),
  role: () => 'support',
};

/** A value its schema accepts, from SAMPLE_FIELDS by the names of the schema's required fields. */
function sampleOf(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const required = Object.entries(shape).flatMap(([field, fieldSchema]) =>
    fieldSchema.safeParse(undefined).success ? [] : [field],
  );
  const sample = Object.fromEntries(
    required.map((field) => {
      const value = SAMPLE_FIELDS[field];
      if (!value) throw new Error(`no sample value for the field "${field}"`);
      return [field, value()];
    }),
  );
  const parsed = schema.safeParse(sample);
  if (!parsed.success) throw new Error(`sample ${JSON.stringify(sample)} refused: ${parsed.error.message}`);
  return sample;
}

/**
 * What each role gets from each console call with the samples above, written out (design §11): support
 * reads everything, extends trials and retries emails; everything else is an administrator's. 404 is the
 * handler's answer for the made-up id, so the guard let the call through; 403 the guard's refusal.
 */
const EXPECTED: Record<string, Record<StaffRole, number>> = {
  getStaffMe: { support: 200, admin: 200 },
  getConsoleOverview: { support: 200, admin: 200 },
  searchCompanies: { support: 200, admin: 200 },
  getConsoleCompany: { support: 404, admin: 404 },
  getConsoleCompanyActivity: { support: 404, admin: 404 },
  getConsoleQueues: { support: 200, admin: 200 },
  getStaffTrail: { support: 200, admin: 200 },
  listVerifierKeys: { support: 200, admin: 200 },
  listOutbox: { support: 200, admin: 200 },
  listPlans: { support: 200, admin: 200 },
  extendTrial: { support: 404, admin: 404 },
  retryEmail: { support: 404, admin: 404 },
  approveUpgrade: { support: 403, admin: 404 },
  changeCompanyPlan: { support: 403, admin: 404 },
  suspendCompany: { support: 403, admin: 404 },
  reinstateCompany: { support: 403, admin: 404 },
  endTokenReview: { support: 403, admin: 404 },
  createVerifierKey: { support: 403, admin: 201 },
  revokeVerifierKey: { support: 403, admin: 404 },
  createPlan: { support: 403, admin: 201 },
  updatePlan: { support: 403, admin: 404 },
  listStaff: { support: 403, admin: 200 },
  createStaff: { support: 403, admin: 201 },
  disableStaff: { support: 403, admin: 404 },
  resetStaffMfa: { support: 403, admin: 404 },
  enableStaff: { support: 403, admin: 404 },
  unlockStaff: { support: 403, admin: 404 },
};

const consoleCalls = ALL_CALLS.filter((call) => call.access.kind === 'staff');

function request(call: CallDefinition, token: string) {
  const query = sampleOf(call.query);
  const body = sampleOf(call.body);
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`
    : '';
  return app.inject({
    ...callTo(call, search),
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
}

/**
 * A contract whose route is not in this app yet is contracts.test.ts's failure (every contract has a
 * route); this table checks the guards of the routes there are.
 */
const served = (call: CallDefinition) => app.hasRoute({ method: call.method, url: call.path });

describe('the console policy, role by call', () => {
  it('has a row for every console call, and no row for a call that is gone', () => {
    expect(consoleCalls.map((call) => call.operationId).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(consoleCalls)('$operationId', (call) => {
    const expected = EXPECTED[call.operationId] ?? { support: Number.NaN, admin: Number.NaN };
    const action = call.access.kind === 'staff' ? call.access.action : undefined;

    it.skipIf(!served(call))(`answers a support member ${expected.support}`, async () => {
      const response = await request(call, support.token);
      expect(response.statusCode, response.body).toBe(expected.support);
      if (expected.support === 403) {
        expect(response.json()).toEqual({
          error: ERROR_CODES.forbidden,
          message: CONSOLE_REFUSALS[action as ConsoleAction],
        });
      }
    });

    it.skipIf(!served(call))(`answers an administrator ${expected.admin}`, async () => {
      const response = await request(call, admin.token);
      expect(response.statusCode, response.body).toBe(expected.admin);
    });
  });
});
