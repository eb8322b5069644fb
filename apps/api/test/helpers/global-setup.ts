// Prepares once per run what the test files then copy or run:
// - a PGlite data directory snapshot (cheaper to load than a fresh PGlite plus migrations) and, on
//   PostgreSQL, a template database (CREATE DATABASE … TEMPLATE copies it far faster than migrating each
//   file's empty database). Migrating an empty database is tested in test/db/migrations.test.ts;
// - the same migrated PGlite on disk, as a DATA_DIR that the tests starting a server process copy
//   (a server on it starts far cheaper than on an empty DATA_DIR);
// - the compiled server and operator command (scripts/build.mjs, what `npm start` and `npm run operator`
//   run), built once for every test that runs one as a process (helpers/compiled-build.ts).
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
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
    /** A DATA_DIR holding a migrated embedded database, for copies (helpers/compiled-build.ts). */
    migratedDataDir: string;
    /** The folder of the run's compiled build (helpers/compiled-build.ts). */
    compiledBuild: string;
    /** The migrated PostgreSQL database that each file's database is created from. */
    postgresTemplate: string;
  }
}

const apiDir = path.resolve(import.meta.dirname, '../..');

/** Builds the server and the operator command into a folder of the package's own; returns its remover. */
function compileBuild(project: TestProject): () => void {
  // Inside the package (the build resolves its packages from there), outside dist/, which `npm start`
  // (the end-to-end suite, maybe running beside this one) empties.
  const folder = path.join('.test-builds', `run-${process.pid}-${randomBytes(4).toString('hex')}`);
  execFileSync(process.execPath, [path.join(apiDir, 'scripts/build.mjs'), folder]);
  const dir = path.join(apiDir, folder);
  project.provide('compiledBuild', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  const removeBuild = compileBuild(project);
  if (project.config.env.TEST_DATABASE === 'postgres') {
    project.provide('pgliteSnapshot', '');
    project.provide('migratedDataDir', '');
    const template = `api_test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${template}`);
    try {
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(template) });
      await database.close();
      // Later files' CREATE DATABASE … TEMPLATE would fail while a connection to it is still closing.
      await adminQuery(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
    } catch (error) {
      await dropDatabase(template);
      removeBuild();
      throw error;
    }
    project.provide('postgresTemplate', template);
    return async () => {
      removeBuild();
      await dropDatabase(template);
    };
  }
  project.provide('postgresTemplate', '');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-pglite-snapshot-'));
  // One fresh database migrated on disk, where a server keeps it (DATA_DIR/pglite): the folder is the
  // copy servers start from, and its dump the snapshot each file loads into memory.
  const dataDir = path.join(dir, 'data');
  const file = path.join(dir, 'migrated.tar');
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    removeBuild();
    throw error;
  }
  project.provide('pgliteSnapshot', file);
  project.provide('migratedDataDir', dataDir);
  return () => {
    removeBuild();
    rmSync(dir, { recursive: true, force: true });
  };
}
