// The console's tools as a test drives them: a staff member signed in (set up through the emailed link),
// calls made with their console token from a known address, answers parsed with the call's contract, and
// the audit rows the provider team's actions leave.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '@datafeeds/domain';
import type { CallAnswer, CallDefinition } from '@datafeeds/domain/calls';
import { staffMembers } from '../../../src/db/schema.ts';
import { auditRows, fromOrigin } from '../../helpers/audit.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { codeAt, consoleLogin, setUpStaff, type SetUpStaff } from './staff-helpers.ts';

export interface SignedInStaff extends SetUpStaff {
  id: string;
  token: string;
}

/** A member set up and signed in; the clock moves one TOTP step on, past the setup's code. */
export async function signedInStaff(
  app: FastifyInstance,
  clock: { advance(seconds: number): void },
  role: StaffRole,
): Promise<SignedInStaff> {
  const staff = await setUpStaff(app, role);
  clock.advance(30);
  const response = await consoleLogin(app, { ...staff, code: await codeAt(app, staff.secret) });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.email, staff.email));
  if (!row) throw new Error(`no staff row for ${staff.email}`);
  return { ...staff, id: row.id, token: response.json<{ token: string }>().token };
}

/** A console call with the member's token, from the audit helpers' ORIGIN. */
export function consoleCall(
  app: FastifyInstance,
  call: CallDefinition,
  token: string,
  input: { payload?: object; search?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject(
    fromOrigin({
      ...callTo(call, input.search),
      headers: bearer(token),
      ...(input.payload ? { payload: input.payload } : {}),
    }),
  );
}

/** The success answer, checked against the contract's schema for `status`. */
export function answerOf<Call extends CallDefinition>(
  call: Call,
  response: LightMyRequestResponse,
  status = 200,
): CallAnswer<Call> {
  expect(response.statusCode, response.body).toBe(status);
  const schema = call.responses[status];
  if (!schema) throw new Error(`${call.operationId} has no ${status} answer`);
  return schema.parse(response.json()) as CallAnswer<Call>;
}

/** An error answer: its status and message. */
export function expectRefusal(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message !== undefined) expect(response.json<{ message: string }>().message).toBe(message);
}

/** The audit rows written after `seq` (see `lastAuditSeq`) by anyone but customers, oldest first. */
export async function teamAuditSince(app: FastifyInstance, seq: number) {
  return (await auditRows(app)).filter((row) => row.seq > seq && row.actorKind !== 'user');
}

export async function lastAuditSeq(app: FastifyInstance): Promise<number> {
  return (await auditRows(app)).at(-1)?.seq ?? 0;
}
