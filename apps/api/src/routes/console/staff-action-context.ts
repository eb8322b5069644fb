// The AuditContext of a console request (design §11 "Every staff action"): the signed-in staff member
// acts, from the request's address. Services that audit take it, as the CLI's give OPERATOR_CONTEXT.
import type { FastifyRequest } from 'fastify';
import { staffContext, type AuditContext, originOf } from '../../plugins/app/audit/index.ts';
import { staffOf } from '../../plugins/app/staff/index.ts';

export function staffActionContext(request: FastifyRequest): AuditContext {
  const { staffId, email } = staffOf(request);
  return staffContext({ id: staffId, email }, originOf(request));
}
