// The company rows and their upgrade requests (design §11 "One owner per company"): the only code that
// writes `companies` and `upgrade_requests`. The lifecycle that decides each write is company-account.ts;
// registration creates and a profile update renames through it too. Reads for screens may join the table
// anywhere; writes come here.
import { and, asc, eq, sql } from 'drizzle-orm';
import { TRIAL_DAYS, normalizeEmail, type CompanyAccountStatus } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { companies, identities, profiles, upgradeRequests } from '../../../db/schema.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { isUuid } from '../../../lib/uuid.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type UpgradeRequestRow = typeof upgradeRequests.$inferSelect;

export function createCompaniesRepository(db: Db) {
  return {
    /** `reference` is a company id or the email of one of its people. */
    async find(reference: string, executor: Db): Promise<CompanyRow | undefined> {
      if (isUuid(reference)) {
        const [row] = await executor.select().from(companies).where(eq(companies.id, reference));
        return row;
      }
      const [row] = await executor
        .select({ company: companies })
        .from(identities)
        .innerJoin(profiles, eq(profiles.identityId, identities.id))
        .innerJoin(companies, eq(companies.id, profiles.companyId))
        .where(eq(sql`lower(${identities.email})`, normalizeEmail(reference)));
      return row?.company;
    },

    /** The company's row, locked until the transaction ends. */
    async lock(tx: Db, companyId: string): Promise<CompanyRow | undefined> {
      const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      return row;
    },

    /** A new company on a 30-day trial (on the trial plan, the column's default). */
    async create(tx: Db, name: string, now: Date): Promise<string> {
      const [company] = await tx
        .insert(companies)
        .values({
          name,
          accountStatus: 'trial',
          trialEndsAt: addSeconds(now, TRIAL_DAYS * 86_400),
          createdAt: now,
        })
        .returning({ id: companies.id });
      if (!company) throw new Error('company insert returned no row');
      return company.id;
    },

    /** Renames the company the identity is a member of. */
    async renameCompanyOf(tx: Db, identityId: string, name: string): Promise<void> {
      await tx
        .update(companies)
        .set({ name })
        .where(
          eq(
            companies.id,
            sql`(select ${profiles.companyId} from ${profiles} where ${profiles.identityId} = ${identityId})`,
          ),
        );
    },

    async setPlan(tx: Db, companyId: string, planName: string): Promise<void> {
      await tx.update(companies).set({ planName }).where(eq(companies.id, companyId));
    },

    async setTrialEnd(tx: Db, companyId: string, trialEndsAt: Date): Promise<void> {
      await tx.update(companies).set({ trialEndsAt }).where(eq(companies.id, companyId));
    },

    /** A suspension keeps the status it interrupts (`suspendedFrom`), which reinstating returns to. */
    async setStatus(
      tx: Db,
      companyId: string,
      accountStatus: CompanyAccountStatus,
      suspendedFrom: CompanyAccountStatus | null,
    ): Promise<void> {
      await tx.update(companies).set({ accountStatus, suspendedFrom }).where(eq(companies.id, companyId));
    },

    /** Records an open request unless one exists; returns the open request either way. */
    async openUpgradeRequest(
      companyId: string,
      requestedBy: string,
      now: Date,
      executor: Db,
    ): Promise<{ request: UpgradeRequestRow; created: boolean }> {
      const [created] = await executor
        .insert(upgradeRequests)
        .values({ companyId, requestedBy, requestedAt: now })
        .onConflictDoNothing({
          target: upgradeRequests.companyId,
          where: sql`${upgradeRequests.status} = 'open'`,
        })
        .returning();
      if (created) return { request: created, created: true };
      const [existing] = await executor
        .select()
        .from(upgradeRequests)
        .where(and(eq(upgradeRequests.companyId, companyId), eq(upgradeRequests.status, 'open')));
      if (!existing) throw new Error('open upgrade request vanished');
      return { request: existing, created: false };
    },

    async approveUpgradeRequests(companyId: string, now: Date, executor: Db): Promise<number> {
      const approved = await executor
        .update(upgradeRequests)
        .set({ status: 'approved', decidedAt: now })
        .where(and(eq(upgradeRequests.companyId, companyId), eq(upgradeRequests.status, 'open')))
        .returning({ id: upgradeRequests.id });
      return approved.length;
    },

    /** Open requests, oldest first, with who asked. */
    async openUpgradeRequests() {
      return db
        .select({
          companyId: companies.id,
          companyName: companies.name,
          requestedAt: upgradeRequests.requestedAt,
          requesterEmail: identities.email,
        })
        .from(upgradeRequests)
        .innerJoin(companies, eq(companies.id, upgradeRequests.companyId))
        .leftJoin(identities, eq(identities.id, upgradeRequests.requestedBy))
        .where(eq(upgradeRequests.status, 'open'))
        .orderBy(asc(upgradeRequests.requestedAt));
    },

    /** Who asks for an upgrade, as the email to the provider team names them. */
    async requester(identityId: string) {
      const [row] = await db
        .select({
          email: identities.email,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          companyName: companies.name,
          accountStatus: companies.accountStatus,
        })
        .from(identities)
        .innerJoin(profiles, eq(profiles.identityId, identities.id))
        .innerJoin(companies, eq(companies.id, profiles.companyId))
        .where(eq(identities.id, identityId));
      return row;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
