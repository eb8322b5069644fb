// The audit rows a console test caused: everything after a sequence number taken before it acted, the
// provider team's rows or one company's, and what a staff member's action from ORIGIN leaves.
import { and, asc, eq, gt, max, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { auditEvents } from '../../../src/db/schema.ts';
import { ORIGIN } from '../../helpers/audit.ts';

/** The newest audit row's sequence number now: rows after it are the ones a test caused. */
export async function lastAuditSeq(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ seq: max(auditEvents.seq) }).from(auditEvents);
  return row?.seq ?? 0;
}

/** The audit rows written after `seq` by anyone but customers (staff, operator, portal), oldest first. */
export async function teamAuditSince(app: FastifyInstance, seq: number) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.seq, seq), ne(auditEvents.actorKind, 'user')))
    .orderBy(asc(auditEvents.seq));
}

/** The company's audit rows written after `seq`, oldest first. */
export async function companyAuditSince(app: FastifyInstance, companyId: string, seq: number) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), gt(auditEvents.seq, seq)))
    .orderBy(asc(auditEvents.seq));
}

/** The row of a console action on no company (a plan, a key, a staff account, an email) by `staff`. */
export const staffActionRow = (staff: { id: string; email: string }, kind: string, detail: object) =>
  expect.objectContaining({
    kind,
    actorKind: 'staff',
    actorId: staff.id,
    actorEmail: staff.email,
    companyId: null,
    ipAddress: ORIGIN.ip,
    userAgent: ORIGIN.userAgent,
    detail,
  });
