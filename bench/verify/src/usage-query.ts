// Figure 6: GetClientUsage's query and summary for one credential with USAGE_VERIFICATIONS verifications
// spread over the 90 days of the widest window (every hour of them × 5 feed/outcome rows, seeded straight
// into the hourly table with generate_series, as a long-lived busy token would have written them), timed
// in process with the API's own store and summary (days=90). A figure is only worth its rows: the run
// reports how many hourly rows the window holds and how many verifications the summary counted, and the
// budget requires every seeded row and every verification (main.ts).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { USAGE_DAYS_MAX } from '@datafeeds/domain';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { apiClients } from '../../../apps/api/src/db/schema.ts';
import { createUsageStore } from '../../../apps/api/src/plugins/app/usage/usage-store.ts';
import { DAY_MS, summarizeUsage } from '../../../apps/api/src/plugins/app/usage/usage-summary.ts';

export const USAGE_VERIFICATIONS = 10_000_000;
const FEEDS_AND_CODES = [
  ['nflLive', 'VALID'],
  ['nfl', 'VALID'],
  ['any', 'VALID'],
  ['nbaLive', 'SCOPE_DENIED'],
  ['nflLive', 'EXPIRED'],
] as const;
const TIMED_RUNS = 30;
const WARM_UP_RUNS = 3;

/**
 * Replaces `clientId`'s hourly rows by the seeded ones (plain `pg`: one script, no query builder), every
 * hour from `from` (the window's first day) on, so all of them fall in the window; answers how many rows
 * were written and how many of the client's rows the window's predicate selects.
 */
async function seed(databaseUrl: string, clientId: string, from: Date) {
  const hours = USAGE_DAYS_MAX * 24;
  const slots = hours * FEEDS_AND_CODES.length;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The earlier figures' calls were metered too: this token's usage is made the seeded one alone.
    await client.query('delete from credential_usage_hourly where client_id = $1', [clientId]);
    // Slot k (from 1) gets floor(Nk/slots) - floor(N(k-1)/slots): the counts add up to exactly N.
    const inserted = await client.query(
      `insert into credential_usage_hourly (client_id, hour, scope, code, count)
       select $1, $8::timestamptz + make_interval(hours => h), p.scope, p.code,
              ($2::bigint * (h * $3 + p.i)) / $4 - ($2::bigint * (h * $3 + p.i - 1)) / $4
       from generate_series(0, $5::int - 1) as h,
            unnest($6::text[], $7::text[]) with ordinality as p(scope, code, i)`,
      [
        clientId,
        USAGE_VERIFICATIONS,
        FEEDS_AND_CODES.length,
        slots,
        hours,
        FEEDS_AND_CODES.map(([feed]) => feed),
        FEEDS_AND_CODES.map(([, code]) => code),
        from,
      ],
    );
    await client.query('analyze credential_usage_hourly');
    // The store's predicate (usage-store.ts `daily`): the client's rows from the window's first hour on.
    const inWindow = await client.query<{ rows: number }>(
      'select count(*)::int as rows from credential_usage_hourly where client_id = $1 and hour >= $2',
      [clientId, from],
    );
    return { seeded: inserted.rowCount ?? 0, rowsInWindow: inWindow.rows[0]?.rows ?? 0, slots };
  } finally {
    await client.end();
  }
}

export async function measureUsageQuery(databaseUrl: string) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const { db } = database;
    const [token] = await db.select({ clientId: apiClients.clientId }).from(apiClients).limit(1);
    const clientId = token?.clientId;
    if (!clientId) throw new Error('no fixture token to seed usage for');
    // The window of GetClientUsage?days=90, fixed for the run (a run across midnight keeps its window).
    const lastDay = Math.floor(Date.now() / DAY_MS);
    const from = new Date((lastDay - USAGE_DAYS_MAX + 1) * DAY_MS);
    const { seeded, rowsInWindow, slots } = await seed(databaseUrl, clientId, from);
    const store = createUsageStore(db);
    const query = async () => {
      const daily = await store.daily([clientId], from);
      const window = { clientId, clientIds: [clientId], days: USAGE_DAYS_MAX, lastDay, lastUsedAt: null };
      return summarizeUsage(daily, window);
    };
    for (let run = 0; run < WARM_UP_RUNS; run += 1) await query();
    const timesMs: number[] = [];
    let answered = 0;
    for (let run = 0; run < TIMED_RUNS; run += 1) {
      const started = performance.now();
      answered = (await query()).totals.requests;
      timesMs.push(performance.now() - started);
    }
    return { timesMs, answered, rows: slots, seeded, rowsInWindow };
  } finally {
    await database.close();
  }
}
