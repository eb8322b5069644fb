// The credentials read model (design §8), which verification and the allowance leases import: the one
// indexed query behind a verification cache miss, the credential and its company by the keyed hash of
// the presented secret (api_clients.secret_hash is unique); the same by client ID for the allowance
// lease (api_clients.client_id is unique), inside the lease's transaction.
import { eq, sql, type SQL } from 'drizzle-orm';
import { SCOPE_KEYS, prepareVerified, type JudgedCredential } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { apiClients, companies, plans } from '../../../db/schema.ts';

/** What verification needs to know of a credential, kept in the cache between queries. */
export interface KnownCredential extends JudgedCredential {
  status: (typeof apiClients.$inferSelect)['status'];
  suspended: boolean;
}

/**
 * When a credential stops verifying: the earlier of its trial's end and, for a secret a rotation
 * replaced, its grace period's end. The answer's `expiresAt` says it, so this portal's cache and every
 * data feed's stop accepting it on time even before the retirement sweep runs (EXPIRED until then).
 */
function endOf(expiredAt: Date | null, retiresAt: Date | null): Date | null {
  if (expiredAt === null || retiresAt === null) return expiredAt ?? retiresAt;
  return expiredAt < retiresAt ? expiredAt : retiresAt;
}

const columns = {
  clientId: apiClients.clientId,
  companyId: apiClients.companyId,
  apiType: apiClients.apiType,
  scope: apiClients.scope,
  status: apiClients.status,
  expiredAt: apiClients.expiredAt,
  retiresAt: apiClients.retiresAt,
  companyName: companies.name,
  accountStatus: companies.accountStatus,
  plan: plans.name,
  dailyQuota: plans.dailyQuota,
  ratePerSecond: plans.ratePerSecond,
  dailyCap: apiClients.dailyCap,
  lineageId: apiClients.lineageId,
};

const selectCredential = (executor: Db, where: SQL) =>
  executor
    .select(columns)
    .from(apiClients)
    .innerJoin(companies, eq(companies.id, apiClients.companyId))
    .innerJoin(plans, eq(plans.name, companies.planName))
    .where(where);

type CredentialRow = Awaited<ReturnType<typeof selectCredential>>[number];

function knownFrom(row: CredentialRow): KnownCredential {
  return {
    status: row.status,
    suspended: row.accountStatus === 'suspended',
    ...prepareVerified({
      valid: true,
      code: 'VALID',
      clientId: row.clientId,
      companyId: row.companyId,
      companyName: row.companyName,
      accountStatus: row.accountStatus,
      apiType: row.apiType,
      scopes: SCOPE_KEYS.filter((key) => row.scope[key] === true),
      expiresAt: endOf(row.expiredAt, row.retiresAt)?.toISOString() ?? null,
      limits: {
        plan: row.plan,
        dailyQuota: row.dailyQuota,
        ratePerSecond: row.ratePerSecond,
        dailyCap: row.dailyCap,
      },
    }),
  };
}

/** The miss's query, by the placeholder `secretHash`. */
const credentialBySecretHash = (executor: Db) =>
  selectCredential(executor, eq(apiClients.secretHash, sql.placeholder('secretHash')));

export function createCredentialLookup(db: Db) {
  const query = credentialBySecretHash(db).prepare('verify_credential_by_secret_hash');

  return async (secretHash: string): Promise<KnownCredential | undefined> => {
    const [row] = await query.execute({ secretHash });
    return row ? knownFrom(row) : undefined;
  };
}

export type CredentialLookup = ReturnType<typeof createCredentialLookup>;

/** A credential by its client ID, with its lineage (what a rotation keeps: the token's own allowance). */
export async function findKnownByClientId(
  executor: Db,
  clientId: string,
): Promise<{ credential: KnownCredential; lineageId: string } | undefined> {
  const [row] = await selectCredential(executor, eq(apiClients.clientId, clientId));
  return row ? { credential: knownFrom(row), lineageId: row.lineageId } : undefined;
}
