// A company put in a state a test starts from, written as the company-account module writes it (the row,
// then the effect on its tokens, in one transaction) but without its audit row or emails: the state is
// the test's premise, not its subject.
import { eq } from 'drizzle-orm';
import type { CompanyAccountStatus } from '@datafeeds/domain';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../src/db/schema.ts';
import { transaction } from '../../src/db/transaction.ts';
import { OPERATOR_CONTEXT } from '../../src/plugins/app/audit/audit-log.ts';

/** The trial ends at `trialEndsAt`; the company's expiring tokens follow (expired ones revive). */
export async function moveTrialEnd(app: FastifyInstance, companyId: string, trialEndsAt: Date) {
  await transaction(app.db, async (tx) => {
    await tx.update(companies).set({ trialEndsAt }).where(eq(companies.id, companyId));
    await app.credentials.trialMoved(tx, companyId, trialEndsAt, OPERATOR_CONTEXT.actor);
  });
}

/** The company is `to` (paid, suspended, trial), with its tokens changed as that status makes them. */
export async function putCompanyIn(app: FastifyInstance, companyId: string, to: CompanyAccountStatus) {
  await transaction(app.db, async (tx) => {
    const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!row) throw new Error(`no company ${companyId}`);
    const suspendedFrom = to === 'suspended' ? row.accountStatus : null;
    await tx.update(companies).set({ accountStatus: to, suspendedFrom }).where(eq(companies.id, companyId));
    if (to === 'paid') await app.credentials.companyUpgraded(tx, companyId, OPERATOR_CONTEXT.actor);
    else
      await app.credentials.companyStatusChanged(
        tx,
        companyId,
        { from: row.accountStatus, to },
        OPERATOR_CONTEXT,
      );
  });
}
