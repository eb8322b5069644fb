// What the tests that run the API as a separate process start: the run's compiled build (plain node, no
// TypeScript at run time, as `npm start`, `npm run operator` and `npm run db:migrate` run it) and, for
// those not about an empty database, a copy of a migrated embedded database. Both are made once per run
// by global-setup.ts.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

/** The server (`main.js`), the operator command (`operator.js`) or the release step (`migrate.js`). */
export function compiledFile(name: 'main.js' | 'operator.js' | 'migrate.js'): string {
  return path.join(inject('compiledBuild'), name);
}

/** The package folder: where `npm run` runs the commands. */
export const API_DIR = path.resolve(import.meta.dirname, '../..');

/** Runs the operator command or the release step as `npm run` does: its compiled build, from API_DIR. */
export function runCompiledCommand(
  name: 'operator.js' | 'migrate.js',
  env: Record<string, string>,
  ...args: string[]
) {
  return promisify(execFile)(process.execPath, [compiledFile(name), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    cwd: API_DIR,
  });
}

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
