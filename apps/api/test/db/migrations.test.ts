// Migrations are a release step (`npm run db:migrate`) that a starting server also runs, under a
// PostgreSQL advisory lock; the operator CLI never changes the schema and refuses one that is behind.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { API_DIR, runCompiledCommand as runCommand } from '../helpers/compiled-build.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const knownMigrations = readMigrationFiles({ migrationsFolder: path.join(API_DIR, 'drizzle') }).length;

describe.runIf(testDatabaseKind === 'pglite')('on the embedded database', () => {
  it('the operator CLI refuses a database that was never migrated, and works after db:migrate', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-migrate-'));
    const refused = await runCommand('operator.js', { DATA_DIR: dataDir }, 'verifier-key', 'list').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(
      `The database has 0 of this version's ${knownMigrations} migrations: run \`npm run db:migrate\` first`,
    );

    const migrated = await runCommand('migrate.js', { DATA_DIR: dataDir });
    expect(migrated.stdout).toContain('Database migrated (pglite).');
    const listed = await runCommand('operator.js', { DATA_DIR: dataDir }, 'verifier-key', 'list');
    expect(listed.stdout).toContain('Verifier keys: 0');
  }, 120_000);
});

describe.runIf(testDatabaseKind === 'postgres')('on PostgreSQL', () => {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

  async function withEmptyDatabase(work: (url: string) => Promise<void>): Promise<void> {
    const name = `api_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await work(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  it('four instances starting at the same moment on an empty database all come up, with one run', async () => {
    await withEmptyDatabase(async (url) => {
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url }, { migrations: 'run' })),
      );
      await Promise.all(opened.map((database) => database.close()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
        );
        // Each migration recorded once: one run applied them, the others found nothing to do.
        expect(rows[0]?.count).toBe(knownMigrations);
      } finally {
        await client.end();
      }
    });
  }, 60_000);

  it('the CLI check refuses a database behind this version, naming the release step', async () => {
    await withEmptyDatabase(async (url) => {
      await expect(
        openDatabase({ kind: 'postgres', url }, { migrations: 'require-current' }),
      ).rejects.toThrow(/run `npm run db:migrate` first/);
      const database = await openDatabase({ kind: 'postgres', url }, { migrations: 'run' });
      await database.close();
      const current = await openDatabase({ kind: 'postgres', url }, { migrations: 'require-current' });
      await current.close();
    });
  }, 60_000);
});
