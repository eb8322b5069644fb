// The console's policy table (policy.ts, design §11 "Console API") as the real calls apply it, read
// from the contracts: every console call guarded by an action refuses a support member with that
// action's sentence (403) when the table leaves support out, and lets support through otherwise; an
// administrator is never refused. Each call gets a body its own schema accepts, so what answers is the
// guard and then the handler (404/409/201…), never validation.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CLIENT_ID_BODY_LENGTH,
  CLIENT_ID_PREFIX,
  CONSOLE_POLICY,
  CONSOLE_REFUSALS,
  ERROR_CODES,
  type ConsoleAction,
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

/** A value its schema accepts, from SAMPLE_FIELDS by the schema's field names. */
function sampleOf(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const sample = Object.fromEntries(
    Object.keys(shape).map((field) => {
      const value = SAMPLE_FIELDS[field];
      if (!value) throw new Error(`no sample value for the field "${field}"`);
      return [field, value()];
    }),
  );
  const parsed = schema.safeParse(sample);
  if (!parsed.success) throw new Error(`sample ${JSON.stringify(sample)} refused: ${parsed.error.message}`);
  return sample;
}

const guarded = ALL_CALLS.flatMap((call) =>
  call.access.kind === 'staff' && call.access.action ? [{ call, action: call.access.action }] : [],
);

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

describe('the console policy table, call by call', () => {
  it('has guarded console calls to check', () => {
    expect(guarded.map(({ call }) => call.operationId)).toEqual(
      expect.arrayContaining([
        'approveUpgrade',
        'extendTrial',
        'changeCompanyPlan',
        'suspendCompany',
        'reinstateCompany',
        'endTokenReview',
      ]),
    );
  });

  describe.each(guarded)('$call.operationId ($action)', ({ call, action }) => {
    const supportMay = CONSOLE_POLICY[action as ConsoleAction].includes('support');

    it.skipIf(!served(call))(
      supportMay ? 'lets a support member through' : 'refuses a support member with the table’s sentence',
      async () => {
        const response = await request(call, support.token);
        if (supportMay) expect(response.statusCode, response.body).not.toBe(403);
        else {
          expect(response.statusCode, response.body).toBe(403);
          expect(response.json()).toEqual({
            error: ERROR_CODES.forbidden,
            message: CONSOLE_REFUSALS[action as ConsoleAction],
          });
        }
      },
    );

    it.skipIf(!served(call))('never refuses an administrator', async () => {
      const response = await request(call, admin.token);
      expect(response.statusCode, response.body).not.toBe(403);
      expect(response.statusCode, response.body).not.toBe(400);
    });
  });
});
