// Starts the real portal for the end-to-end run, as a newcomer would: `npm start` (build the web app,
// then serve it and the API from one process) on the embedded PGlite database in a temporary DATA_DIR,
// with email going to the outbox and the development mailbox. Before the server opens the database,
// the operator command imports the sister-product identities the specs sign in with; later commands
// (approve-upgrade) reach the running server through its operator socket in DATA_DIR.
// Once that build is served, a second server starts from it with both analytics keys set (its own
// DATA_DIR, next port up), for the specs that check what reaches the analytics tools.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SISTER_IDENTITIES_CSV } from '../support/sister-identities.ts';
import {
  E2E_ANALYTICS_BASE_URL,
  E2E_ANALYTICS_DATA_DIR,
  E2E_ANALYTICS_KEYS,
  E2E_ANALYTICS_PORT,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_PORT,
} from '../support/server.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

function serverEnv(dataDir: string, port: number, baseUrl: string) {
  // A fresh database every run, at the place the specs expect it.
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every spec signs up from the same address; the real limits are tested by the API suite.
    RATE_LIMIT_SCALE: '10',
  };
}

const env = serverEnv(E2E_DATA_DIR, E2E_PORT, E2E_BASE_URL);
const csvPath = join(E2E_DATA_DIR, 'sister-identities.csv');
writeFileSync(csvPath, SISTER_IDENTITIES_CSV);
// The release step first: the operator commands never change the schema.
const migrated = spawnSync('npm', ['run', '--silent', 'db:migrate'], {
  cwd: repoRoot,
  env,
  stdio: 'inherit',
});
if (migrated.status !== 0) {
  console.error('migrating the database failed');
  process.exit(1);
}
const imported = spawnSync('npm', ['run', '--silent', 'operator', '--', 'import-identities', csvPath], {
  cwd: repoRoot,
  env,
  stdio: 'inherit',
});
if (imported.status !== 0) {
  console.error('importing the sister-product identities failed');
  process.exit(1);
}

const servers: ChildProcess[] = [];
const stopAll = () => servers.forEach((server) => server.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

function start(args: string[], serverEnvironment: NodeJS.ProcessEnv, dataDir: string) {
  const server = spawn('npm', args, { cwd: repoRoot, env: serverEnvironment, stdio: 'inherit' });
  servers.push(server);
  server.on('exit', (code) => {
    rmSync(dataDir, { recursive: true, force: true });
    stopAll();
    process.exit(code ?? 0);
  });
}

async function waitForHealth(baseUrl: string) {
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
}

start(['start'], env, E2E_DATA_DIR);
await waitForHealth(E2E_BASE_URL);
const analyticsEnv = {
  ...serverEnv(E2E_ANALYTICS_DATA_DIR, E2E_ANALYTICS_PORT, E2E_ANALYTICS_BASE_URL),
  ...E2E_ANALYTICS_KEYS,
};
start(['run', 'start', '-w', '@datafeeds/api'], analyticsEnv, E2E_ANALYTICS_DATA_DIR);
