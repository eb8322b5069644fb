// The console's companies list and a company's row (design §11 "Screens": server-side search by company,
// email or client ID; filters by status and plan; sort; pages). One statement answers a page and the
// total over every page (a window count taken before LIMIT), and the row's counts are read for the
// page's companies only, after LIMIT, so a search costs the same whether 10 or 10 000 companies match
// beyond the page. Measured over 10 000 companies with 5 tokens each (bench:api, figure 4).
import { sql, type SQL } from 'drizzle-orm';
import type {
  CompanyAccountStatus,
  ConsoleCompaniesPage,
  ConsoleCompanyRow,
  ConsoleCompanySort,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  isoOf,
  isoOrNull,
  likeLiteral,
  rowsOf,
  trialEndingSoonSql,
  upgradeRequestedSql,
} from './console-sql.ts';

export interface CompanySearch {
  q?: string | undefined;
  status?: CompanyAccountStatus | undefined;
  plan?: string | undefined;
  /** true: only trials ending within TRIAL_ENDING_SOON_DAYS; false or absent: no filter. */
  trialEndingSoon?: boolean | undefined;
  /** true: only companies with an upgrade request waiting; false or absent: no filter. */
  upgradeRequested?: boolean | undefined;
  sort: ConsoleCompanySort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

interface CompanyRowData {
  id: string;
  name: string;
  account_status: CompanyAccountStatus;
  plan_name: string;
  trial_ends_at: string | Date | null;
  created_at: string | Date;
  owner_email: string | null;
  members: number;
  tokens: number;
  upgrade_requested: boolean;
}

/**
 * A client ID as typed: whole, its start, or its end as customers see it ("…686ia", shortClientId), with
 * the ellipsis they copied along with it dropped.
 */
function clientIdFragment(q: string): string {
  return q.replace(/^\s*(…|\.\.\.)\s*/, '');
}

/**
 * The search: the company's name or a member's email containing the text in any case (`strpos` over
 * lower-cased text: a quarter faster than ILIKE over 10 000 rows, and nothing to escape), or a client ID
 * of its tokens, whole, its start or its end (client IDs are case-sensitive; `LIKE 'start%'` reads the
 * text_pattern_ops index api_clients_client_id_prefix_idx, and the end, reversed, reads
 * api_clients_client_id_suffix_idx). Each IN list is computed once (a hashed subplan).
 */
function matching(q: string): SQL {
  const fragment = likeLiteral(clientIdFragment(q));
  const reversed = likeLiteral([...clientIdFragment(q)].reverse().join(''));
  return sql`(strpos(lower(c.name), lower(${q})) > 0
    OR c.id IN (SELECT p.company_id FROM profiles p JOIN identities i ON i.id = p.identity_id
                WHERE strpos(lower(i.email), lower(${q})) > 0)
    OR c.id IN (SELECT a.company_id FROM api_clients a
                WHERE a.client_id LIKE ${`${fragment}%`} OR reverse(a.client_id) LIKE ${`${reversed}%`}))`;
}

function conditions(search: CompanySearch, now: Date): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (search.q) parts.push(matching(search.q));
  if (search.status) parts.push(sql`c.account_status = ${search.status}`);
  if (search.plan) parts.push(sql`c.plan_name = ${search.plan}`);
  if (search.trialEndingSoon) parts.push(trialEndingSoonSql(now));
  if (search.upgradeRequested) parts.push(upgradeRequestedSql());
  return sql.join(parts, sql` AND `);
}

/**
 * The order, over columns the page's select names the same inside and outside (`alias`): the sort key,
 * then the id in the same direction, so companies with equal keys keep one order from page to page.
 * A company without a trial end sorts after the others either way.
 */
function orderBy(alias: string, sort: ConsoleCompanySort, order: 'asc' | 'desc'): SQL {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const key = {
    name: `lower(${alias}.name) ${direction}`,
    createdAt: `${alias}.created_at ${direction}`,
    trialEndsAt: `${alias}.trial_ends_at ${direction} NULLS LAST`,
  }[sort];
  return sql.raw(`${key}, ${alias}.id ${direction}`);
}

/** The row's figures for the companies `from` lists (the page, or one company). */
function rowSelect(from: SQL, order: SQL | undefined): SQL {
  return sql`SELECT c.id, c.name, c.account_status, c.plan_name, c.trial_ends_at, c.created_at, c.total,
    (SELECT i.email FROM profiles p JOIN identities i ON i.id = p.identity_id
      WHERE p.company_id = c.id AND p.role = 'owner') AS owner_email,
    (SELECT count(*)::int FROM profiles p WHERE p.company_id = c.id) AS members,
    (SELECT count(*)::int FROM api_clients a WHERE a.company_id = c.id AND a.retires_at IS NULL) AS tokens,
    ${upgradeRequestedSql()} AS upgrade_requested
  FROM (${from}) AS c${order ? sql` ORDER BY ${order}` : sql``}`;
}

/**
 * The statement of one page of a search. bench:api's baseline runs its text for one search (bench/api/src/
 * children/bare-sql.ts): change it with this.
 */
function searchStatement(search: CompanySearch, now: Date): SQL {
  const page = sql`SELECT c.id, c.name, c.account_status, c.plan_name, c.trial_ends_at, c.created_at,
      count(*) OVER ()::int AS total
    FROM companies c
    WHERE ${conditions(search, now)}
    ORDER BY ${orderBy('c', search.sort, search.order)}
    LIMIT ${search.pageSize} OFFSET ${search.page * search.pageSize}`;
  return rowSelect(page, orderBy('c', search.sort, search.order));
}

function toRow(row: CompanyRowData): ConsoleCompanyRow {
  return {
    id: row.id,
    name: row.name,
    ownerEmail: row.owner_email,
    accountStatus: row.account_status,
    plan: row.plan_name,
    trialEndsAt: isoOrNull(row.trial_ends_at),
    createdAt: isoOf(row.created_at),
    members: Number(row.members),
    tokens: Number(row.tokens),
    upgradeRequested: row.upgrade_requested,
  };
}

export function createCompanyDirectory({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async search(search: CompanySearch): Promise<ConsoleCompaniesPage> {
      const now = clock.now();
      const rows = await rowsOf<CompanyRowData & { total: number }>(db, searchStatement(search, now));
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && search.page > 0) {
        // Past the last page the window counted nothing: the total is asked for on its own.
        const [counted] = await rowsOf<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM companies c WHERE ${conditions(search, now)}`,
        );
        total = Number(counted?.total ?? 0);
      }
      return { companies: rows.map(toRow), page: search.page, pageSize: search.pageSize, total };
    },

    /** The company's row as the list shows it, or undefined for an unknown id. */
    async row(companyId: string): Promise<ConsoleCompanyRow | undefined> {
      const [row] = await rowsOf<CompanyRowData>(
        db,
        rowSelect(
          sql`SELECT id, name, account_status, plan_name, trial_ends_at, created_at, 1 AS total
            FROM companies WHERE id = ${companyId}`,
          undefined,
        ),
      );
      return row ? toRow(row) : undefined;
    },
  };
}

export type CompanyDirectory = ReturnType<typeof createCompanyDirectory>;
