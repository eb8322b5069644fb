// How much of today's quota a company has used (design §10): the requests its tokens had admitted (VALID)
// since the UTC day began, per token — counted across each token's rotations, since a token keeps its
// usage (design §9) — as GetQuota shows it and the quota emails count it. It reads the hourly usage, so
// it is as fresh as the usage batches (about a second).
import { sql, type SQL } from 'drizzle-orm';
import { utcDayStartMs } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';

const HOUR_MS = 3_600_000;

export interface TokenUsedToday {
  /** The token's client ID now (its latest rotation's). */
  clientId: string;
  usedToday: number;
  dailyCap: number | null;
}

/** Today's admitted requests of each of the company's tokens, oldest token first. */
export async function usedTodayByToken(
  executor: Db,
  companyId: string,
  atMs: number,
): Promise<TokenUsedToday[]> {
  const dayStart = new Date(utcDayStartMs(atMs)).toISOString();
  const { rows } = await rowsOf<{ client_id: string; used: number; daily_cap: number | null }>(
    executor,
    sql`
    WITH token AS (
      SELECT client_id, lineage_id, daily_cap, created_at
      FROM api_clients
      WHERE company_id = ${companyId} AND replaced_by IS NULL
    ), lineage_ids AS (
      SELECT lineage_id, client_id FROM api_clients WHERE company_id = ${companyId}
      UNION ALL
      SELECT lineage_id, client_id FROM replaced_client_ids WHERE company_id = ${companyId}
    )
    SELECT token.client_id, token.daily_cap::float8 AS daily_cap,
      coalesce((
        SELECT sum(u.count) FROM lineage_ids AS l
        JOIN credential_usage_hourly AS u ON u.client_id = l.client_id
        WHERE l.lineage_id = token.lineage_id AND u.code = 'VALID' AND u.hour >= ${dayStart}::timestamptz
      ), 0)::float8 AS used
    FROM token
    ORDER BY token.created_at, token.client_id
  `,
  );
  return rows.map((row) => ({
    clientId: row.client_id,
    usedToday: Number(row.used),
    dailyCap: row.daily_cap === null ? null : Number(row.daily_cap),
  }));
}

/** Today's admitted requests of one token: every secret of its lineage. */
export async function lineageUsedToday(executor: Db, lineageId: string, atMs: number): Promise<number> {
  const clientIds = sql`SELECT client_id FROM api_clients WHERE lineage_id = ${lineageId}
      UNION ALL
      SELECT client_id FROM replaced_client_ids WHERE lineage_id = ${lineageId}`;
  const { rows } = await rowsOf<{ used: number }>(
    executor,
    sql`SELECT ${usedTodaySql(clientIds, atMs)} AS used`,
  );
  return Number(rows[0]?.used ?? 0);
}

/** Today's admitted requests of the whole company. */
export async function companyUsedToday(executor: Db, companyId: string, atMs: number): Promise<number> {
  const { rows } = await rowsOf<{ used: number }>(
    executor,
    sql`SELECT ${companyUsedTodaySql(sql`${companyId}::uuid`, atMs)} AS used`,
  );
  return Number(rows[0]?.used ?? 0);
}

/**
 * The same as a scalar expression of the company `companyId` names (a value, or a column of an outer
 * query: the quota emails ask it of every company a usage batch touched, in one statement). Its client
 * IDs now and those its tokens' rotations replaced, found by their tokens' lineage (an index; a token's
 * deletion takes its replaced IDs with it, so each has a token of the company).
 */
export function companyUsedTodaySql(companyId: SQL, atMs: number): SQL {
  return usedTodaySql(companyClientIdsSql(companyId), atMs);
}

/** Admitted requests since the UTC day of `atMs` began, over the client IDs a subquery selects. */
function usedTodaySql(clientIds: SQL, atMs: number): SQL {
  const dayStart = new Date(utcDayStartMs(atMs)).toISOString();
  return sql`(
    SELECT coalesce(sum(u.count), 0)::float8
    FROM credential_usage_hourly AS u
    WHERE u.code = 'VALID' AND u.hour >= ${dayStart}::timestamptz AND u.client_id IN (${clientIds})
  )`;
}

/** The client IDs the company's quota counts over (see companyUsedTodaySql): a subquery's SELECT. */
export function companyClientIdsSql(companyId: SQL): SQL {
  return sql`SELECT client_id FROM api_clients WHERE company_id = ${companyId}
      UNION ALL
      SELECT r.client_id FROM api_clients AS a
      JOIN replaced_client_ids AS r ON r.lineage_id = a.lineage_id
      WHERE a.company_id = ${companyId}`;
}

/**
 * The company's admitted requests in the hour `atMs` falls in and in the hour before (what GetQuota's
 * forecast extrapolates), whatever UTC day either belongs to.
 */
export async function companyAdmittedLastTwoHours(
  executor: Db,
  companyId: string,
  atMs: number,
): Promise<{ currentHour: number; previousHour: number }> {
  const currentHourStart = atMs - (((atMs % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const previousHourStart = new Date(currentHourStart - HOUR_MS).toISOString();
  const { rows } = await rowsOf<{ current_hour: number; previous_hour: number }>(
    executor,
    sql`
    SELECT
      coalesce(sum(u.count) FILTER (WHERE u.hour >= ${new Date(currentHourStart).toISOString()}::timestamptz), 0)::float8
        AS current_hour,
      coalesce(sum(u.count) FILTER (WHERE u.hour < ${new Date(currentHourStart).toISOString()}::timestamptz), 0)::float8
        AS previous_hour
    FROM credential_usage_hourly AS u
    WHERE u.code = 'VALID' AND u.hour >= ${previousHourStart}::timestamptz AND u.client_id IN (
      SELECT client_id FROM api_clients WHERE company_id = ${companyId}
      UNION ALL
      SELECT client_id FROM replaced_client_ids WHERE company_id = ${companyId}
    )
  `,
  );
  return {
    currentHour: Number(rows[0]?.current_hour ?? 0),
    previousHour: Number(rows[0]?.previous_hour ?? 0),
  };
}

/** Both drivers (node-postgres, PGlite) answer a raw statement with its rows in `rows`. */
async function rowsOf<Row>(executor: Db, statement: SQL): Promise<{ rows: Row[] }> {
  return (await executor.execute(statement)) as unknown as { rows: Row[] };
}
