// What the tests that run the API as a separate process start: the run's compiled build (plain node, no
// TypeScript at run time, as `npm start`, `npm run operator` and `npm run db:migrate` run it) and, for
// those not about an empty database, a copy of a migrated embedded database. Both are made once per run
// by global-setup.ts.
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** The server (`main.js`), the operator command (`operator.js`) or the release step (`migrate.js`). */
export function compiledFile(name: 'main.js' | 'operator.js' | 'migrate.js'): string {
  return path.join(inject('compiledBuild'), name);
}

/** The package folder: where `npm run` runs the commands. */
export const API_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * A new DATA_DIR whose embedded database is already migrated (a copy: each caller owns its files). Only
 * the PGlite project prepares one.
 */
export function migratedDataDirCopy(): string {
  const source = inject('migratedDataDir');
  if (!source) throw new Error('the migrated DATA_DIR is prepared for the PGlite project only');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-migrated-'));
  cpSync(source, dataDir, { recursive: true });
  return dataDir;
}
