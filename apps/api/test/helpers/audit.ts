// Audit log test data: the rows as stored, a person's company, and requests from a known address and
// user agent (app.inject's remoteAddress is what request.ip reads without TRUST_PROXY).
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { auditEvents, identities, profiles } from '../../src/db/schema.ts';

export const ORIGIN = { ip: '203.0.113.7', userAgent: 'AuditTest/1.0 (+https://example.test)' };

/** The options of a request made from ORIGIN. */
export function fromOrigin(options: InjectOptions): InjectOptions {
  return {
    ...options,
    remoteAddress: ORIGIN.ip,
    headers: { ...options.headers, 'user-agent': ORIGIN.userAgent },
  };
}

export async function companyIdOf(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await app.db
    .select({ companyId: profiles.companyId })
    .from(identities)
    .innerJoin(profiles, eq(profiles.identityId, identities.id))
    .where(eq(sql`lower(${identities.email})`, email.toLowerCase()));
  if (!row) throw new Error(`no company for ${email}`);
  return row.companyId;
}

/** Every stored row, oldest first. */
export async function auditRows(app: FastifyInstance) {
  return app.db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
}
