// Starts each server under test as a child process of its own — so the load generator never shares its
// event loop — one at a time, and stops it (SIGTERM, then SIGKILL after 10 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onCleanup } from '@datafeeds/bench-shared/cleanup';
import { profileDirFor, startChildServer } from '@datafeeds/bench-shared/child-server';
import { FEED_PORT_QUESTION } from './children/child-protocol.ts';
import type { Fixtures } from './fixtures.ts';
import { settings } from './settings.ts';

const CHILDREN = resolve(import.meta.dirname, 'children');
let started = 0;

function startChild(
  name: string,
  entry: 'portal.ts' | 'bare-fastify.ts' | 'bare-pg.ts',
  env: Record<string, string>,
) {
  started += 1;
  return startChildServer({
    name,
    script: join(CHILDREN, entry),
    env,
    stdout: 'inherit',
    cpuProfileDir: profileDirFor(settings.cpuProfileDir, `${started}-${name}`),
  });
}

interface PortalOptions {
  cache?: 'default' | 'tiny';
  /** Both instances of the revocation run share Redis under this run's key prefix. */
  redisKeyPrefix?: string;
  /** Usage metering (on by default, as deployed); off only for figure 5's comparison run. */
  metering?: boolean;
  /** Plan-limit enforcement (on by default, as deployed); off only for figure 7's comparison run. */
  limits?: boolean;
}

/** A portal child and the address of its data feed's listener (FEED_PORT), where the feeds call. */
export async function startPortal(name: string, fixtures: Fixtures, options: PortalOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'datafeeds-bench-verify-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startChild(name, 'portal.ts', {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The data feed's listener, on a port the system chooses (told over IPC).
    FEED_PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    DATABASE_URL: fixtures.databaseUrl,
    SESSION_SECRET: fixtures.sessionSecret,
    CLIENT_SECRET_HASH_KEY: fixtures.hashKey,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    BENCH_CACHE: options.cache ?? 'default',
    USAGE_METERING: options.metering === false ? 'false' : 'true',
    LIMIT_ENFORCEMENT: options.limits === false ? 'off' : 'on',
    // Whatever the calling shell has set, mail goes to the outbox and Redis only where asked for.
    APP_URL: '',
    SMTP_URL: '',
    REDIS_URL: options.redisKeyPrefix ? settings.redisUrl : '',
    REDIS_KEY_PREFIX: options.redisKeyPrefix ?? 'datafeeds-bench-verify:',
  });
  const feedPort = await server.ask<number | null>(FEED_PORT_QUESTION, 'feedPort');
  if (feedPort === null) throw new Error(`${name} has no data feed's listener (FEED_PORT)`);
  return { ...server, feedUrl: `http://127.0.0.1:${feedPort}` };
}

export const startBareFastify = () => startChild('bare-fastify', 'bare-fastify.ts', {});

export const startBarePg = (fixtures: Fixtures) =>
  startChild('bare-pg', 'bare-pg.ts', {
    DATABASE_URL: fixtures.databaseUrl,
    CLIENT_SECRET_HASH_KEY: fixtures.hashKey,
  });
