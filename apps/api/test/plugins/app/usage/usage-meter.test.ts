// The usage meter and its store on the file's real database (both projects): one statement per batch,
// counts kept through a failed flush, the cap on distinct keys, concurrent writers adding up, and the
// retention sweep.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { credentialUsageHourly } from '../../../../src/db/schema.ts';
import { createUsageMeter, type UsageBatch } from '../../../../src/plugins/app/usage/usage-meter.ts';
import { sweepUsage } from '../../../../src/plugins/app/usage/usage-retention.ts';
import { createUsageStore } from '../../../../src/plugins/app/usage/usage-store.ts';
import { testClock } from '../../../helpers/clock.ts';
import { testDatabase } from '../../../helpers/test-database.ts';

const { db } = await testDatabase();
const store = createUsageStore(db);
const quiet = { warn: vi.fn() };
const NOW = Date.parse('2026-03-04T05:06:07Z');
const HOUR = '2026-03-04T05:00:00.000Z';

async function rowsOf(clientId: string): Promise<Record<string, number>> {
  const rows = await db
    .select()
    .from(credentialUsageHourly)
    .where(eq(credentialUsageHourly.clientId, clientId));
  return Object.fromEntries(
    rows.map((row) => [`${row.hour.toISOString()} ${row.scope} ${row.code}`, Number(row.count)]),
  );
}

/** A meter whose batches are kept here instead of written. */
function recordingMeter() {
  const batches: UsageBatch[] = [];
  const meter = createUsageMeter({
    write: async (batch) => void batches.push(batch),
    log: quiet,
    maxKeys: 100,
  });
  return { meter, batches };
}

describe('usage meter', () => {
  it('timed flushes rewrite a last use at most once a minute, and the final flush writes what waits', async () => {
    const { meter, batches } = recordingMeter();
    const lastUses = () => batches.map((batch) => batch.lastUsed.map(({ atMs }) => atMs - NOW));
    meter.count('c_minute', 'nflLive', 'VALID', NOW);
    await meter.flush({ holdRecentLastUse: true });
    meter.count('c_minute', 'nflLive', 'VALID', NOW + 30_000);
    await meter.flush({ holdRecentLastUse: true });
    expect(lastUses()).toEqual([[0], []]); // the count went, the last use 30 s later waits
    expect(batches[1]?.counts).toHaveLength(1);
    await meter.flush({ holdRecentLastUse: true });
    expect(batches).toHaveLength(2); // nothing due: no write at all
    meter.count('c_minute', 'nflLive', 'VALID', NOW + 60_000);
    await meter.flush({ holdRecentLastUse: true });
    expect(lastUses()[2]).toEqual([60_000]);
    meter.count('c_minute', 'nflLive', 'VALID', NOW + 61_000);
    await meter.flush();
    expect(lastUses()[3]).toEqual([61_000]);
  });

  it('writes every held key of a flush in one batch and one statement, sorted by key', async () => {
    const batches: UsageBatch[] = [];
    const meter = createUsageMeter({
      write: (batch) => {
        batches.push(batch);
        return store.write(batch);
      },
      log: quiet,
      maxKeys: 100,
    });
    const [a, b] = [`c_b${randomUUID()}`, `c_a${randomUUID()}`];
    meter.count(a, 'nflLive', 'VALID', NOW);
    meter.count(b, 'any', 'VALID', NOW);
    meter.count(a, 'nflLive', 'VALID', NOW);
    meter.count(a, 'nbaLive', 'SCOPE_DENIED', NOW);
    meter.count(b, 'nfl', 'EXPIRED', NOW + 3_600_000);
    const execute = vi.spyOn(db, 'execute');
    try {
      await meter.flush();
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
    expect(batches).toHaveLength(1);
    expect(batches[0]?.counts.map(({ clientId, scope, code }) => `${clientId} ${scope} ${code}`)).toEqual([
      `${b} any VALID`,
      `${b} nfl EXPIRED`,
      `${a} nbaLive SCOPE_DENIED`,
      `${a} nflLive VALID`,
    ]);
    expect(await rowsOf(a)).toEqual({ [`${HOUR} nflLive VALID`]: 2, [`${HOUR} nbaLive SCOPE_DENIED`]: 1 });
    expect(await rowsOf(b)).toEqual({
      [`${HOUR} any VALID`]: 1,
      '2026-03-04T06:00:00.000Z nfl EXPIRED': 1,
    });
    await meter.flush(); // nothing held: no batch at all
    expect(batches).toHaveLength(1);
  });

  it('counts a credential called under a changing key: each feed, outcome, hour and verifier key apart', async () => {
    const { meter, batches } = recordingMeter();
    const calls: [string, 'VALID' | 'SCOPE_DENIED', number, string | undefined][] = [
      ['nflLive', 'VALID', 0, 'key-a'],
      ['nflLive', 'VALID', 1, 'key-a'],
      ['nhlLive', 'VALID', 2, 'key-a'],
      ['nflLive', 'VALID', 3, 'key-a'], // back to the first key
      ['nflLive', 'SCOPE_DENIED', 4, 'key-a'],
      ['nflLive', 'VALID', 5, 'key-b'],
      ['nflLive', 'VALID', 6, undefined],
      ['nflLive', 'VALID', 3_600_000, 'key-a'], // the next hour
      ['nflLive', 'VALID', 3_600_001, 'key-a'],
      ['nflLive', 'VALID', 2_000, 'key-a'], // a late call of the first hour: the last use stays
    ];
    for (const [scope, code, atMs, key] of calls) meter.count('c_tally', scope, code, NOW + atMs, key);
    await meter.flush();
    const [batch] = batches;
    const counts = batch?.counts.map(({ hourMs, scope, code, count }) => [
      hourMs - Date.parse(HOUR),
      scope,
      code,
      count,
    ]);
    expect(counts).toEqual([
      [0, 'nflLive', 'SCOPE_DENIED', 1],
      [0, 'nflLive', 'VALID', 6],
      [0, 'nhlLive', 'VALID', 1],
      [3_600_000, 'nflLive', 'VALID', 2],
    ]);
    expect(batch?.lastUsed).toEqual([{ clientId: 'c_tally', atMs: NOW + 3_600_001 }]);
    const marks = batch?.verifications.map(
      ({ verifierKeyId, hourMs }) => `${verifierKeyId} ${hourMs - Date.parse(HOUR)}`,
    );
    expect(marks?.sort()).toEqual(['key-a 0', 'key-a 3600000', 'key-b 0']);
    await meter.flush(); // everything went: nothing waits in a tally
    expect(batches).toHaveLength(1);
  });

  it('keeps the counts of a failed flush and writes them, with later ones, on the next', async () => {
    let down = true;
    const meter = createUsageMeter({
      write: (batch) => (down ? Promise.reject(new Error('database down')) : store.write(batch)),
      log: quiet,
      maxKeys: 100,
    });
    const clientId = `c_${randomUUID()}`;
    meter.count(clientId, 'nflLive', 'VALID', NOW);
    meter.count(clientId, 'nflLive', 'VALID', NOW);
    await expect(meter.flush()).rejects.toThrow('database down');
    expect(meter.heldKeys).toBe(1);
    meter.count(clientId, 'nflLive', 'VALID', NOW);
    meter.count(clientId, 'any', 'INACTIVE', NOW);
    expect(await rowsOf(clientId)).toEqual({});
    down = false;
    await meter.flush();
    expect(meter.heldKeys).toBe(0);
    expect(await rowsOf(clientId)).toEqual({ [`${HOUR} nflLive VALID`]: 3, [`${HOUR} any INACTIVE`]: 1 });
  });

  it("counts reported VALID entries as far as the key's leases allow, one claim per key, credential and day, and keeps them all while that cannot be asked", async () => {
    const batches: UsageBatch[] = [];
    const claimsAsked: unknown[] = [];
    let failing = true;
    const meter = createUsageMeter({
      write: async (batch) => void batches.push(batch),
      // The database's answer (allowance/key-allowance.ts): 5 of what is claimed.
      takeReportedValid: async (claims) => {
        if (failing) throw new Error('database unavailable');
        claimsAsked.push(...claims);
        return claims.map((claim) => Math.min(claim.count, 5));
      },
      now: () => NOW,
      log: quiet,
      maxKeys: 100,
    });
    meter.noteVerified('k1', 'c_leased', NOW);
    const entry = (scope: string, code: 'VALID' | 'SCOPE_DENIED', count: number) => ({
      clientId: 'c_leased',
      scope,
      code,
      hourMs: Date.parse(HOUR),
      count,
    });
    meter.addReported(
      'k1',
      [entry('nflLive', 'VALID', 3), entry('nfl', 'VALID', 4), entry('nba', 'SCOPE_DENIED', 9)],
      NOW,
    );
    await expect(meter.flush()).rejects.toThrow('database unavailable');
    expect(meter.droppedReportedCounts).toBe(0);
    failing = false;
    await meter.flush();
    expect(claimsAsked).toEqual([{ verifierKeyId: 'k1', clientId: 'c_leased', day: '2026-03-04', count: 7 }]);
    const counted = Object.fromEntries(
      batches.flatMap((batch) => batch.counts).map((row) => [`${row.scope} ${row.code}`, row.count]),
    );
    // First entries first: 3, then 2 of 4; other codes are not bounded by the day.
    expect(counted).toEqual({ 'nflLive VALID': 3, 'nfl VALID': 2, 'nba SCOPE_DENIED': 9 });
    expect(meter.droppedReportedCounts).toBe(2);
  });

  it('drops an entry the database cannot store, logs it, and writes the rest of its batch', async () => {
    // Forced past the routes' validation: a client id or scope the database refuses, or one that would
    // have broken a key joined by a separator, never holds back the counts of other credentials.
    const log = { warn: vi.fn() };
    const meter = createUsageMeter({ write: store.write, log, maxKeys: 100 });
    const good = `c_${randomUUID()}`;
    const joined = `c_${randomUUID()}|999|nflLive`;
    const bad = [`c_nul\u0000${randomUUID()}`, `c_lone\ud800${randomUUID()}`, `c_${randomUUID()}`];
    meter.count(good, 'nflLive', 'VALID', NOW);
    meter.count(joined, 'nflLive', 'VALID', NOW);
    for (const clientId of bad.slice(0, 2)) meter.count(clientId, 'nflLive', 'VALID', NOW);
    meter.count(bad[2]!, 'nfl\u0000Live', 'VALID', NOW);
    for (let call = 0; call < 3; call += 1) meter.count(bad[0]!, 'any', 'VALID', NOW);
    await meter.flush();
    expect(await rowsOf(good)).toEqual({ [`${HOUR} nflLive VALID`]: 1 });
    expect(await rowsOf(joined)).toEqual({ [`${HOUR} nflLive VALID`]: 1 });
    expect(await rowsOf(bad[2]!)).toEqual({});
    expect(meter.heldKeys).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ dropped: 6 }),
      expect.stringContaining('cannot be stored'),
    );
    meter.count(good, 'nflLive', 'VALID', NOW);
    await meter.flush();
    expect(await rowsOf(good)).toEqual({ [`${HOUR} nflLive VALID`]: 2 });
  });

  it('holds at most maxKeys distinct keys, still counts those held, and warns of what it dropped', async () => {
    const log = { warn: vi.fn() };
    const meter = createUsageMeter({ write: store.write, log, maxKeys: 2 });
    const clientId = `c_${randomUUID()}`;
    meter.count(clientId, 'nflLive', 'VALID', NOW);
    meter.count(clientId, 'nhlLive', 'VALID', NOW);
    meter.count(clientId, 'mlbLive', 'VALID', NOW); // a third key: dropped
    meter.count(clientId, 'nflLive', 'VALID', NOW); // held: still counted
    expect(meter.heldKeys).toBe(2);
    await meter.flush();
    expect(log.warn).toHaveBeenCalledWith({ dropped: 1, maxKeys: 2 }, expect.stringContaining('dropped'));
    expect(await rowsOf(clientId)).toEqual({ [`${HOUR} nflLive VALID`]: 2, [`${HOUR} nhlLive VALID`]: 1 });
  });

  it('adds up concurrent batches of the same keys from several meters', async () => {
    const clientIds = [`c_${randomUUID()}`, `c_${randomUUID()}`];
    const meters = Array.from({ length: 4 }, () =>
      createUsageMeter({ write: store.write, log: quiet, maxKeys: 100 }),
    );
    for (let round = 0; round < 5; round += 1) {
      for (const meter of meters) {
        for (const clientId of clientIds) {
          for (const scope of ['nflLive', 'nhlLive', 'any']) meter.count(clientId, scope, 'VALID', NOW);
        }
      }
      await Promise.all(meters.map((meter) => meter.flush()));
    }
    for (const clientId of clientIds) {
      expect(await rowsOf(clientId)).toEqual({
        [`${HOUR} nflLive VALID`]: 20,
        [`${HOUR} nhlLive VALID`]: 20,
        [`${HOUR} any VALID`]: 20,
      });
    }
  });
});

describe('usage retention', () => {
  it('deletes hourly rows older than 90 days, in batches, and keeps the newer ones', async () => {
    // Days after the rows the tests above wrote (the file shares one database), so none is past 90 days.
    const clock = testClock(new Date('2026-03-10T12:00:00Z'));
    const clientId = `c_${randomUUID()}`;
    const day = 86_400_000;
    const now = clock.now().getTime();
    const hourOf = (ms: number) => Math.floor(ms / 3_600_000) * 3_600_000;
    const ages = [91 * day, 90 * day + 3_600_000, 100 * day, 200 * day, 89 * day, 1 * day];
    await store.write({
      counts: ages
        .map((age) => ({ clientId, hourMs: hourOf(now - age), scope: 'nflLive', code: 'VALID', count: 1 }))
        .sort((a, b) => a.hourMs - b.hourMs),
      lastUsed: [],
      verifications: [],
    });
    expect(Object.keys(await rowsOf(clientId))).toHaveLength(6);
    // Two per statement: the loop must go round to delete all four old rows.
    expect(await store.deleteOlderThan(new Date(now - 90 * day), 2)).toBe(4);
    expect(Object.keys(await rowsOf(clientId)).sort()).toEqual([
      `${new Date(hourOf(now - 89 * day)).toISOString()} nflLive VALID`,
      `${new Date(hourOf(now - day)).toISOString()} nflLive VALID`,
    ]);
    clock.advance(86_400 + 7_200); // the 89-day-old row is now past 90 days, the 1-day-old one is not
    expect(await sweepUsage(store, clock)).toBeGreaterThanOrEqual(1);
    expect(Object.keys(await rowsOf(clientId))).toHaveLength(1);
  });
});
