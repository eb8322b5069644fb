// Usage in the database (design §8 "Usage"): a batch of hourly counts and last uses written in ONE
// statement, the per-day sums GetClientUsage reads, and the retention delete.
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { credentialUsageHourly } from '../../../db/schema.ts';
import type { UsageBatch } from './usage-meter.ts';

const DAY_SECONDS = 86_400;
/** Rows deleted per retention statement, so one sweep never holds a long lock or a huge transaction. */
const RETENTION_BATCH = 10_000;

export interface UsageDayRow {
  /** Days since the epoch (UTC). */
  day: number;
  scope: string;
  code: string;
  count: number;
}

export function createUsageStore(db: Db) {
  return {
    /**
     * One statement, both tables: counts are added (ON CONFLICT … count + excluded.count, so instances
     * writing the same hour add up), inserted in key order, and the credentials' rows locked in client-id
     * order, so two instances' batches take their locks in the same order and cannot deadlock; lastUsedAt
     * only moves forward (greatest() ignores a null; rows it would not move are not even locked).
     */
    async write(batch: UsageBatch): Promise<void> {
      const counts = JSON.stringify(
        batch.counts.map((row) => ({
          c: row.clientId,
          h: new Date(row.hourMs).toISOString(),
          s: row.scope,
          k: row.code,
          n: row.count,
        })),
      );
      const used = JSON.stringify(
        batch.lastUsed.map((row) => ({ c: row.clientId, t: new Date(row.atMs).toISOString() })),
      );
      await db.execute(sql`
        WITH counted AS (
          INSERT INTO credential_usage_hourly AS u (client_id, hour, scope, code, count)
          SELECT c, h, s, k, n
          FROM jsonb_to_recordset(${counts}::jsonb) AS b(c text, h timestamptz, s text, k text, n bigint)
          ORDER BY c, h, s, k
          ON CONFLICT (client_id, hour, scope, code) DO UPDATE SET count = u.count + excluded.count
          RETURNING 1
        ), locked AS (
          -- Locked in client-id order before they are updated, whatever join the planner picks below.
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
        )
        SELECT (SELECT count(*) FROM counted) AS counted, (SELECT count(*) FROM used) AS used
      `);
    },

    /** Sums per UTC day, feed and outcome of the credentials (one token's lineage) from `from` on. */
    async daily(clientIds: readonly string[], from: Date): Promise<UsageDayRow[]> {
      const day = sql<number>`floor(extract(epoch from ${credentialUsageHourly.hour}) / ${sql.raw(String(DAY_SECONDS))})::int`;
      return db
        .select({
          day,
          scope: credentialUsageHourly.scope,
          code: credentialUsageHourly.code,
          count: sql<number>`sum(${credentialUsageHourly.count})::float8`.mapWith(Number),
        })
        .from(credentialUsageHourly)
        .where(
          and(inArray(credentialUsageHourly.clientId, [...clientIds]), gte(credentialUsageHourly.hour, from)),
        )
        .groupBy(day, credentialUsageHourly.scope, credentialUsageHourly.code);
    },

    /** Deletes hourly rows older than `before`, `batchSize` per statement; answers how many went. */
    async deleteOlderThan(before: Date, batchSize = RETENTION_BATCH): Promise<number> {
      let deleted = 0;
      for (;;) {
        const rows = await db
          .delete(credentialUsageHourly)
          .where(
            sql`ctid IN (${db
              .select({ ctid: sql`ctid` })
              .from(credentialUsageHourly)
              .where(lt(credentialUsageHourly.hour, before))
              .limit(batchSize)})`,
          )
          .returning({ hour: credentialUsageHourly.hour });
        deleted += rows.length;
        if (rows.length < batchSize) return deleted;
      }
    },
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
