// The run's data: a PostgreSQL database of its own, migrated by the API's own migrator, holding three
// companies with active REST tokens (nflLive scope) and one verifier key. Rows are inserted directly with
// the server's keyed hash (createSecretHasher), which is what CreateClient stores, because issuing
// thousands of tokens through the API would take longer than the benchmark itself. Each company is on a
// plan of the run's own (design §10), so every figure measures the limits it means to:
//   - the main company (figures 1–6): unlimited, so enforcement has nothing to count;
//   - the limited company (figure 7): a quota and a rate far above anything the run asks, so enforcement
//     does all its work and refuses nothing;
//   - the quota company (figure 9): ADMISSION_QUOTA a day, no rate, to be run out.
import { randomBytes } from 'node:crypto';
import { scopeForRequest } from '@datafeeds/domain';
import { openDatabase, type Db } from '../../../apps/api/src/db/client.ts';
import { apiClients, companies, plans, verifierKeys } from '../../../apps/api/src/db/schema.ts';
import {
  createSecretHasher,
  newClientId,
  newClientSecret,
  newVerifierKey,
  secretStart,
} from '../../../apps/api/src/lib/client-credentials.ts';
import { createDatabase } from '@datafeeds/bench-shared/database';

/** Far above what any run admits, yet a quarter-percent lease of it stays under the lease call's cap. */
export const LIMITED_PLAN = {
  name: 'bench-limited',
  dailyQuota: 100_000_000_000,
  ratePerSecond: 2_000_000_000,
};
export const ADMISSION_QUOTA = 100_000;
export const UNLIMITED_PLAN = { name: 'bench-unlimited', dailyQuota: null, ratePerSecond: null };
const QUOTA_PLAN = { name: 'bench-quota', dailyQuota: ADMISSION_QUOTA, ratePerSecond: null };

export interface Fixtures {
  databaseUrl: string;
  /** Shared by every portal instance and the bare `pg` server (it hashes secrets the same way). */
  hashKey: string;
  sessionSecret: string;
  verifierKey: string;
  /** The unlimited company's tokens. */
  secrets: string[];
  /** The limited company and its tokens (figure 7). */
  limitedCompany: { id: string; secrets: string[] };
  /** The company whose quota figure 9 runs out, and its two tokens. */
  quotaCompany: { id: string; secrets: string[] };
}

const INSERT_BATCH = 500;

async function insertCompany(
  db: Db,
  hasher: ReturnType<typeof createSecretHasher>,
  name: string,
  planName: string,
  count: number,
): Promise<{ id: string; secrets: string[] }> {
  const [company] = await db
    .insert(companies)
    .values({ name, accountStatus: 'paid', planName })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned no row');
  const scope = scopeForRequest({ liveGame: true, preGame: false, postGame: false, sports: ['nfl'] });
  const secrets = Array.from({ length: count }, () => newClientSecret());
  for (let start = 0; start < count; start += INSERT_BATCH) {
    await db.insert(apiClients).values(
      secrets.slice(start, start + INSERT_BATCH).map((secret, index) => ({
        clientId: newClientId(),
        companyId: company.id,
        label: `Bench ${start + index}`,
        apiType: 'rest' as const,
        scope,
        status: 'active' as const,
        secretHash: hasher.hash(secret),
        secretStart: secretStart(secret),
      })),
    );
  }
  return { id: company.id, secrets };
}

export async function createFixtures(
  adminUrl: string,
  count: number,
  limitedCount: number,
): Promise<Fixtures> {
  const databaseUrl = await createDatabase(adminUrl, 'verify');
  const hashKey = randomBytes(32).toString('base64url');
  const hasher = createSecretHasher(hashKey);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const { db } = database;
    await db.insert(plans).values([UNLIMITED_PLAN, LIMITED_PLAN, QUOTA_PLAN]);
    const main = await insertCompany(db, hasher, 'Bench Verify Sports', UNLIMITED_PLAN.name, count);
    const limited = await insertCompany(db, hasher, 'Bench Limited Sports', LIMITED_PLAN.name, limitedCount);
    const quotaCompany = await insertCompany(db, hasher, 'Bench Quota Sports', QUOTA_PLAN.name, 2);
    const verifierKey = newVerifierKey();
    await db.insert(verifierKeys).values({
      name: 'bench-verify',
      keyHash: hasher.hash(verifierKey),
      keyStart: secretStart(verifierKey),
    });
    return {
      databaseUrl,
      hashKey,
      sessionSecret: randomBytes(32).toString('base64url'),
      verifierKey,
      secrets: main.secrets,
      limitedCompany: limited,
      quotaCompany,
    };
  } finally {
    await database.close();
  }
}
