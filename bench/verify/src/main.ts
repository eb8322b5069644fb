// `npm run bench:verify`: how fast the data feed's verification is, measured by a command run on
// purpose, never by timed tests. The machine is shared and noisy, so each HTTP figure stands beside a
// baseline measured in the same run and its budget is a ratio. In one run, on a PostgreSQL database of
// its own (dropped at the end):
//   1. POST /api/v1/credentials/verify with a warm cache vs a bare Fastify 5 server (constant answer);
//   2. the same with every call a cache miss (one query each) vs bare node http + pg doing that query;
//   3. @datafeeds/verifier's in-process verify with a warm cache, per second on this one thread;
//   4. revocation: rotate on portal A, time until a verifier following portal B refuses the old secret;
//   5. warm-cache verify with usage metering on (as deployed) vs the same portal with it off;
//   6. GetClientUsage's query for one credential with 10 million verifications over 90 days.
// Every budget line prints PASS or FAIL; any FAIL exits 1. README.md lists the knobs.
import os from 'node:os';
import { Budget } from '@datafeeds/bench-shared/budget';
import { onCleanup, runThenCleanUp } from '@datafeeds/bench-shared/cleanup';
import { reserveRedisPrefix } from '@datafeeds/bench-shared/redis-prefix';
import { cpuLine, int, loadLine, ms, print, roundsLine } from '@datafeeds/bench-shared/report';
import { createVerifier } from '@datafeeds/verifier';
import { createFixtures } from './fixtures.ts';
import { measureMetering, measureMissHttp, measureWarmHttp } from './http-verify.ts';
import { measureInProcess } from './in-process.ts';
import { measureRevocation } from './revocation.ts';
import { startPortal } from './servers.ts';
import { settings } from './settings.ts';
import { measureUsageQuery, USAGE_VERIFICATIONS } from './usage-query.ts';

const BUDGET = {
  warmRatio: 0.5,
  missRatio: 0.5,
  inProcessPerSecond: 500_000,
  revocationP99Ms: 1_000,
  meteringRatio: 0.9,
  usageQueryMedianMs: 50,
};

const machine = () => `${os.availableParallelism()} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const budget = new Budget();

async function main() {
  print(
    `bench:verify: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
      `${settings.seconds} s per HTTP run, ${settings.rounds} rounds each (ABBA); ` +
      `${int(settings.missSecrets)} distinct secrets; ` +
      `${settings.rotations} rotations; machine: ${machine()}`,
  );
  print('Creating the database and its fixtures…');
  const fixtures = await createFixtures(settings.adminDatabaseUrl, settings.missSecrets);

  print('1. warm-cache verify: portal (PostgreSQL) and bare Fastify, in turns…');
  const warm = await measureWarmHttp(fixtures);
  print('2. cache-miss verify: portal (PostgreSQL, one-entry cache) and bare node + pg, in turns…');
  const miss = await measureMissHttp(fixtures);

  print('3-4. two portal instances on PostgreSQL + Redis, a verifier following instance B…');
  const redisKeyPrefix = reserveRedisPrefix(settings.redisUrl, 'verify');
  const instanceA = await startPortal('portal-a', fixtures, { redisKeyPrefix });
  const instanceB = await startPortal('portal-b', fixtures, { redisKeyPrefix });
  // A long TTL, so no warm entry expires during the loop: only revocations drop entries here.
  const verifier = createVerifier({
    portalUrl: instanceB.url,
    verifierKey: fixtures.verifierKey,
    cache: { max: 10_000, ttlMs: 600_000 },
  });
  onCleanup('close the verifier', () => verifier.close());
  await verifier.ready();
  const warmSecrets = fixtures.secrets.slice(0, settings.warmSecrets);
  const inProcess = await measureInProcess(verifier, warmSecrets, settings.loopSeconds);
  const revocation = await measureRevocation(
    instanceA.url,
    fixtures.databaseUrl,
    verifier,
    settings.rotations,
  );
  const p50 = percentile(revocation.latenciesMs, 50);
  const p99 = percentile(revocation.latenciesMs, 99);

  print('5. warm-cache verify: portal with usage metering on and off, in turns…');
  const metering = await measureMetering(fixtures);
  print(`6. usage query: seeding ${int(USAGE_VERIFICATIONS)} verifications of one token over 90 days…`);
  const usage = await measureUsageQuery(fixtures.databaseUrl);
  const usageMedian = percentile(usage.timesMs, 50);

  const warmRatio = warm.portal.rps / warm.baseline.rps;
  const missRatio = miss.portal.rps / miss.baseline.rps;
  print(`\n== Results (machine at the end: ${machine()})`);
  print("   HTTP: req/s is the mean of the rounds, p99 the worst round's");
  print(
    `1. verify, warm cache     portal ${loadLine(warm.portal).padEnd(28)} bare Fastify 5  ` +
      `${loadLine(warm.baseline).padEnd(28)} ratio ${warmRatio.toFixed(2)}`,
  );
  print(
    `2. verify, cache miss     portal ${loadLine(miss.portal).padEnd(28)} bare node + pg  ` +
      `${loadLine(miss.baseline).padEnd(28)} ratio ${missRatio.toFixed(2)}`,
  );
  print(
    `3. verifier, in process   ${int(inProcess.perSecond)} verifications/s, ` +
      `${int(inProcess.nsPerCall)} ns/call (${int(inProcess.calls)} calls over ${settings.loopSeconds} s, ` +
      `${warmSecrets.length} warm secrets)`,
  );
  print(
    `4. revocation A → B       p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(Math.max(...revocation.latenciesMs))}` +
      ` (${revocation.latenciesMs.length} rotations; refused as ` +
      `${Object.entries(revocation.codes)
        .map(([code, n]) => `${code} ×${n}`)
        .join(', ')})`,
  );
  const meteringRatio = metering.metered.rps / metering.unmetered.rps;
  print(
    `5. verify, warm, metering  on ${loadLine(metering.metered).padEnd(28)} off ` +
      `${loadLine(metering.unmetered).padEnd(28)} ratio ${meteringRatio.toFixed(2)}`,
  );
  print(
    `6. usage query, 90 days   median ${ms(usageMedian)}, p95 ${ms(percentile(usage.timesMs, 95))}, ` +
      `max ${ms(Math.max(...usage.timesMs))} (${usage.timesMs.length} runs; ${int(usage.rows)} hourly rows, ` +
      `${int(usage.answered)} verifications in the window)`,
  );
  print(`   rounds, warm:  portal ${roundsLine(warm.portal)};  bare Fastify ${roundsLine(warm.baseline)}`);
  print(`   rounds, miss:  portal ${roundsLine(miss.portal)};  bare node + pg ${roundsLine(miss.baseline)}`);
  print(
    `   server CPU per answer (less sensitive to the machine's load than req/s): warm ` +
      `${cpuLine(warm.portal, warm.baseline, 'bare Fastify')}; miss ${cpuLine(miss.portal, miss.baseline, 'bare node + pg')}`,
  );
  print(
    `   portal counters over the measured runs: warm ${JSON.stringify(warm.portalStats)}, ` +
      `miss ${JSON.stringify(miss.portalStats)}`,
  );

  budget.checkThroughputRatio(
    '1. warm-cache verify',
    warm.portal,
    'bare Fastify',
    warm.baseline,
    BUDGET.warmRatio,
  );
  budget.check(
    warm.portalStats.queries === 0,
    `1. the warm run was answered from the cache: ${warm.portalStats.queries} queries for ` +
      `${int(warm.portalStats.hits)} hits`,
  );
  budget.checkAnswered('1.', ['portal', warm.portal], ['bare Fastify', warm.baseline]);
  budget.checkThroughputRatio(
    '2. cache-miss verify',
    miss.portal,
    'bare node + pg',
    miss.baseline,
    BUDGET.missRatio,
  );
  budget.check(
    miss.portalStats.queries >= 0.99 * miss.portal.requests,
    `2. every measured call was a miss and a query: ${int(miss.portalStats.queries)} queries, ` +
      `${int(miss.portalStats.hits)} hits for ${int(miss.portal.requests)} answers`,
  );
  budget.checkAnswered('2.', ['portal', miss.portal], ['bare node + pg', miss.baseline]);
  budget.check(
    inProcess.perSecond >= BUDGET.inProcessPerSecond && inProcess.portalCalls === 0,
    `3. in-process verify ${int(inProcess.perSecond)}/s >= ${int(BUDGET.inProcessPerSecond)}/s` +
      ` (${inProcess.portalCalls} portal calls during the loop)`,
  );
  budget.check(
    p99 <= BUDGET.revocationP99Ms && revocation.stillValid === 0,
    `4. revocation p99 ${ms(p99)} <= ${int(BUDGET.revocationP99Ms)} ms` +
      ` (${revocation.stillValid} old secrets still valid after 10 s)`,
  );

  budget.checkThroughputRatio(
    '5. warm-cache verify, metering on',
    metering.metered,
    'metering off',
    metering.unmetered,
    BUDGET.meteringRatio,
  );
  budget.checkAnswered('5.', ['metering on', metering.metered], ['metering off', metering.unmetered]);
  budget.check(
    usageMedian < BUDGET.usageQueryMedianMs,
    `6. usage query for ${int(USAGE_VERIFICATIONS)} verifications over 90 days: median ${ms(usageMedian)}` +
      ` < ${BUDGET.usageQueryMedianMs} ms`,
  );

  budget.conclude('bench:verify');
}

await runThenCleanUp(main);
