// Reading API credentials. Every read for a customer names the company, so one company can never reach
// another's tokens: a foreign id simply matches no row. Writes go through credentials/credential-store.ts
// (and `last_used_at` through credentials/last-use.ts).
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import type { ApiClientRow } from '../credentials/index.ts';
import {
  apiClients,
  companies,
  credentialUsageHourly,
  identities,
  profiles,
  replacedClientIds,
} from '../../../db/schema.ts';

/** What a token reads as in an answer (token-status.ts toClient): never its secret's hash or prefix. */
export type ClientListRow = Pick<
  ApiClientRow,
  | 'clientId'
  | 'label'
  | 'scope'
  | 'status'
  | 'inReview'
  | 'apiType'
  | 'createdAt'
  | 'updatedAt'
  | 'expiredAt'
  | 'lastUsedAt'
  | 'dailyCap'
> & {
  /** The secret this token's rotation replaced while its grace period runs (left join; nulls if none). */
  graceClientId: string | null;
  graceEndsAt: Date | null;
  graceRequests: number | null;
};

/** A token's retiring predecessor (credential-store.ts: at most one per token). */
const retiring = alias(apiClients, 'retiring');

const clientListColumns = {
  clientId: apiClients.clientId,
  label: apiClients.label,
  scope: apiClients.scope,
  status: apiClients.status,
  inReview: apiClients.inReview,
  apiType: apiClients.apiType,
  createdAt: apiClients.createdAt,
  updatedAt: apiClients.updatedAt,
  expiredAt: apiClients.expiredAt,
  // The token's last use by either of its secrets (greatest() ignores a null).
  lastUsedAt: sql<Date | null>`greatest(${apiClients.lastUsedAt}, ${retiring.lastUsedAt})`.mapWith(
    apiClients.lastUsedAt,
  ),
  graceClientId: retiring.clientId,
  graceEndsAt: retiring.retiresAt,
  // Verifications of the old secret since the rotation: its usage from the rotation's hour on, less what
  // that hour already held when the rotation committed (design §9); only for a token that has one.
  graceRequests: sql<number | null>`case when ${retiring.clientId} is null then null else (
    select coalesce(sum(${credentialUsageHourly.count}), 0)::int from ${credentialUsageHourly}
    where ${credentialUsageHourly.clientId} = ${retiring.clientId}
      and ${credentialUsageHourly.hour} >= date_trunc('hour', ${apiClients.createdAt} at time zone 'UTC') at time zone 'UTC'
  ) - coalesce(${retiring.requestsBeforeRotation}, 0)::int end`.mapWith(Number),
  dailyCap: apiClients.dailyCap,
};

/** The company a signed-in person acts for, with what decides a new token's status and expiry. */
export interface CallerCompany {
  companyId: string;
  accountStatus: 'trial' | 'paid' | 'suspended';
  trialEndsAt: Date | null;
  emailVerified: boolean;
}

export function createTokensRepository(db: Db) {
  const callerCompanyQuery = (executor: Db) =>
    executor
      .select({
        companyId: companies.id,
        accountStatus: companies.accountStatus,
        trialEndsAt: companies.trialEndsAt,
        emailVerifiedAt: identities.emailVerifiedAt,
      })
      .from(profiles)
      .innerJoin(companies, eq(companies.id, profiles.companyId))
      .innerJoin(identities, eq(identities.id, profiles.identityId))
      .where(eq(profiles.identityId, sql.placeholder('identityId')));
  const listQuery = (clientIds?: readonly string[]) =>
    db
      .select(clientListColumns)
      .from(apiClients)
      .leftJoin(
        retiring,
        and(eq(retiring.replacedBy, apiClients.clientId), eq(retiring.companyId, apiClients.companyId)),
      )
      .where(
        and(
          eq(apiClients.companyId, sql.placeholder('companyId')),
          // A secret in its grace period is no token of its own: it shows on its replacement.
          isNull(apiClients.retiresAt),
          clientIds ? inArray(apiClients.clientId, [...clientIds]) : undefined,
        ),
      )
      .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
  // GetClients runs the list on every call and CreateClient the caller's company: built once and prepared
  // on each connection, so neither the query builder nor PostgreSQL's parser runs per call.
  const callerCompanyPrepared = callerCompanyQuery(db).prepare('tokens_caller_company');
  const listAllPrepared = listQuery().prepare('tokens_list_all');

  return {
    async callerCompany(identityId: string, executor: Db): Promise<CallerCompany | undefined> {
      const query = executor === db ? callerCompanyPrepared : callerCompanyQuery(executor);
      const [row] = await query.execute({ identityId });
      if (!row) return undefined;
      const { emailVerifiedAt, ...company } = row;
      return { ...company, emailVerified: emailVerifiedAt !== null };
    },

    /** Newest first; `clientIds` narrows the list to those ids (of this company only). */
    async list(companyId: string, clientIds?: readonly string[]): Promise<ClientListRow[]> {
      return (clientIds ? listQuery(clientIds) : listAllPrepared).execute({ companyId });
    },

    async findByClientId(clientId: string, executor: Db): Promise<ApiClientRow | undefined> {
      const [row] = await executor.select().from(apiClients).where(eq(apiClients.clientId, clientId));
      return row;
    },

    /**
     * The listed token a rotation replaced `clientId` by (design §9), through any number of rotations;
     * undefined when the id was never replaced or its token is gone.
     */
    async replacementOf(companyId: string, clientId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ clientId: apiClients.clientId })
        .from(replacedClientIds)
        .innerJoin(
          apiClients,
          and(
            eq(apiClients.lineageId, replacedClientIds.lineageId),
            eq(apiClients.companyId, replacedClientIds.companyId),
            isNull(apiClients.retiresAt),
          ),
        )
        .where(and(eq(replacedClientIds.companyId, companyId), eq(replacedClientIds.clientId, clientId)));
      return row?.clientId;
    },

    /** Every client ID a listed token of the company had, itself first, then the replaced ones newest first. */
    async lineageOf(companyId: string, clientId: string): Promise<string[]> {
      const replaced = await db
        .select({ clientId: replacedClientIds.clientId })
        .from(replacedClientIds)
        .innerJoin(
          apiClients,
          and(
            eq(apiClients.lineageId, replacedClientIds.lineageId),
            eq(apiClients.companyId, replacedClientIds.companyId),
          ),
        )
        .where(and(eq(apiClients.companyId, companyId), eq(apiClients.clientId, clientId)))
        .orderBy(desc(replacedClientIds.replacedAt));
      return [clientId, ...replaced.map((row) => row.clientId)];
    },

    async inReview(): Promise<ApiClientRow[]> {
      return db.select().from(apiClients).where(eq(apiClients.inReview, true)).orderBy(apiClients.createdAt);
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
