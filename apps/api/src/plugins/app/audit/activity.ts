// What a company's members read of the audit log (the Activity page and its CSV export), and the shapes
// the operator `audit` command shares with them.
import {
  ACTIVITY_CSV_COLUMNS,
  AUDIT_EVENT_LABELS,
  AUDIT_PERSON_ID_KEYS,
  auditActorName,
  describeAuditEvent,
  type ActivityFilter,
  type ActivityPage,
  type AuditEvent,
} from '@datafeeds/domain';
import { toCsv } from '../../../lib/csv.ts';
import type { AuditEventRow, AuditQuery, AuditRepository } from './audit-repository.ts';

/** Whose activity is read: the signed-in caller's company (a session's CompanyCaller). */
type CompanyCaller = { companyId: string };

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

/** The identity ids an event's detail names people by (AUDIT_PERSON_ID_KEYS). */
function personIdsOf(row: AuditEventRow): string[] {
  const detail = row.detail as AuditEvent['detail'];
  return AUDIT_PERSON_ID_KEYS.map((key) => detail[key]).filter((id): id is string => typeof id === 'string');
}

/**
 * `names`: who the detail's ids are now (empty where unknown, as in the provider team's own reading).
 * `audience`: a company's members never see which staff member acted (design §11: "DataFeeds team"),
 * nor from where; the provider team does.
 */
export function toAuditEvent(
  row: AuditEventRow,
  names: ReadonlyMap<string, string> = new Map(),
  audience: 'company' | 'provider' = 'provider',
): AuditEvent {
  const known = personIdsOf(row).flatMap((id) => {
    const name = names.get(id);
    return name ? [[id, name] as const] : [];
  });
  // A staff member's address and browser identify them as much as their email does, so the company
  // reads none of the three (design §11 "The staff actor"); the CSV is written from this same event.
  const internal = audience === 'company' && row.actorKind === 'staff';
  return {
    id: String(row.seq),
    at: row.at.toISOString(),
    kind: row.kind,
    actor: { kind: row.actorKind, email: internal ? null : row.actorEmail },
    ipAddress: internal ? null : row.ipAddress,
    userAgent: internal ? null : row.userAgent,
    detail: row.detail as AuditEvent['detail'],
    names: Object.fromEntries(known),
  };
}

/** A file has no reader's time zone: its sentences give times in UTC ("2026-11-26 18:40 UTC"). */
const utcMinute = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One CSV line per event, in ACTIVITY_CSV_COLUMNS' order. */
export function activityCsvRow(event: AuditEvent): string[] {
  return [
    event.at,
    AUDIT_EVENT_LABELS[event.kind],
    auditActorName(event.actor),
    event.ipAddress ?? '',
    event.userAgent ?? '',
    JSON.stringify(event.detail),
    describeAuditEvent(event, utcMinute),
  ];
}

export function createActivityService({ audit }: { audit: AuditRepository }) {
  function companyQuery({ companyId }: CompanyCaller, filter: ActivityFilter): AuditQuery {
    return { company: { id: companyId }, ...filterRange(filter) };
  }

  /** The rows as events, the people they name by id resolved in one query. */
  async function eventsOf({ companyId }: CompanyCaller, rows: AuditEventRow[]): Promise<AuditEvent[]> {
    const names = await audit.namesIn(companyId, [...new Set(rows.flatMap(personIdsOf))]);
    return rows.map((row) => toAuditEvent(row, names, 'company'));
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
      return { events: await eventsOf(caller, rows), page, pageSize, total };
    },

    /** Every event the filter matches, as CSV with the header row. */
    async exportCsv(caller: CompanyCaller, filter: ActivityFilter): Promise<string> {
      const events = await eventsOf(caller, await audit.list(companyQuery(caller, filter)));
      return toCsv([ACTIVITY_CSV_COLUMNS, ...events.map(activityCsvRow)]);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
