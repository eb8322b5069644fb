// Starts each server under test as a child process of its own — so the load generator never shares its
// event loop — one at a time, and stops it (SIGTERM, then SIGKILL after 10 s).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CPU_USAGE } from './children/child-protocol.ts';
import { onCleanup } from './cleanup.ts';
import { repoRoot, settings } from './settings.ts';
import type { Fixtures } from './fixtures.ts';

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  /** The child's CPU time so far (user + system), in microseconds. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const CHILDREN = resolve(import.meta.dirname, 'children');
const START_TIMEOUT_MS = 60_000;
let started = 0;

export async function startChild(
  name: string,
  entry: 'portal.ts' | 'bare-fastify.ts' | 'bare-pg.ts',
  env: Record<string, string>,
): Promise<RunningServer> {
  started += 1;
  // A directory per child: node writes one profile per thread (tsx's loader runs on a thread of its own).
  const profile = settings.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${join(settings.cpuProfileDir, `${started}-${name}`)}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(CHILDREN, entry)], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, PORT: '0', ...env },
  });
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
      fail(new Error(`${name} exited (code ${code}) before listening`));
    });
  });
  const cpuMicros = () =>
    new Promise<number>((done) => {
      const listener = (message: { cpuUsage?: NodeJS.CpuUsage }) => {
        if (!message.cpuUsage) return;
        child.off('message', listener);
        done(message.cpuUsage.user + message.cpuUsage.system);
      };
      child.on('message', listener);
      child.send(CPU_USAGE);
    });
  return { name, url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, cpuMicros, stop };
}

export interface PortalOptions {
  cache?: 'default' | 'tiny';
  /** Both instances of the revocation run share Redis under this run's key prefix. */
  redisKeyPrefix?: string;
}

export function startPortal(name: string, fixtures: Fixtures, options: PortalOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'datafeeds-bench-verify-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  return startChild(name, 'portal.ts', {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    DATABASE_URL: fixtures.databaseUrl,
    SESSION_SECRET: fixtures.sessionSecret,
    CLIENT_SECRET_HASH_KEY: fixtures.hashKey,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    BENCH_CACHE: options.cache ?? 'default',
    // Whatever the calling shell has set, mail goes to the outbox and Redis only where asked for.
    APP_URL: '',
    SMTP_URL: '',
    REDIS_URL: options.redisKeyPrefix ? settings.redisUrl : '',
    REDIS_KEY_PREFIX: options.redisKeyPrefix ?? 'datafeeds-bench-verify:',
  });
}

export const startBareFastify = () => startChild('bare-fastify', 'bare-fastify.ts', {});

export const startBarePg = (fixtures: Fixtures) =>
  startChild('bare-pg', 'bare-pg.ts', {
    DATABASE_URL: fixtures.databaseUrl,
    CLIENT_SECRET_HASH_KEY: fixtures.hashKey,
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
