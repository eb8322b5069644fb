// Starts the real portal for the end-to-end run, as a newcomer would with `npm start` (build the web app
// and the server, then serve both from one process) on the embedded PGlite database in a temporary
// DATA_DIR, with email going to the outbox and the development mailbox. Each build is made only when it
// is older than its sources: in `npm test` the size check has just built the web app, and the migration
// step below compiles the server (build.mjs --if-stale), so neither is built twice in one run. Before the server opens the database,
// the operator command imports the sister-product identities the specs sign in with; later commands
// (approve-upgrade) reach the running server through its operator socket in DATA_DIR.
// Once that build is served, a second server starts from it with both analytics keys set (its own
// DATA_DIR, next port up), for the specs that check what reaches the analytics tools.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { healthAt, spawnServer, untilReady, type ServerProcess } from '@datafeeds/harness/server';
import { SISTER_IDENTITIES_CSV } from '../support/sister-identities.ts';
import { ensureWebBuild } from './web-build.ts';
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
    // A trial small enough for the limits story (feed-demo.spec.ts) to run out through the demo feed;
    // no other spec makes that many feed requests for one company. Its rate is out of every spec's way.
    TRIAL_DAILY_QUOTA: '40',
    TRIAL_RATE_PER_SECOND: '1000',
  };
}

ensureWebBuild(repoRoot);
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

const servers: ServerProcess[] = [];
const stopAll = () => Promise.all(servers.map((server) => server.stop()));
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());

// The servers stay in this script's process group: Playwright ends the run by killing that group, which
// reaches npm and the node processes under it.
function start(name: string, args: string[], environment: NodeJS.ProcessEnv, dataDir: string) {
  const server = spawnServer({ name, command: 'npm', args, cwd: repoRoot, env: environment });
  servers.push(server);
  // Either server going away ends the run: the specs need both.
  void server.exited.then(async ({ code }) => {
    rmSync(dataDir, { recursive: true, force: true });
    await stopAll();
    process.exit(code ?? 0);
  });
  return server;
}

// What `npm start` runs once both builds are there. On a busy machine a first start may be slow: as
// long as Playwright's own wait for the webServer. One after the other: started side by side, the
// second's empty database migrating beside the first start ran past Fastify's plugin timeout at a load
// of 30 on two cores.
const FIRST_START_MS = 240_000;
await untilReady(start('the portal', ['run', 'start', '-w', '@datafeeds/api'], env, E2E_DATA_DIR), {
  ready: healthAt(E2E_BASE_URL),
  timeoutMs: FIRST_START_MS,
});
const analyticsEnv = {
  ...serverEnv(E2E_ANALYTICS_DATA_DIR, E2E_ANALYTICS_PORT, E2E_ANALYTICS_BASE_URL),
  ...E2E_ANALYTICS_KEYS,
};
const analytics = start(
  'the portal with analytics keys',
  ['run', 'start', '-w', '@datafeeds/api'],
  analyticsEnv,
  E2E_ANALYTICS_DATA_DIR,
);
// As long as the first: it migrates its empty database as it starts, and 60 s ran out under load.
await untilReady(analytics, { ready: healthAt(E2E_ANALYTICS_BASE_URL), timeoutMs: FIRST_START_MS });
