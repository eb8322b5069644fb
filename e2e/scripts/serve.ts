// Starts the real portal for the end-to-end run, as a newcomer would: `npm start` (build the web app,
// then serve it and the API from one process) on the embedded PGlite database in a temporary DATA_DIR,
// with email going to the outbox and the development mailbox. Before the server opens the database,
// the operator command imports the sister-product identities the specs sign in with; later commands
// (approve-upgrade) reach the running server through its operator socket in DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SISTER_IDENTITIES_CSV } from '../support/sister-identities.ts';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from '../support/server.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
// A fresh database every run, at the place the specs expect it.
const dataDir = E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  APP_URL: E2E_BASE_URL,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every spec signs up from the same address; the real limits are tested by the API suite.
  RATE_LIMIT_SCALE: '10',
};

const csvPath = join(dataDir, 'sister-identities.csv');
writeFileSync(csvPath, SISTER_IDENTITIES_CSV);
const imported = spawnSync('npm', ['run', '--silent', 'operator', '--', 'import-identities', csvPath], {
  cwd: repoRoot,
  env,
  stdio: 'inherit',
});
if (imported.status !== 0) {
  console.error('importing the sister-product identities failed');
  process.exit(1);
}

const server = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
