// The one write of `api_clients` that is not a transition of a token: its last use, moved forward with
// each usage batch (design §8 "Usage"). Owned here with the rest of the table; the usage store runs it
// as part of its batch's one statement, so counts and last uses still take their locks in one order.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The `locked` and `used` common table expressions that move each credential's `last_used_at` forward
 * to its time in `lastUsed`: rows locked in client-id order before they are
 * updated, whatever join the planner picks, so two batches cannot deadlock; a time never moves it
 * backwards (greatest() ignores a null), and rows it would not move are not even locked. `used` yields
 * one row per row moved.
 */
export function lastUseMoves(lastUsed: readonly { clientId: string; atMs: number }[]): SQL {
  const used = JSON.stringify(
    lastUsed.map((row) => ({ c: row.clientId, t: new Date(row.atMs).toISOString() })),
  );
  return sql`locked AS (
          SELECT a.client_id, b.t
          FROM api_clients AS a
          JOIN jsonb_to_recordset(${used}::jsonb) AS b(c text, t timestamptz) ON a.client_id = b.c
          WHERE a.last_used_at IS NULL OR a.last_used_at < b.t
          ORDER BY a.client_id
          FOR UPDATE OF a
        ), used AS (
          UPDATE api_clients AS a SET last_used_at = greatest(a.last_used_at, l.t)
          FROM locked AS l
          WHERE a.client_id = l.client_id
          RETURNING 1
        )`;
}
