// What a company's members read of the audit log (the Activity page and its CSV export), and the shapes
// the operator `audit` command shares with them.
import {
  ACTIVITY_CSV_COLUMNS,
  AUDIT_EVENT_LABELS,
  type ActivityFilter,
  type ActivityPage,
  type AuditEvent,
} from '@datafeeds/domain';
import { toCsv } from '../../../lib/csv.ts';
import type { CompanyCaller } from '../sessions/sessions-service.ts';
import type { AuditEventRow, AuditQuery, AuditRepository } from './audit-repository.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The filter's `from`/`to` as instants: a day is UTC, and `to` as a day includes all of it. */
export function filterRange(filter: ActivityFilter): Pick<AuditQuery, 'kind' | 'from' | 'until'> {
  const from = filter.from
    ? new Date(DAY.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)
    : undefined;
  let until: Date | undefined;
  if (filter.to) {
    until = DAY.test(filter.to)
      ? new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)
      : // A time is inclusive; stored times are to the millisecond here (the clock's), so +1 ms is "after".
        new Date(Date.parse(filter.to) + 1);
  }
  return { kind: filter.kind, from, until };
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: String(row.seq),
    at: row.at.toISOString(),
    kind: row.kind,
    actor: { kind: row.actorKind, email: row.actorEmail },
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    detail: row.detail as AuditEvent['detail'],
  };
}

/** One CSV line per event, in ACTIVITY_CSV_COLUMNS' order. */
export function activityCsvRow(event: AuditEvent): string[] {
  return [
    event.at,
    AUDIT_EVENT_LABELS[event.kind],
    event.actor.email ?? event.actor.kind,
    event.ipAddress ?? '',
    event.userAgent ?? '',
    JSON.stringify(event.detail),
  ];
}

export function createActivityService({ audit }: { audit: AuditRepository }) {
  function companyQuery({ companyId }: CompanyCaller, filter: ActivityFilter): AuditQuery {
    return { company: { id: companyId }, ...filterRange(filter) };
  }

  return {
    async page(
      caller: CompanyCaller,
      { page, pageSize, ...filter }: ActivityFilter & { page: number; pageSize: number },
    ): Promise<ActivityPage> {
      const query = companyQuery(caller, filter);
      const [rows, total] = await Promise.all([
        audit.list(query, { offset: page * pageSize, limit: pageSize }),
        audit.count(query),
      ]);
      return { events: rows.map(toAuditEvent), page, pageSize, total };
    },

    /** Every event the filter matches, as CSV with the header row. */
    async exportCsv(caller: CompanyCaller, filter: ActivityFilter): Promise<string> {
      const rows = await audit.list(companyQuery(caller, filter));
      return toCsv([ACTIVITY_CSV_COLUMNS, ...rows.map((row) => activityCsvRow(toAuditEvent(row)))]);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
