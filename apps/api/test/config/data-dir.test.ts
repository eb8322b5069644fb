// The embedded database's files and the generated secrets are owner-only whatever the umask (the
// README promises it; they were created world-readable and world-writable under a permissive umask).
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testEnv } from '../helpers/build-test-app.ts';
import { registerUser } from '../helpers/factories.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (current: string) => {
    if ((statSync(current).mode & 0o077) !== 0) found.push(current);
    if (statSync(current).isDirectory())
      for (const name of readdirSync(current)) visit(path.join(current, name));
  };
  visit(dir);
  return found;
}

describe.runIf(testDatabaseKind === 'pglite')('DATA_DIR', () => {
  const previousUmask = process.umask(0);
  afterAll(() => void process.umask(previousUmask));

  it('and everything the server writes in it are owner-only, even under umask 000', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'datafeeds-private-')), 'data');
    // No secrets given: the server generates them into DATA_DIR/secrets.json.
    const env = testEnv({ DATA_DIR: dataDir, SESSION_SECRET: '', CLIENT_SECRET_HASH_KEY: '' });
    const app = await buildApp({ env, serveWebApp: false, expirySweepMs: 0 });
    try {
      await app.ready();
      await registerUser(app); // writes to the database
      expect(readdirSync(dataDir).sort()).toEqual(['pglite', 'secrets.json']);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
