// Starts each server under test as a child process of its own — so the load generator never shares its
// event loop — one at a time, and stops it (SIGTERM, then SIGKILL after 10 s). A portal child writes its
// request log (stdout) to a file, as a deployment's log collector would take it; nothing reads it during
// the run, and its size per answer is reported.
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onCleanup } from '@datafeeds/bench-shared/cleanup';
import { profileDirFor, startChildServer, type ChildServer } from '@datafeeds/bench-shared/child-server';
import { LOOP_DELAY, type LoopDelay } from './children/child-protocol.ts';
import { settings } from './settings.ts';

export interface RunningServer extends ChildServer {
  /** Bytes the child has written to its log so far (0 for the bare server). */
  logBytes(): number;
  /** How late the child's event loop ran since the last call. */
  loopDelay(): Promise<LoopDelay>;
}

export interface Deployment {
  databaseUrl: string;
  sessionSecret: string;
  hashKey: string;
  redisKeyPrefix: string;
}

const CHILDREN = resolve(import.meta.dirname, 'children');
let started = 0;
let workDir: string | undefined;

/** A temporary directory for the run (data dirs, logs), removed at cleanup. */
function runDir(): string {
  if (!workDir) {
    const dir = mkdtempSync(join(tmpdir(), 'datafeeds-bench-api-'));
    onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    workDir = dir;
  }
  return workDir;
}

async function startChild(
  name: string,
  entry: 'portal.ts' | 'bare-pg.ts',
  env: Record<string, string>,
): Promise<RunningServer> {
  started += 1;
  const label = `${started}-${name}`;
  const logFile = join(runDir(), `${label}.log`);
  const logFd = openSync(logFile, 'w');
  const server = await startChildServer({
    name,
    script: join(CHILDREN, entry),
    env,
    stdout: logFd,
    cpuProfileDir: profileDirFor(settings.cpuProfileDir, label),
    exitHint: `; its log: ${logFile}`,
  }).finally(() => closeSync(logFd));
  return {
    ...server,
    logBytes: () => statSync(logFile).size,
    loopDelay: () => server.ask<LoopDelay>(LOOP_DELAY, 'loopDelay'),
  };
}

/**
 * The environment of a portal as deployed — PostgreSQL, Redis, production mode, behind one proxy,
 * info-level logs — on a data directory of its own (the operator command figure 4 runs gets it too).
 */
export function portalEnvironment(deployment: Deployment): Record<string, string> {
  const dataDir = join(runDir(), `data-${started + 1}`);
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: settings.logLevel,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    DATABASE_URL: deployment.databaseUrl,
    REDIS_URL: settings.redisUrl,
    REDIS_KEY_PREFIX: deployment.redisKeyPrefix,
    SESSION_SECRET: deployment.sessionSecret,
    CLIENT_SECRET_HASH_KEY: deployment.hashKey,
    TRUST_PROXY: '1',
    RATE_LIMIT_SCALE: '1',
    // Whatever the calling shell has set: mail goes to the outbox table (portal-api.ts reads it).
    APP_URL: '',
    SMTP_URL: '',
    DEV_MAILBOX: '',
  };
}

/** The real portal as deployed. */
export function startPortal(name: string, deployment: Deployment) {
  return startChild(name, 'portal.ts', portalEnvironment(deployment));
}

export const startBarePg = (deployment: Deployment) =>
  startChild('bare-pg', 'bare-pg.ts', {
    DATABASE_URL: deployment.databaseUrl,
    SESSION_SECRET: deployment.sessionSecret,
  });
