// Starts each server under test as a child process of its own — so the load generator never shares its
// event loop — one at a time, and stops it (SIGTERM, then SIGKILL after 10 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CPU_USAGE } from './children/child-protocol.ts';
import { onCleanup } from '@datafeeds/bench-shared/cleanup';
import { profileDirFor, startChildServer } from '@datafeeds/bench-shared/child-server';
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
let started = 0;

async function startChild(
  name: string,
  entry: 'portal.ts' | 'bare-fastify.ts' | 'bare-pg.ts',
  env: Record<string, string>,
): Promise<RunningServer> {
  started += 1;
  const server = await startChildServer({
    name,
    script: join(CHILDREN, entry),
    env,
    stdout: 'inherit',
    // A directory per child: node writes one profile per thread (tsx's loader runs on a thread of its own).
    cpuProfileDir: profileDirFor(settings.cpuProfileDir, `${started}-${name}`),
    repoRoot,
  });
  const cpuMicros = async () => {
    const usage = await server.ask<NodeJS.CpuUsage>(CPU_USAGE, 'cpuUsage');
    return usage.user + usage.system;
  };
  return { name, url: server.url, pid: server.child.pid ?? 0, cpuMicros, stop: server.stop };
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
