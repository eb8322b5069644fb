// One real database per test file, in the migrated state: the worker's in-memory PGlite, loaded once
// from the run's migrated snapshot and put back to it before each file, or a PostgreSQL database copied
// from the run's migrated template (global-setup.ts) and dropped after.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { readPristineState, resetToPristine, type PristineState } from './pglite-reset.ts';
import { adminQuery, databaseUrl, dropDatabase } from './postgres-admin.ts';

export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/**
 * The snapshot's bytes as the Blob PGlite loads a data directory from. PGlite only calls arrayBuffer(),
 * and Node 20's Blob copies the whole snapshot through a stream to answer it. This hands over the bytes read from the file instead.
 */
class SnapshotBlob extends Blob {
  constructor(private readonly snapshot: Buffer) {
    super([], { type: 'application/x-tar' });
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.snapshot;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

let opened: Promise<{ database: Database; url: string | undefined; drop: () => Promise<void> }> | undefined;

/**
 * The worker's PGlite: loaded from the snapshot once, then put back to the snapshot's state before each
 * later file (pglite-reset.ts), which is far cheaper than loading it again.
 */
let workerPglite: { client: PGlite; pristine: PristineState } | undefined;

async function loadSnapshot(): Promise<{ client: PGlite; pristine: PristineState }> {
  const client = new PGlite({ loadDataDir: new SnapshotBlob(await readFile(inject('pgliteSnapshot'))) });
  return { client, pristine: await readPristineState(client) };
}

async function pgliteForFile(): Promise<PGlite> {
  if (workerPglite && !workerPglite.client.closed) {
    const { client, pristine } = workerPglite;
    try {
      await resetToPristine(client, pristine);
      return client;
    } catch {
      // A file left it in a state the reset cannot undo (an open transaction): start from the snapshot.
      await client.close().catch(() => undefined);
    }
  }
  workerPglite = await loadSnapshot();
  return workerPglite.client;
}

async function open() {
  if (testDatabaseKind === 'pglite') {
    // The snapshot is the migrated schema of global-setup.ts; the migration itself is tested there.
    const client = await pgliteForFile();
    const database: Database = {
      db: drizzle({ client, schema }),
      kind: 'pglite',
      // The worker keeps it for the next file; the process's end frees it.
      close: async () => undefined,
    };
    return { database, url: undefined, drop: async () => undefined };
  }
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // A copy of the run's migrated template (global-setup.ts); openDatabase finds nothing left to migrate.
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = databaseUrl(name);
  const database = await openDatabase({ kind: 'postgres', url });
  return { database, url, drop: () => dropDatabase(name) };
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
 * files share a worker's modules (vitest.config.ts, `isolate: false`), so nothing may outlive its file
 * but the worker's PGlite, which the next file finds reset to the snapshot.
 */
export async function closeTestDatabase(): Promise<void> {
  if (!opened) return;
  const closing = opened;
  opened = undefined;
  const { database, drop } = await closing;
  await database.close();
  await drop();
}
