// What a suspended company cannot do (design §11 "Suspension is visible"): create a token, ask for an
// upgrade. Checked inside the change's own transaction, with the company's row held in share mode until
// it commits: a suspension (which locks the row for update, company-account.ts) either
// committed first and the change is refused, or waits for the change and then stops what it made.
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';

/** Throws 409 `account_suspended` with `message` when the company is suspended. */
export async function refuseWhileSuspended(tx: Db, companyId: string, message: string): Promise<void> {
  const [company] = await tx
    .select({ accountStatus: companies.accountStatus })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('share');
  if (company?.accountStatus === 'suspended') {
    throw new AppError(409, ERROR_CODES.accountSuspended, message);
  }
}
