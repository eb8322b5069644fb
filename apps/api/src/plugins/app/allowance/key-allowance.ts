// What each verifier key was leased of a company's day, and how much of it its usage reports have
// counted (design §8 "Usage", "What a report may write"; §10 "Allowance leases"). A data feed admits
// every VALID answer it serves from units it leased, so for a credential with a daily limit the VALID
// counts one key reports for one company and UTC day can never honestly pass what that key was leased of
// that day: the rest is inflation, dropped. Kept in the database, not in an instance's memory, because a
// lease granted by one instance may be reported on another.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { verifierKeyAllowance } from '../../../db/schema.ts';
import type { ReportedValid } from '../usage/index.ts';

/** Units a verifier key was just granted of a company's day (YYYY-MM-DD, the truth's). */
export async function recordKeyLease(
  tx: Db,
  lease: { verifierKeyId: string; companyId: string; day: string; units: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO verifier_key_allowance AS a (verifier_key_id, company_id, day, day_leased)
    VALUES (${lease.verifierKeyId}::uuid, ${lease.companyId}::uuid, ${lease.day}, ${lease.units})
    ON CONFLICT (verifier_key_id, company_id, day) DO UPDATE SET day_leased = a.day_leased + excluded.day_leased
  `);
}

/**
 * How many of each claim may count, in the claims' order: all of it for a credential without a daily
 * limit (plan quota or token cap) or unknown (a deleted token's counts count for no company), otherwise
 * what is left of its key's leases of that company's day, taken in the same statement, first claims
 * first. One statement for the whole batch. Its rows are locked (FOR UPDATE, in key order) and what is
 * left is read from them as locked: that is how the statement knows what it took (RETURNING shows only
 * the row after the UPDATE), and why two instances taking from one row never count a unit twice. It
 * locks rows of this table only, and a lease locks its row here last (after its company's and token's),
 * so the two never wait on each other in a circle.
 */
export async function takeReportedValid(db: Db, claims: readonly ReportedValid[]): Promise<number[]> {
  if (claims.length === 0) return [];
  const wanted = JSON.stringify(
    claims.map((claim, index) => ({
      i: index,
      k: claim.verifierKeyId,
      c: claim.clientId,
      d: claim.day,
      n: claim.count,
    })),
  );
  const result = (await db.execute(sql`
    WITH claim AS (
      SELECT * FROM jsonb_to_recordset(${wanted}::jsonb) AS b(i int, k uuid, c text, d text, n bigint)
    ), owner AS (
      -- The credential's company, and whether its day is limited: its plan's quota or the token's cap
      -- (set on every secret of its lineage). A secret a rotation replaced is found by its lineage.
      SELECT claim.i, claim.k, claim.d, claim.n, found.company_id
      FROM claim
      LEFT JOIN LATERAL (
        SELECT t.company_id
        FROM (
          SELECT lineage_id FROM api_clients WHERE client_id = claim.c
          UNION ALL
          SELECT lineage_id FROM replaced_client_ids WHERE client_id = claim.c
        ) AS id
        JOIN api_clients AS t ON t.lineage_id = id.lineage_id
        JOIN companies AS co ON co.id = t.company_id
        JOIN plans AS p ON p.name = co.plan_name
        WHERE p.daily_quota IS NOT NULL OR t.daily_cap IS NOT NULL
        LIMIT 1
      ) AS found ON true
    ), asked AS (
      SELECT k, company_id, d, sum(n) AS n FROM owner WHERE company_id IS NOT NULL GROUP BY k, company_id, d
    ), held AS (
      SELECT a.verifier_key_id, a.company_id, a.day,
        least(asked.n, greatest(a.day_leased - a.day_reported, 0)) AS taken
      FROM verifier_key_allowance AS a
      JOIN asked ON a.verifier_key_id = asked.k AND a.company_id = asked.company_id AND a.day = asked.d
      ORDER BY a.verifier_key_id, a.company_id, a.day
      FOR UPDATE OF a
    ), took AS (
      UPDATE verifier_key_allowance AS a SET day_reported = a.day_reported + held.taken
      FROM held
      WHERE a.verifier_key_id = held.verifier_key_id AND a.company_id = held.company_id AND a.day = held.day
      RETURNING a.verifier_key_id, a.company_id, a.day, held.taken
    )
    SELECT owner.i, owner.company_id, coalesce(took.taken, 0)::float8 AS taken
    FROM owner
    LEFT JOIN took ON took.verifier_key_id = owner.k AND took.company_id = owner.company_id
      AND took.day = owner.d
    ORDER BY owner.i
  `)) as unknown as { rows: { i: number; company_id: string | null; taken: number }[] };
  // A group's units go to its claims in order: the first claims count in full, then a part, then none.
  const left = new Map<string, number>();
  const accepted = claims.map((claim) => claim.count);
  for (const row of result.rows) {
    const claim = claims[row.i];
    if (row.company_id === null || !claim) continue;
    const group = `${claim.verifierKeyId} ${row.company_id} ${claim.day}`;
    const units = left.get(group) ?? Number(row.taken);
    const taken = Math.min(claim.count, units);
    accepted[row.i] = taken;
    left.set(group, units - taken);
  }
  return accepted;
}

/**
 * Forgets the leased days before `before`'s day, `batchSize` rows per statement: what a key was leased of
 * a day bounds only reports of that day's hours, and reports older than usage retention are refused.
 */
export async function forgetKeyLeasesBefore(db: Db, before: Date, batchSize = 10_000): Promise<void> {
  const dayBefore = before.toISOString().slice(0, 10);
  for (;;) {
    const rows = await db
      .delete(verifierKeyAllowance)
      .where(
        sql`ctid IN (${db
          .select({ ctid: sql`ctid` })
          .from(verifierKeyAllowance)
          .where(lt(verifierKeyAllowance.day, dayBefore))
          .limit(batchSize)})`,
      )
      .returning({ day: verifierKeyAllowance.day });
    if (rows.length < batchSize) return;
  }
}
