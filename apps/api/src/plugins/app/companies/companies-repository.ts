// Companies as the provider team finds them (by id or by a member's email) and their upgrade requests (at
// most one open each, enforced by a partial index). Account status and trial end change only through
// credentials/credential-store.ts, since every token of the company changes with them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { companies, identities, profiles, upgradeRequests } from '../../../db/schema.ts';
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
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
