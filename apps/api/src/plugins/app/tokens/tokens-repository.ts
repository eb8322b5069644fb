// Reading API credentials. Every read for a customer names the company, so one company can never reach
// another's tokens: a foreign id simply matches no row. Writes go through credentials/credential-store.ts.
import { and, desc, eq, inArray } from 'drizzle-orm';
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

    async findByClientId(clientId: string, executor: Db = db): Promise<ApiClientRow | undefined> {
      const [row] = await executor.select().from(apiClients).where(eq(apiClients.clientId, clientId));
      return row;
    },

    async inReview(): Promise<ApiClientRow[]> {
      return db.select().from(apiClients).where(eq(apiClients.inReview, true)).orderBy(apiClients.createdAt);
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
