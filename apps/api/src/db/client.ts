// Opens the database: PGlite (embedded, file-persisted) by default, node-postgres when a URL is given.
// Both are migrated with drizzle's migrator for that driver from the one `drizzle/` migration set.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { API_PACKAGE_DIR } from '../config/package-dir.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

const migrationsFolder = path.join(API_PACKAGE_DIR, 'drizzle');

export interface OpenDatabaseOptions {
  /**
   * Called when an idle pooled connection fails (a server restart, a failover, pg_terminate_backend, a
   * cut proxy). Without a listener that error would end the process; the pool replaces the connection
   * on the next query by itself.
   */
  onConnectionLost?: (error: Error) => void;
  /**
   * `run` (the server) brings the schema up to date, under an advisory lock on PostgreSQL;
   * `require-current` (the operator CLI) only checks that it is, and refuses otherwise.
   */
  migrations?: 'run' | 'require-current';
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const database = await connect(target, options);
  try {
    if (options.migrations === 'require-current') await requireCurrentSchema(database.db);
    else if (target.kind === 'postgres') await migratePostgres(target.url);
    else await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function connect(target: DatabaseTarget, options: OpenDatabaseOptions): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A server that stopped answering (a host gone, packets dropped) must not hold requests for
      // minutes: a connection attempt gives up here and the request gets 503 (see isDatabaseUnavailable).
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      // Notices a peer that vanished without closing (no FIN, no RST) on idle pooled connections.
      keepAlive: true,
    });
    // The pool listens for errors only on idle connections, and re-emits them here. A connection checked
    // out (a transaction between two statements, an allowance lease awaiting Redis) that loses its
    // server emits 'error' with no listener, which would end the process: every connection has a
    // listener of its own for its whole life, which reports the loss once. Its next query fails
    // (answered 503) and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
    pool.on('error', () => undefined);
    releaseWhenBeginFails(pool);
    return { db: drizzlePg({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
  }
  if (target.dataDir !== undefined) await mkdir(target.dataDir, { recursive: true });
  const client = new PGlite(target.dataDir);
  return { db: drizzlePglite({ client, schema }), kind: 'pglite', close: () => client.close() };
}

/**
 * drizzle's node-postgres transaction checks a client out of the pool and sends BEGIN before the
 * try/finally that releases it: a BEGIN that fails (its connection cut by a failover) leaves the client
 * checked out for ever, and after ten of them the pool has no connection left and every request waits.
 * A client handed out by a promise-style `connect()` (only transactions ask so: the pool's own queries
 * pass a callback) is released here when its first statement fails, which drizzle then never does.
 */
function releaseWhenBeginFails(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (callback) return connect(callback);
    return connect().then((client) => {
      // Watches the first statement only, then takes itself away: later statements call the class's
      // own method, as before (and as anything that wraps it, a tracer say, expects).
      client.query = ((...args: unknown[]) => {
        Reflect.deleteProperty(client, 'query');
        const result = Reflect.apply(client.query, client, args) as unknown;
        if (result instanceof Promise) result.catch((error: Error) => client.release(error));
        return result;
      }) as typeof client.query;
      return client;
    });
  }) as typeof pool.connect;
}

/** Any fixed number: every instance of the portal takes this advisory lock to migrate. */
const MIGRATION_LOCK = 5_417_322_961;

/**
 * Migrates a PostgreSQL database holding an advisory lock, on a connection of its own (the lock
 * belongs to the session): instances starting together on an empty database take turns, the first
 * runs the migrations and the others find nothing left to do.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await client.end();
  }
}

/** Recognised by its name where the drivers are not loaded (the operator CLI, src/operator-cli.ts). */
class DatabaseNotMigratedError extends Error {
  constructor(applied: number, known: number) {
    super(
      `The database has ${applied} of this version's ${known} migrations: run \`npm run db:migrate\` first ` +
        '(the operator commands never change the schema).',
    );
    this.name = 'DatabaseNotMigratedError';
  }
}

/** Refuses a database whose schema is behind this code's migrations (the operator CLI's check). */
async function requireCurrentSchema(db: Db): Promise<void> {
  const known = readMigrationFiles({ migrationsFolder });
  const latest = known.at(-1)?.folderMillis ?? 0;
  // Both drivers answer `{ rows }`. No table at all means no migration has ever run.
  const applied = await db
    .execute(
      sql`SELECT max(created_at)::text AS created_at, count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    )
    .then(
      (result) => (result as unknown as { rows: { created_at: string | null; count: number }[] }).rows[0],
      () => undefined,
    );
  if (!applied || Number(applied.created_at ?? 0) < latest) {
    throw new DatabaseNotMigratedError(applied?.count ?? 0, known.length);
  }
}

export function databaseTargetFromEnv(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') };
}

const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * True when a query failed because the database could not be reached or dropped the connection (SQLSTATE
 * class 08, an administrator or crash shutdown, a server still starting), not because of the query:
 * such a request may succeed if tried again, so it is answered 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = postgresErrorOf(error)?.code;
  if (code) return code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code);
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const nodeCode = (current as NodeJS.ErrnoException).code;
    if (nodeCode && UNAVAILABLE_NODE_CODES.has(nodeCode)) return true;
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        current.message,
      )
    ) {
      return true;
    }
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

/** The Postgres error behind a failed query (drizzle wraps driver errors), if any. */
export function postgresErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}
