// Usage in the database (design §8 "Usage"): a batch of hourly counts and last uses written in ONE
// statement (with the work its listeners ask for in the same transaction: the quota emails, design
// §10), the per-day sums GetClientUsage reads, and the retention delete.
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { USAGE_REPORT_VERIFIED_WITHIN_HOURS } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { credentialUsageHourly, verifierKeyVerifications } from '../../../db/schema.ts';
import { transaction } from '../../../db/transaction.ts';
import { lastUseMoves } from '../credentials/index.ts';
import type { UsageCount } from '@datafeeds/domain/usage-counts';
import type { UsageBatch } from './usage-meter.ts';
import type { VerificationMark } from './verification-marks.ts';

const DAY_SECONDS = 86_400;
const HOUR_MS = 3_600_000;
/** Rows deleted per retention statement, so one sweep never holds a long lock or a huge transaction. */
const RETENTION_BATCH = 10_000;

export interface UsageDayRow {
  /** Days since the epoch (UTC). */
  day: number;
  scope: string;
  code: string;
  count: number;
}

/**
 * Told of each batch's counts before they are written; answers the work to do in the transaction that
 * writes them, or nothing (the quota emails, notices/quota-notices.ts, listen this way).
 */
export type UsageFlushListener = (counts: readonly UsageCount[]) => ((tx: Db) => Promise<void>) | undefined;

export function createUsageStore(db: Db) {
  const listeners: UsageFlushListener[] = [];
  return {
    /** `listener` hears every batch from now on. */
    onFlush(listener: UsageFlushListener): void {
      listeners.push(listener);
    },

    /**
     * One statement, both tables: counts are added (ON CONFLICT … count + excluded.count, so instances
     * writing the same hour add up), inserted in key order, and the credentials' last uses moved forward
     * by the credentials module's part of the statement (credentials/last-use.ts), which locks their rows
     * in client-id order, so two instances' batches take their locks in the same order and cannot
     * deadlock. New verification marks, a few an hour, go first in a statement of their own (a key gone
     * meanwhile is skipped by the join). When a listener asks for work (the quota emails' check when the
     * counts add to today's), the statement and that work share one transaction, so an email exists
     * exactly when the counts that crossed its threshold committed; the work takes its locks (its own
     * table's keys, in company order) only after the statement's, so the order above still holds.
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
      const marks = JSON.stringify(
        batch.verifications.map((row) => ({
          k: row.verifierKeyId,
          c: row.clientId,
          h: new Date(row.hourMs).toISOString(),
        })),
      );
      // Its own statement, before the counts: an insert that meets another instance's uncommitted mark
      // waits for it, and waiting inside the counts' statement could close a cycle of locks with it.
      if (batch.verifications.length > 0) {
        await db.execute(sql`
          INSERT INTO verifier_key_verifications (verifier_key_id, client_id, hour)
          SELECT v.id, b.c, b.h
          FROM jsonb_to_recordset(${marks}::jsonb) AS b(k uuid, c text, h timestamptz)
          JOIN verifier_keys AS v ON v.id = b.k
          ORDER BY 1, 2, 3
          ON CONFLICT DO NOTHING
        `);
      }
      const counted = sql`
        WITH counted AS (
          INSERT INTO credential_usage_hourly AS u (client_id, hour, scope, code, count)
          SELECT c, h, s, k, n
          FROM jsonb_to_recordset(${counts}::jsonb) AS b(c text, h timestamptz, s text, k text, n bigint)
          ORDER BY c, h, s, k
          ON CONFLICT (client_id, hour, scope, code) DO UPDATE SET count = u.count + excluded.count
          RETURNING 1
        ), ${lastUseMoves(batch.lastUsed)}
        SELECT (SELECT count(*) FROM counted) AS counted, (SELECT count(*) FROM used) AS used
      `;
      const work = listeners.flatMap((listener) => listener(batch.counts) ?? []);
      if (work.length === 0) {
        await db.execute(counted);
        return;
      }
      await transaction(db, async (tx) => {
        await tx.execute(counted);
        for (const step of work) await step(tx);
      });
    },

    /** Which of `marks` are stored (written by any instance). */
    async findVerifications(marks: VerificationMark[]): Promise<VerificationMark[]> {
      const wanted = JSON.stringify(
        marks.map((row) => ({
          k: row.verifierKeyId,
          c: row.clientId,
          h: new Date(row.hourMs).toISOString(),
        })),
      );
      const rows = await db
        .select({
          verifierKeyId: verifierKeyVerifications.verifierKeyId,
          clientId: verifierKeyVerifications.clientId,
          hour: verifierKeyVerifications.hour,
        })
        .from(verifierKeyVerifications)
        .innerJoin(
          sql`jsonb_to_recordset(${wanted}::jsonb) AS b(k uuid, c text, h timestamptz)`,
          sql`${verifierKeyVerifications.verifierKeyId} = b.k AND ${verifierKeyVerifications.clientId} = b.c AND ${verifierKeyVerifications.hour} = b.h`,
        );
      return rows.map(({ verifierKeyId, clientId, hour }) => ({
        verifierKeyId,
        clientId,
        hourMs: hour.getTime(),
      }));
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

    /**
     * Deletes hourly rows older than `before`, `batchSize` per statement, and the verification marks
     * that can no longer confirm a report; answers how many hourly rows went. The keys' leased days are
     * the allowance module's to forget (the sweep asks it too, usage-retention.ts).
     */
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
        if (rows.length < batchSize) break;
      }
      // A verification mark only confirms reports of its hour and the next ones (design §8 "Usage"),
      // and reports older than retention are refused: marks that old confirm nothing any more.
      const marksBefore = new Date(before.getTime() - USAGE_REPORT_VERIFIED_WITHIN_HOURS * HOUR_MS);
      for (;;) {
        const rows = await db
          .delete(verifierKeyVerifications)
          .where(
            sql`ctid IN (${db
              .select({ ctid: sql`ctid` })
              .from(verifierKeyVerifications)
              .where(lt(verifierKeyVerifications.hour, marksBefore))
              .limit(batchSize)})`,
          )
          .returning({ hour: verifierKeyVerifications.hour });
        if (rows.length < batchSize) return deleted;
      }
    },
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
