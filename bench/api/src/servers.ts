// Starts each server under test as a child process of its own — so the load generator never shares its
// event loop — one at a time, and stops it (SIGTERM, then SIGKILL after 10 s). A portal child writes its
// request log (stdout) to a file, as a deployment's log collector would take it; nothing reads it during
// the run, and its size per answer is reported.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CPU_USAGE, LOOP_DELAY, type LoopDelay } from './children/child-protocol.ts';
import { onCleanup } from './cleanup.ts';
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
const START_TIMEOUT_MS = 60_000;
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
  // A directory per child: node writes one profile per thread (tsx's loader runs on a thread of its own).
  const profile = settings.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${join(settings.cpuProfileDir, label)}`]
    : [];
  const logFile = join(runDir(), `${label}.log`);
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(CHILDREN, entry)], {
    cwd: repoRoot,
    stdio: ['ignore', logFd, 'inherit', 'ipc'],
    env: { ...process.env, PORT: '0', ...env },
  });
  closeSync(logFd);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  };
  onCleanup(`stop ${name}`, stop);

  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not listen within 60 s`)), START_TIMEOUT_MS);
    child.on('message', (message: { listening?: number }) => {
      if (typeof message.listening !== 'number') return;
      clearTimeout(timer);
      done(message.listening);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited (code ${code}) before listening; its log: ${logFile}`));
    });
  });
  const ask = <K extends 'cpuUsage' | 'loopDelay'>(question: string, key: K) =>
    new Promise<{ cpuUsage: NodeJS.CpuUsage; loopDelay: LoopDelay }[K]>((done) => {
      const listener = (message: Partial<{ cpuUsage: NodeJS.CpuUsage; loopDelay: LoopDelay }>) => {
        const answer = message[key];
        if (!answer) return;
        child.off('message', listener);
        done(answer);
      };
      child.on('message', listener);
      child.send(question);
    });
  const cpuMicros = async () => {
    const usage = await ask(CPU_USAGE, 'cpuUsage');
    return usage.user + usage.system;
  };
  const loopDelay = () => ask(LOOP_DELAY, 'loopDelay');
  const logBytes = () => statSync(logFile).size;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    cpuMicros,
    logBytes,
    loopDelay,
    stop,
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
