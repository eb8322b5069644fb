// The staff trail (design §11: "every staff action is in the audit log with the staff member as actor"):
// the provider team's actions — staff in the console, named, and operator commands — newest first, one
// member's alone when asked, each with the company it acted on (none for a verifier key or a staff
// account). Read through the index on (actor_kind, at, seq).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { StaffTrail } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { auditEvents, companies } from '../../../db/schema.ts';
import { type AuditEventRow, type AuditRepository, toAuditEvent } from '../audit/index.ts';
import { personIdsOf } from './company-page.ts';

export interface StaffTrailQuery {
  staffId?: string | undefined;
  page: number;
  pageSize: number;
}

/** The people the events' details name, as each company knows them now: one query per company. */
async function namesByCompany(
  audit: AuditRepository,
  events: AuditEventRow[],
): Promise<Map<string, ReadonlyMap<string, string>>> {
  const byCompany = new Map<string, AuditEventRow[]>();
  for (const event of events) {
    if (event.companyId) byCompany.set(event.companyId, [...(byCompany.get(event.companyId) ?? []), event]);
  }
  return new Map(
    await Promise.all(
      [...byCompany].map(
        async ([companyId, ofCompany]) =>
          [companyId, await audit.namesIn(companyId, personIdsOf(ofCompany))] as const,
      ),
    ),
  );
}

export function createStaffTrail({ db, audit }: { db: Db; audit: AuditRepository }) {
  return {
    async page({ staffId, page, pageSize }: StaffTrailQuery): Promise<StaffTrail> {
      const where = and(
        inArray(auditEvents.actorKind, ['staff', 'operator']),
        staffId ? eq(auditEvents.actorId, staffId) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ event: auditEvents, companyName: companies.name })
          .from(auditEvents)
          .leftJoin(companies, eq(companies.id, auditEvents.companyId))
          .where(where)
          .orderBy(desc(auditEvents.at), desc(auditEvents.seq))
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ total: count() }).from(auditEvents).where(where),
      ]);
      const names = await namesByCompany(
        audit,
        rows.flatMap((row) => (row.companyName === null ? [] : [row.event])),
      );
      const events = rows.map(({ event, companyName }) => ({
        ...toAuditEvent(event, names.get(event.companyId ?? ''), 'provider'),
        // A company deleted since is no longer shown (nor can its page be opened).
        company: event.companyId && companyName !== null ? { id: event.companyId, name: companyName } : null,
      }));
      return { events, page, pageSize, total: counted?.total ?? 0 };
    },
  };
}

export type StaffTrailService = ReturnType<typeof createStaffTrail>;
