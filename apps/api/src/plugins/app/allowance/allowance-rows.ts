// The rows behind the allowance truth (design §10 "Allowance leases"): a company's count of the day's
// units granted and of the current second's, and a capped token's count of the day's by lineage. Each is
// locked before it is read, so of leases racing for one company each sees what the one before granted;
// a row that does not exist yet is created first (ON CONFLICT DO NOTHING: two creators, one row), then
// locked. A count of an earlier day or second than the lease's is worth 0; of a later one (an instance
// whose clock is ahead has started it), the lease counts in that one too, so a count never goes back and
// no day is granted twice around midnight. Callers lock the company row before a token's, always, so two
// leases never wait on each other in a circle. A day's count that starts after midnight (a plan with a
// quota or a cap given mid-day) starts from what the day's usage already holds, never from 0.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companyAllowance, tokenAllowance } from '../../../db/schema.ts';

/** A day before any: a row created with it has counted no day yet. */
const NO_DAY_COUNTED = '1970-01-01';

/** What a company has been granted of `day` and of `second` so far: the day and second counted in. */
export interface CompanyCounts {
  day: string;
  dayGranted: number;
  second: number;
  rateGranted: number;
}

/**
 * Locks the company's counts. `usedOn(day)`, given when day units are asked, is where a day not counted
 * since its midnight starts: the units admitted that day so far. Without it (rate units alone) the day's
 * count is left as it was, so a day counted by nobody stays uncounted.
 */
export async function lockCompanyCounts(
  tx: Db,
  companyId: string,
  day: string,
  second: number,
  usedOn?: (day: string) => Promise<number>,
): Promise<CompanyCounts> {
  const locked = () =>
    tx.select().from(companyAllowance).where(eq(companyAllowance.companyId, companyId)).for('update');
  let [row] = await locked();
  if (!row) {
    await tx
      .insert(companyAllowance)
      .values({ companyId, day: NO_DAY_COUNTED, dayGranted: 0, rateSecond: second, rateGranted: 0 })
      .onConflictDoNothing();
    [row] = await locked();
    if (!row) throw new Error('company_allowance row missing after its insert');
  }
  // YYYY-MM-DD compares as text in date order.
  const counted =
    row.day >= day
      ? { day: row.day, dayGranted: row.dayGranted }
      : usedOn
        ? { day, dayGranted: await usedOn(day) }
        : { day: row.day, dayGranted: row.dayGranted };
  return {
    ...counted,
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

/**
 * What a capped token (its lineage: every secret it has had) has been granted of `day` so far, and at
 * least what it was admitted that day (`usedOn`): a cap given mid-day, or given again after it was
 * lifted, counts the whole day, including what the company's units admitted before.
 */
export async function lockTokenDayGranted(
  tx: Db,
  lineageId: string,
  companyId: string,
  day: string,
  usedOn: (day: string) => Promise<number>,
): Promise<{ day: string; dayGranted: number }> {
  const locked = () =>
    tx.select().from(tokenAllowance).where(eq(tokenAllowance.lineageId, lineageId)).for('update');
  let [row] = await locked();
  if (!row) {
    await tx
      .insert(tokenAllowance)
      .values({ lineageId, companyId, day: NO_DAY_COUNTED, dayGranted: 0 })
      .onConflictDoNothing();
    [row] = await locked();
    if (!row) throw new Error('token_allowance row missing after its insert');
  }
  const counted = row.day > day ? row.day : day;
  return { day: counted, dayGranted: Math.max(row.day >= day ? row.dayGranted : 0, await usedOn(counted)) };
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
