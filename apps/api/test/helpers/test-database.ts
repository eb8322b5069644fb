// One real database per test file: in-memory PGlite, or a fresh PostgreSQL database created on the
// admin connection (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test) and dropped after.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';

export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let opened: Promise<{ database: Database; url: string | undefined; drop: () => Promise<void> }> | undefined;

async function open() {
  if (testDatabaseKind === 'pglite') {
    // The snapshot is the migrated schema of global-setup.ts; the migration itself is tested there.
    const client = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    const database: Database = {
      db: drizzle({ client, schema }),
      kind: 'pglite',
      close: () => client.close(),
    };
    return { database, url: undefined, drop: async () => undefined };
  }
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // pool.end() resolves before its sockets have closed; FORCE on a connection still closing makes
      // the server kill it, which surfaces as an unhandled 57P01 error. Wait for them to go first.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const { rows } = await client.query<{ open: number }>(
          'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { database, url: url.toString(), drop };
}

/** The test file's database, migrated, shared by every app the file builds. */
export async function testDatabase(): Promise<Database> {
  opened ??= open();
  return (await opened).database;
}

/** The URL of the file's PostgreSQL database, for tests that start instances of their own on it. */
export async function testDatabaseUrl(): Promise<string> {
  opened ??= open();
  const { url } = await opened;
  if (!url) throw new Error('testDatabaseUrl needs TEST_DATABASE=postgres');
  return url;
}

/**
 * Closes and drops the file's database (setup.ts, after each file). The next file opens its own: test
 * files share a worker's modules (vitest.config.ts, `isolate: false`), so nothing may outlive its file.
 */
export async function closeTestDatabase(): Promise<void> {
  if (!opened) return;
  const closing = opened;
  opened = undefined;
  const { database, drop } = await closing;
  await database.close();
  await drop();
}
