// Migrates once per run what every test file then copies: a PGlite data directory snapshot (loading it
// takes about a second, where a fresh PGlite plus migrations takes four) and, on PostgreSQL, a template
// database (CREATE DATABASE … TEMPLATE copies it in tens of milliseconds, where running the migrations
// on each file's empty database took one to two seconds). Migrating an empty database is tested in
// test/db/migrations.test.ts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { adminQuery, databaseUrl, dropDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** The migrated PostgreSQL database that each file's database is created from. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DATABASE === 'postgres') {
    project.provide('pgliteSnapshot', '');
    const template = `api_test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${template}`);
    try {
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(template) });
      await database.close();
      // Later files' CREATE DATABASE … TEMPLATE would fail while a connection to it is still closing.
      await adminQuery(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
    } catch (error) {
      await dropDatabase(template);
      throw error;
    }
    project.provide('postgresTemplate', template);
    return () => dropDatabase(template);
  }
  project.provide('postgresTemplate', '');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
