// The rows behind the allowance truth (design §10 "Allowance leases"): a company's count of the day's
// units granted and of the current second's, and a capped token's count of the day's by lineage. Each is
// locked before it is read, so of leases racing for one company each sees what the one before granted;
// a row that does not exist yet is created first (ON CONFLICT DO NOTHING: two creators, one row), then
// locked. A count of an earlier day or second than the lease's is worth 0; of a later one (an instance
// whose clock is ahead has started it), the lease counts in that one too, so a count never goes back and
// no day is granted twice around midnight. Callers lock the company row before a token's, always, so two
// leases never wait on each other in a circle.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companyAllowance, tokenAllowance } from '../../../db/schema.ts';

/** What a company has been granted of `day` and of `second` so far: the day and second counted in. */
export interface CompanyCounts {
  day: string;
  dayGranted: number;
  second: number;
  rateGranted: number;
}

export async function lockCompanyCounts(
  tx: Db,
  companyId: string,
  day: string,
  second: number,
): Promise<CompanyCounts> {
  const locked = () =>
    tx.select().from(companyAllowance).where(eq(companyAllowance.companyId, companyId)).for('update');
  let [row] = await locked();
  if (!row) {
    await tx
      .insert(companyAllowance)
      .values({ companyId, day, dayGranted: 0, rateSecond: second, rateGranted: 0 })
      .onConflictDoNothing();
    [row] = await locked();
    if (!row) throw new Error('company_allowance row missing after its insert');
  }
  // YYYY-MM-DD compares as text in date order.
  return {
    day: row.day > day ? row.day : day,
    dayGranted: row.day >= day ? row.dayGranted : 0,
    second: Math.max(row.rateSecond, second),
    rateGranted: row.rateSecond >= second ? row.rateGranted : 0,
  };
}

export async function writeCompanyCounts(tx: Db, companyId: string, counts: CompanyCounts): Promise<void> {
  await tx
    .update(companyAllowance)
    .set({
      day: counts.day,
      dayGranted: counts.dayGranted,
      rateSecond: counts.second,
      rateGranted: counts.rateGranted,
    })
    .where(eq(companyAllowance.companyId, companyId));
}

/** What a capped token (its lineage: every secret it has had) has been granted of `day` so far. */
export async function lockTokenDayGranted(
  tx: Db,
  lineageId: string,
  companyId: string,
  day: string,
): Promise<{ day: string; dayGranted: number }> {
  const locked = () =>
    tx.select().from(tokenAllowance).where(eq(tokenAllowance.lineageId, lineageId)).for('update');
  let [row] = await locked();
  if (!row) {
    await tx
      .insert(tokenAllowance)
      .values({ lineageId, companyId, day, dayGranted: 0 })
      .onConflictDoNothing();
    [row] = await locked();
    if (!row) throw new Error('token_allowance row missing after its insert');
  }
  return { day: row.day > day ? row.day : day, dayGranted: row.day >= day ? row.dayGranted : 0 };
}

export async function writeTokenDayGranted(
  tx: Db,
  lineageId: string,
  counted: { day: string; dayGranted: number },
): Promise<void> {
  await tx
    .update(tokenAllowance)
    .set({ day: counted.day, dayGranted: counted.dayGranted })
    .where(eq(tokenAllowance.lineageId, lineageId));
}
