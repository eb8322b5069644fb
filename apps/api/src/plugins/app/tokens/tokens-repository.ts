// API credentials of a company. Every read and write names the company, so one company can never reach
// another's tokens: a foreign id simply matches no row.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ApiType, Scope, TokenStatus } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { apiClients, companies, identities, profiles } from '../../../db/schema.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;

export interface NewApiClient {
  clientId: string;
  companyId: string;
  createdBy: string | null;
  label: string;
  apiType: ApiType;
  scope: Scope;
  status: TokenStatus;
  inReview: boolean;
  secretHash: string;
  secretStart: string;
  expiredAt: Date | null;
  now: Date;
}

/** The company a signed-in person acts for, with what decides a new token's status and expiry. */
export interface CallerCompany {
  companyId: string;
  accountStatus: 'trial' | 'paid' | 'suspended';
  trialEndsAt: Date | null;
  emailVerified: boolean;
}

export function createTokensRepository(db: Db) {
  return {
    async callerCompany(identityId: string, executor: Db = db): Promise<CallerCompany | undefined> {
      const [row] = await executor
        .select({
          companyId: companies.id,
          accountStatus: companies.accountStatus,
          trialEndsAt: companies.trialEndsAt,
          emailVerifiedAt: identities.emailVerifiedAt,
        })
        .from(profiles)
        .innerJoin(companies, eq(companies.id, profiles.companyId))
        .innerJoin(identities, eq(identities.id, profiles.identityId))
        .where(eq(profiles.identityId, identityId));
      if (!row) return undefined;
      const { emailVerifiedAt, ...company } = row;
      return { ...company, emailVerified: emailVerifiedAt !== null };
    },

    /** Newest first; `clientIds` narrows the list to those ids (of this company only). */
    async list(companyId: string, clientIds?: readonly string[]): Promise<ApiClientRow[]> {
      return db
        .select()
        .from(apiClients)
        .where(
          and(
            eq(apiClients.companyId, companyId),
            clientIds ? inArray(apiClients.clientId, [...clientIds]) : undefined,
          ),
        )
        .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
    },

    async insert(client: NewApiClient, executor: Db = db): Promise<ApiClientRow> {
      const { now, ...values } = client;
      const [row] = await executor
        .insert(apiClients)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('api client insert returned no row');
      return row;
    },

    /**
     * Deletes one token of the company and returns it, or undefined when there is none. Of two
     * concurrent calls, the second waits for the first's row lock and then finds nothing to delete.
     */
    async remove(companyId: string, clientId: string, executor: Db = db): Promise<ApiClientRow | undefined> {
      const [row] = await executor
        .delete(apiClients)
        .where(and(eq(apiClients.companyId, companyId), eq(apiClients.clientId, clientId)))
        .returning();
      return row;
    },

    /** The owner verified their email: their pending tokens become usable. */
    async activatePending(identityId: string, now: Date, executor: Db = db): Promise<void> {
      await executor
        .update(apiClients)
        .set({
          status: sql`case when ${apiClients.inReview} then 'review'::token_status else 'active'::token_status end`,
          updatedAt: now,
        })
        .where(and(eq(apiClients.createdBy, identityId), eq(apiClients.status, 'pending')));
    },

    async findByClientId(clientId: string, executor: Db = db): Promise<ApiClientRow | undefined> {
      const [row] = await executor.select().from(apiClients).where(eq(apiClients.clientId, clientId));
      return row;
    },

    /** Provider team decisions; clearing the review flag goes with any explicit status. */
    async setStatus(clientId: string, status: TokenStatus, now: Date): Promise<ApiClientRow | undefined> {
      const [row] = await db
        .update(apiClients)
        .set({ status, inReview: status === 'review', updatedAt: now })
        .where(eq(apiClients.clientId, clientId))
        .returning();
      return row;
    },

    /** Paid: no more expiry, and tokens that had expired are usable again. */
    async liftTrialLimits(companyId: string, now: Date, executor: Db = db): Promise<void> {
      await executor
        .update(apiClients)
        .set({
          expiredAt: null,
          status: sql`case when ${apiClients.status} = 'expired' then 'active'::token_status else ${apiClients.status} end`,
          updatedAt: now,
        })
        .where(eq(apiClients.companyId, companyId));
    },

    /** A trial extended: the company's expiring tokens follow its new trial end. */
    async moveExpiry(companyId: string, expiredAt: Date, now: Date, executor: Db = db): Promise<void> {
      await executor
        .update(apiClients)
        .set({ expiredAt, updatedAt: now })
        .where(and(eq(apiClients.companyId, companyId), isNotNull(apiClients.expiredAt)));
    },

    async inReview(): Promise<ApiClientRow[]> {
      return db.select().from(apiClients).where(eq(apiClients.inReview, true)).orderBy(apiClients.createdAt);
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
