// Starts each server under test as a child process of its own — so the load generator never shares its
// event loop — one at a time, and stops it (SIGTERM, then SIGKILL after 10 s). A portal child writes its
// request log (stdout) to a file, as a deployment's log collector would take it; nothing reads it during
// the run, and its size per answer is reported.
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CPU_USAGE, LOOP_DELAY, type LoopDelay } from './children/child-protocol.ts';
import { onCleanup } from '@datafeeds/bench-shared/cleanup';
import { profileDirFor, startChildServer } from '@datafeeds/bench-shared/child-server';
import { repoRoot, settings } from './settings.ts';

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  /** The child's CPU time so far (user + system), in microseconds. */
  cpuMicros(): Promise<number>;
  /** Bytes the child has written to its log so far (0 for the bare server). */
  logBytes(): number;
  /** How late the child's event loop ran since the last call. */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
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
    // A directory per child: node writes one profile per thread (tsx's loader runs on a thread of its own).
    cpuProfileDir: profileDirFor(settings.cpuProfileDir, label),
    repoRoot,
    exitHint: `; its log: ${logFile}`,
  }).finally(() => closeSync(logFd));
  const cpuMicros = async () => {
    const usage = await server.ask<NodeJS.CpuUsage>(CPU_USAGE, 'cpuUsage');
    return usage.user + usage.system;
  };
  return {
    name,
    url: server.url,
    pid: server.child.pid ?? 0,
    cpuMicros,
    logBytes: () => statSync(logFile).size,
    loopDelay: () => server.ask<LoopDelay>(LOOP_DELAY, 'loopDelay'),
    stop: server.stop,
  };
}

/** The real portal as deployed: PostgreSQL, Redis, production mode, behind one proxy, info-level logs. */
export function startPortal(name: string, deployment: Deployment) {
  const dataDir = join(runDir(), `data-${started + 1}`);
  return startChild(name, 'portal.ts', {
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
  });
}

export const startBarePg = (deployment: Deployment) =>
  startChild('bare-pg', 'bare-pg.ts', {
    DATABASE_URL: deployment.databaseUrl,
    SESSION_SECRET: deployment.sessionSecret,
  });

/** Runs `measure` against a server started for it alone, and stops the server afterwards. */
export async function withServer<T>(
  start: () => Promise<RunningServer>,
  measure: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await start();
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}
