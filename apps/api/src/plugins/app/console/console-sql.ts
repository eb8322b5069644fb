// What the console's reads share: raw statements answered the same way by both drivers, timestamps as
// either driver gives them, search text made literal inside a LIKE pattern, the day's requests admitted
// and refused, and the conditions the overview counts by and the lists filter by.
import { sql, type SQL } from 'drizzle-orm';
import { REFUSED_METERED_CODES, TRIAL_ENDING_SOON_DAYS, utcDayStartMs } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';

const DAY_MS = 86_400_000;

/** Both drivers (node-postgres, PGlite) answer a raw statement with its rows in `rows`. */
export async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** A timestamp as text (node-postgres through drizzle) or as a Date (PGlite), as ISO 8601. */
export function isoOf(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: string | Date | null): string | null {
  return value === null ? null : isoOf(value);
}

/** `text` matched literally by LIKE/ILIKE (backslash is the default escape character). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Requests admitted (VALID) and refused (REFUSED_METERED_CODES) today, UTC, over hourly usage rows `u`:
 * the columns `admitted` and `refused`, and the condition on `u.hour` that keeps today's rows.
 */
export function usageTodaySql(atMs: number): { columns: SQL; today: SQL } {
  const dayStart = new Date(utcDayStartMs(atMs)).toISOString();
  const refused = sql.join(
    REFUSED_METERED_CODES.map((code) => sql`${code}`),
    sql`, `,
  );
  return {
    columns: sql`coalesce(sum(u.count) FILTER (WHERE u.code = 'VALID'), 0)::float8 AS admitted,
      coalesce(sum(u.count) FILTER (WHERE u.code IN (${refused})), 0)::float8 AS refused`,
    today: sql`u.hour >= ${dayStart}::timestamptz`,
  };
}

/** A trial "ending soon" (companies `c`): still a trial, ending after now, within TRIAL_ENDING_SOON_DAYS. */
export function trialEndingSoonSql(now: Date): SQL {
  const from = now.toISOString();
  const until = new Date(now.getTime() + TRIAL_ENDING_SOON_DAYS * DAY_MS).toISOString();
  return sql`c.account_status = 'trial' AND c.trial_ends_at > ${from}::timestamptz AND c.trial_ends_at <= ${until}::timestamptz`;
}

/** The company `c` has an upgrade request waiting. */
export const upgradeRequestedSql = (): SQL =>
  sql`EXISTS (SELECT 1 FROM upgrade_requests u WHERE u.company_id = c.id AND u.status = 'open')`;
