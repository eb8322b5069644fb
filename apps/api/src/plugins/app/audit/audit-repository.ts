// Reading the audit log: a company's trail for its members (every query names the company, so one
// company never reads another's), or any trail for the provider team.
import { and, count, desc, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { AuditEventKind } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { auditEvents, profiles } from '../../../db/schema.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export interface AuditQuery {
  /** A company's events only; `all` (provider team) includes events of no company. */
  company: { id: string } | 'all';
  kind?: AuditEventKind | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

function conditions(query: AuditQuery): SQL | undefined {
  return and(
    query.company === 'all' ? undefined : eq(auditEvents.companyId, query.company.id),
    // A company id from the caller is never null, but say it: customers never see company-less events.
    query.company === 'all' ? undefined : isNotNull(auditEvents.companyId),
    query.kind ? eq(auditEvents.kind, query.kind) : undefined,
    query.from ? gte(auditEvents.at, query.from) : undefined,
    query.until ? lt(auditEvents.at, query.until) : undefined,
  );
}

export function createAuditRepository(db: Db) {
  return {
    /** Newest first; events of one moment in the order they were written, newest first too. */
    async list(query: AuditQuery, window?: { offset: number; limit: number }): Promise<AuditEventRow[]> {
      const select = db
        .select()
        .from(auditEvents)
        .where(conditions(query))
        .orderBy(desc(auditEvents.at), desc(auditEvents.seq));
      return window ? select.limit(window.limit).offset(window.offset) : select;
    },

    /**
     * The names now of the people with these identity ids who are in the company: someone who left (or
     * joined another company since) is not named to it.
     */
    async namesIn(companyId: string, identityIds: readonly string[]): Promise<Map<string, string>> {
      if (identityIds.length === 0) return new Map();
      const rows = await db
        .select({ id: profiles.identityId, firstName: profiles.firstName, lastName: profiles.lastName })
        .from(profiles)
        .where(and(eq(profiles.companyId, companyId), inArray(profiles.identityId, [...identityIds])));
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
    },

    async count(query: AuditQuery): Promise<number> {
      const [row] = await db.select({ total: count() }).from(auditEvents).where(conditions(query));
      return row?.total ?? 0;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
