// `audit [--company <id | email | name>] [--kind K] [--since day] [--limit N] [--csv]` (design §8): the
// provider team reads any company's trail, or every event (those of no company too) when none is named.
import { sql } from 'drizzle-orm';
import { ACTIVITY_CSV_COLUMNS, AUDIT_EVENT_KINDS, type AuditEventKind } from '@datafeeds/domain';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { toCsv } from '../lib/csv.ts';
import type { CompaniesRepository } from '../plugins/app/companies/index.ts';
import {
  activityCsvRow,
  filterRange,
  toAuditEvent,
  type AuditQuery,
  type AuditRepository,
} from '../plugins/app/audit/index.ts';
import type { ActionResult } from './provider-team.ts';

const VALUE_FLAGS = ['--company', '--kind', '--since', '--limit'] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

interface AuditOptions {
  values: Partial<Record<ValueFlag, string>>;
  csv: boolean;
}

/** The flags as given, or undefined when they are not the command's (unknown flag, missing value, twice). */
export function parseAuditArgs(args: readonly string[]): AuditOptions | undefined {
  const options: AuditOptions = { values: {}, csv: false };
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (flag === '--csv' && !options.csv) options.csv = true;
    else if ((VALUE_FLAGS as readonly (string | undefined)[]).includes(flag)) {
      const value = args[index + 1];
      const name = flag as ValueFlag;
      if (value === undefined || value.startsWith('--') || options.values[name] !== undefined)
        return undefined;
      options.values[name] = value;
      index += 1;
    } else return undefined;
  }
  return options;
}

export interface AuditCommandDeps {
  db: Db;
  companies: CompaniesRepository;
  auditEvents: AuditRepository;
}

const failed = (output: string): ActionResult => ({ ok: false, output });

export function createAuditCommand({ db, companies: companiesRepository, auditEvents }: AuditCommandDeps) {
  /** A company by id or a member's email (as the other commands), else by its exact name. */
  async function findCompany(reference: string) {
    const found = await companiesRepository.find(reference, db);
    if (found) return [found];
    return db
      .select()
      .from(companies)
      .where(sql`lower(${companies.name}) = lower(${reference})`);
  }

  return async function audit(args: readonly string[]): Promise<ActionResult> {
    const options = parseAuditArgs(args);
    if (!options)
      return failed(
        'Usage: audit [--company <id | email | name>] [--kind K] [--since day] [--limit N] [--csv]',
      );
    const {
      '--company': companyText,
      '--kind': kind,
      '--since': since,
      '--limit': limitText,
    } = options.values;
    if (kind !== undefined && !(AUDIT_EVENT_KINDS as readonly string[]).includes(kind)) {
      return failed(`Unknown kind "${kind}". Use one of: ${AUDIT_EVENT_KINDS.join(', ')}.`);
    }
    if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since)))) {
      return failed(`--since takes a day as YYYY-MM-DD (UTC), not "${since}".`);
    }
    const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return failed(`--limit must be a whole number from 1 to ${MAX_LIMIT}, not "${limitText}".`);
    }
    let company: AuditQuery['company'] = 'all';
    if (companyText !== undefined) {
      const found = await findCompany(companyText);
      if (found.length !== 1 || !found[0]) {
        return failed(
          found.length === 0
            ? `No company found for ${companyText}.`
            : `${found.length} companies are named ${companyText}: give the company id.`,
        );
      }
      company = { id: found[0].id };
    }
    const query: AuditQuery = {
      company,
      ...filterRange({ kind: kind as AuditEventKind | undefined, from: since }),
    };
    const rows = await auditEvents.list(query, { offset: 0, limit });
    if (options.csv) {
      // The customers' columns, and the company each event belongs to (empty: none).
      const lines = rows.map((row) => [...activityCsvRow(toAuditEvent(row)), row.companyId ?? '']);
      return { ok: true, output: toCsv([[...ACTIVITY_CSV_COLUMNS, 'company_id'], ...lines]).trimEnd() };
    }
    const total = await auditEvents.count(query);
    const lines = [`Audit events: ${rows.length} of ${total}, newest first`];
    for (const row of rows) {
      const event = toAuditEvent(row);
      lines.push(
        `  ${event.at}  ${event.kind}  ${event.actor.email ?? event.actor.kind}` +
          `  ip ${event.ipAddress ?? '-'}  company ${row.companyId ?? '-'}  ${JSON.stringify(event.detail)}`,
      );
    }
    return { ok: true, output: lines.join('\n') };
  };
}
