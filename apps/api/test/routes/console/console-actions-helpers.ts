// Console action tests' data: signed-in staff members, console calls made from a known address, and
// the audit rows a company gained since a moment.
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '@datafeeds/domain';
import type { CallDefinition } from '@datafeeds/domain/calls';
import { auditEvents } from '../../../src/db/schema.ts';
import { fromOrigin } from '../../helpers/audit.ts';
import type { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { codeAt, consoleLogin, setUpStaff, type SetUpStaff } from './staff-helpers.ts';

type TestClock = ReturnType<typeof testClock>;

export interface SignedInStaff extends SetUpStaff {
  token: string;
}

/** A console access token for `staff`: a code of a later step than any used before. */
export async function consoleToken(app: FastifyInstance, clock: TestClock, staff: SetUpStaff) {
  clock.advance(30);
  const response = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** A staff member of `role`, set up and signed in. */
export async function signedInStaff(
  app: FastifyInstance,
  clock: TestClock,
  role: StaffRole,
): Promise<SignedInStaff> {
  const staff = await setUpStaff(app, role);
  return { ...staff, token: await consoleToken(app, clock, staff) };
}

/** A console call by the holder of `token`, from ORIGIN (helpers/audit.ts). */
export const consoleCall = (app: FastifyInstance, call: CallDefinition, token: string, payload: object) =>
  app.inject(fromOrigin({ ...callTo(call), headers: bearer(token), payload }));

/** The newest audit row's sequence number now: rows after it are the ones a test caused. */
export async function lastAuditSeq(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ seq: max(auditEvents.seq) }).from(auditEvents);
  return row?.seq ?? 0;
}

/** The company's audit rows written after `seq`, oldest first. */
export async function companyAuditSince(app: FastifyInstance, companyId: string, seq: number) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), gt(auditEvents.seq, seq)))
    .orderBy(asc(auditEvents.seq));
}
