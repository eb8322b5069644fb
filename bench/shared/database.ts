// A run's PostgreSQL database: created empty here (the first portal child migrates it, as a deployment's
// first start would, or the run fills it itself) and dropped at cleanup, whatever the outcome.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './cleanup.ts';

/** One statement on a connection of its own, closed whatever happens. */
async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string, bench: 'api' | 'verify'): Promise<string> {
  const name = `datafeeds_bench_${bench}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await runStatement(adminUrl, `create database ${name}`);
  onCleanup(`drop database ${name}`, () =>
    runStatement(adminUrl, `drop database if exists ${name} with (force)`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What autovacuum does on a deployment's server, done by hand before a measured run: the test machine's
 * PostgreSQL runs with autovacuum off, so without it every usage batch's updated rows would stay dead for
 * the rest of the run, and each figure's metered server would pay more for its batches than the one
 * before it.
 */
export function vacuumDatabase(url: string): Promise<void> {
  return runStatement(url, 'vacuum (analyze)');
}
