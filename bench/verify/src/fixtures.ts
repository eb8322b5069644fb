// The run's data: a PostgreSQL database of its own, migrated by the API's own migrator, holding one
// company, `count` active REST tokens with the nflLive scope and one verifier key. Rows are inserted
// directly with the server's keyed hash (createSecretHasher), which is what CreateClient stores, because
// issuing thousands of tokens through the API would take longer than the benchmark itself.
import { randomBytes } from 'node:crypto';
import { scopeForRequest } from '@datafeeds/domain';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { apiClients, companies, verifierKeys } from '../../../apps/api/src/db/schema.ts';
import {
  createSecretHasher,
  newClientId,
  newClientSecret,
  newVerifierKey,
  secretStart,
} from '../../../apps/api/src/lib/client-credentials.ts';
import { createDatabase } from '@datafeeds/bench-shared/database';

export interface Fixtures {
  databaseUrl: string;
  /** Shared by every portal instance and the bare `pg` server (it hashes secrets the same way). */
  hashKey: string;
  sessionSecret: string;
  verifierKey: string;
  secrets: string[];
}

const INSERT_BATCH = 500;

export async function createFixtures(adminUrl: string, count: number): Promise<Fixtures> {
  const databaseUrl = await createDatabase(adminUrl, 'verify');
  const hashKey = randomBytes(32).toString('base64url');
  const hasher = createSecretHasher(hashKey);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const { db } = database;
    const [company] = await db
      .insert(companies)
      .values({ name: 'Bench Verify Sports', accountStatus: 'paid' })
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
      secrets,
    };
  } finally {
    await database.close();
  }
}
