// `npm run bench:verify`: how fast the data feed's verification is, measured by a command run on
// purpose, never by timed tests. The machine is shared and noisy, so each HTTP figure stands beside a
// baseline measured in the same run and its budget is a ratio. In one run, on a PostgreSQL database of
// its own (dropped at the end):
//   1. POST /api/v1/credentials/verify with a warm cache vs a bare Fastify 5 server (constant answer);
//   2. the same with every call a cache miss (one query each) vs bare node http + pg doing that query;
//   3. @datafeeds/verifier's in-process verify with a warm cache, per second on this one thread;
//   4. revocation: rotate on portal A, time until a verifier following portal B refuses the old secret;
//   5. warm-cache verify with usage metering on (as deployed) vs the same portal with it off;
//   6. GetClientUsage's query for one credential with 10 million verifications over 90 days;
//   7. warm-cache verify with plan limits enforced (as deployed) vs the same portal with them off;
//   8. figure 3's loop for credentials with plan limits (admitted from leased units) beside ones without;
//   9. admission accuracy: two verifiers through two portal instances run one company's quota out.
// Every budget line prints PASS or FAIL; any FAIL exits 1. README.md lists the knobs.
import os from 'node:os';
import { Budget } from '@datafeeds/bench-shared/budget';
import { onCleanup, runThenCleanUp } from '@datafeeds/bench-shared/cleanup';
import { reserveRedisPrefix } from '@datafeeds/bench-shared/redis-prefix';
import { cpuLine, int, loadLine, ms, print, roundsLine } from '@datafeeds/bench-shared/report';
import { dayLeaseSize } from '@datafeeds/domain/credentials';
import { createVerifier } from '@datafeeds/verifier';
import { measureAdmission } from './admission.ts';
import { dayGranted, usageByCode } from './company-rows.ts';
import { ADMISSION_QUOTA, createFixtures } from './fixtures.ts';
import { measureLimitEnforcement, measureMetering, measureMissHttp, measureWarmHttp } from './http-verify.ts';
import { measureInProcess } from './in-process.ts';
import { measureInProcessLimits } from './in-process-limits.ts';
import { servesLeases, verifyOnce } from './portal-api.ts';
import { measureRevocation } from './revocation.ts';
import { startPortal } from './servers.ts';
import { settings, type Figure } from './settings.ts';
import { measureUsageQuery, USAGE_VERIFICATIONS } from './usage-query.ts';

const BUDGET = {
  warmRatio: 0.7,
  missRatio: 0.5,
  inProcessPerSecond: 500_000,
  revocationP99Ms: 1_000,
  meteringRatio: 0.95,
  usageQueryMedianMs: 50,
  limitsRatio: 0.9,
  inProcessLimitedPerSecond: 1_000_000,
  /** Of the quota, the most that may sit granted but unspent elsewhere when the first refusal comes. */
  admissionUnspentShare: 0.01,
};

/**
 * Nodes that admit from leases of figure 9's company: the two verifiers. The portal instances admit none
 * of its calls — a verifier asks with judgeLocally, leaving admission to itself — so they hold none of
 * its units (what they would hold counts in the measured figure anyway). Each node holds at most two day
 * leases of it.
 */
const ADMISSION_NODES = 2;

const machine = () => `${os.availableParallelism()} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const budget = new Budget();

const wants = (figure: Figure) => settings.only.has(figure);

async function main() {
  print(
    `bench:verify: figures ${[...settings.only].join(', ')}; ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up + ${settings.seconds} s per HTTP run, ${settings.rounds} rounds ` +
      `each (ABBA); ${int(settings.missSecrets)} distinct secrets; ${settings.rotations} rotations; ` +
      `machine: ${machine()}`,
  );
  print('Creating the database and its fixtures…');
  const fixtures = await createFixtures(
    settings.adminDatabaseUrl,
    settings.missSecrets,
    settings.warmSecrets,
  );

  let warm: Awaited<ReturnType<typeof measureWarmHttp>> | undefined;
  if (wants(1)) {
    print('1. warm-cache verify: portal (data-plane port, limits enforced) and bare Fastify, in turns…');
    warm = await measureWarmHttp(fixtures);
  }
  let miss: Awaited<ReturnType<typeof measureMissHttp>> | undefined;
  if (wants(2)) {
    print('2. cache-miss verify: portal (PostgreSQL, one-entry cache) and bare node + pg, in turns…');
    miss = await measureMissHttp(fixtures);
  }

  let instanceA: Awaited<ReturnType<typeof startPortal>> | undefined;
  let instanceB: Awaited<ReturnType<typeof startPortal>> | undefined;
  if ([3, 4, 7, 9].some((figure) => wants(figure as Figure))) {
    print('two portal instances on PostgreSQL + Redis…');
    const redisKeyPrefix = reserveRedisPrefix(settings.redisUrl, 'verify');
    instanceA = await startPortal('portal-a', fixtures, { redisKeyPrefix });
    instanceB = await startPortal('portal-b', fixtures, { redisKeyPrefix });
  }
  const warmSecrets = fixtures.secrets.slice(0, settings.warmSecrets);
  let inProcess: Awaited<ReturnType<typeof measureInProcess>> | undefined;
  let revocation: Awaited<ReturnType<typeof measureRevocation>> | undefined;
  if (instanceA && instanceB && (wants(3) || wants(4))) {
    print('3-4. a verifier following instance B…');
    // A long TTL, so no warm entry expires during the loop: only revocations drop entries here.
    const verifier = createVerifier({
      portalUrl: instanceB.url,
      verifierKey: fixtures.verifierKey,
      cache: { max: 10_000, ttlMs: 600_000 },
    });
    onCleanup('close the verifier', () => verifier.close());
    await verifier.ready();
    if (wants(3)) inProcess = await measureInProcess(verifier, warmSecrets, settings.loopSeconds);
    if (wants(4)) {
      revocation = await measureRevocation(instanceA.url, fixtures.databaseUrl, verifier, settings.rotations);
    }
  }

  let inProcessLimits: Awaited<ReturnType<typeof measureInProcessLimits>> | undefined;
  if (wants(8)) {
    print('8. verifier in process with plan limits and without, in turns (the leases of a fake portal)…');
    inProcessLimits = await measureInProcessLimits(
      settings.warmSecrets,
      settings.loopSeconds,
      settings.rounds,
    );
  }

  // Figures 7 and 9 measure the portal's enforcement: its lease call must be there.
  let leases = { ok: false, status: 0 };
  if (instanceA && (wants(7) || wants(9))) {
    const probe = await verifyOnce(instanceA.url, fixtures.verifierKey, {
      secret: fixtures.limitedCompany.secrets[0],
    });
    if (probe.valid) leases = await servesLeases(instanceA.url, fixtures.verifierKey, probe.clientId);
  }
  let admission: Awaited<ReturnType<typeof measureAdmission>> | undefined;
  let granted = 0;
  if (instanceA && instanceB && wants(9) && leases.ok) {
    print(
      `9. admission: two verifiers through instances A and B, ${int(settings.admissionRequests)} requests ` +
        `against a quota of ${int(ADMISSION_QUOTA)}…`,
    );
    admission = await measureAdmission(
      [instanceA.url, instanceB.url],
      fixtures.verifierKey,
      fixtures.quotaCompany.secrets,
      settings.admissionRequests,
    );
    granted = await dayGranted(fixtures.databaseUrl, fixtures.quotaCompany.id);
  } else if (wants(9)) {
    print(`9. skipped: the portal answered the lease call (POST allowance) with ${leases.status}`);
  }

  let metering: Awaited<ReturnType<typeof measureMetering>> | undefined;
  if (wants(5)) {
    print('5. warm-cache verify: portal with usage metering on and off, in turns…');
    metering = await measureMetering(fixtures);
  }
  let usage: Awaited<ReturnType<typeof measureUsageQuery>> | undefined;
  if (wants(6)) {
    print(`6. usage query: seeding ${int(USAGE_VERIFICATIONS)} verifications of one token over 90 days…`);
    usage = await measureUsageQuery(fixtures.databaseUrl);
  }
  let limitCost: Awaited<ReturnType<typeof measureLimitEnforcement>> | undefined;
  let limitedUsage: Record<string, number> = {};
  if (wants(7) && leases.ok) {
    print('7. warm-cache verify of a limited company: portal with limits enforced and off, in turns…');
    // Earlier figures verified this company's tokens too: only what figure 7 adds counts.
    const before = await usageByCode(fixtures.databaseUrl, fixtures.limitedCompany.id);
    limitCost = await measureLimitEnforcement(fixtures);
    const after = await usageByCode(fixtures.databaseUrl, fixtures.limitedCompany.id);
    limitedUsage = Object.fromEntries(
      Object.entries(after).map(([code, total]) => [code, total - (before[code] ?? 0)]),
    );
  }

  print(`\n== Results (machine at the end: ${machine()})`);
  print("   HTTP: req/s is the mean of the rounds, p99 the worst round's");
  if (warm) {
    print(
      `1. verify, warm cache     portal ${loadLine(warm.portal).padEnd(28)} bare Fastify 5  ` +
        `${loadLine(warm.baseline).padEnd(28)} ratio ${(warm.portal.rps / warm.baseline.rps).toFixed(2)}`,
    );
  }
  if (miss) {
    print(
      `2. verify, cache miss     portal ${loadLine(miss.portal).padEnd(28)} bare node + pg  ` +
        `${loadLine(miss.baseline).padEnd(28)} ratio ${(miss.portal.rps / miss.baseline.rps).toFixed(2)}`,
    );
  }
  if (inProcess) {
    print(
      `3. verifier, in process   ${int(inProcess.perSecond)} verifications/s, ` +
        `${int(inProcess.nsPerCall)} ns/call (${int(inProcess.calls)} calls over ${settings.loopSeconds} s, ` +
        `${warmSecrets.length} warm secrets)`,
    );
  }
  const p50 = revocation ? percentile(revocation.latenciesMs, 50) : Number.NaN;
  const p99 = revocation ? percentile(revocation.latenciesMs, 99) : Number.NaN;
  if (revocation) {
    print(
      `4. revocation A → B       p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(Math.max(...revocation.latenciesMs))}` +
        ` (${revocation.latenciesMs.length} rotations; refused as ` +
        `${Object.entries(revocation.codes)
          .map(([code, n]) => `${code} ×${n}`)
          .join(', ')})`,
    );
  }
  if (metering) {
    print(
      `5. verify, warm, metering  on ${loadLine(metering.metered).padEnd(28)} off ` +
        `${loadLine(metering.unmetered).padEnd(28)} ratio ` +
        `${(metering.metered.rps / metering.unmetered.rps).toFixed(2)}`,
    );
  }
  const usageMedian = usage ? percentile(usage.timesMs, 50) : Number.NaN;
  if (usage) {
    print(
      `6. usage query, 90 days   median ${ms(usageMedian)}, p95 ${ms(percentile(usage.timesMs, 95))}, ` +
        `max ${ms(Math.max(...usage.timesMs))} (${usage.timesMs.length} runs; ${int(usage.rowsInWindow)} hourly ` +
        `rows in the window of ${int(usage.seeded)} seeded, ${int(usage.answered)} verifications in the window)`,
    );
  }
  if (limitCost) {
    print(
      `7. verify, warm, limits   on ${loadLine(limitCost.enforced).padEnd(28)} off ` +
        `${loadLine(limitCost.unenforced).padEnd(28)} ratio ` +
        `${(limitCost.enforced.rps / limitCost.unenforced.rps).toFixed(2)} (usage by code ${JSON.stringify(limitedUsage)})`,
    );
  }
  if (inProcessLimits) {
    print(
      `8. verifier, with limits  ${int(inProcessLimits.limited.perSecond)} verifications/s, ` +
        `${int(inProcessLimits.limited.nsPerCall)} ns/call; without limits ` +
        `${int(inProcessLimits.unlimited.perSecond)}/s, ${int(inProcessLimits.unlimited.nsPerCall)} ns/call ` +
        `(${settings.rounds} turns each of ${settings.loopSeconds} s; ${inProcessLimits.leaseCalls} leases)`,
    );
  }
  const leaseSize = dayLeaseSize(ADMISSION_QUOTA);
  const statedBound = ADMISSION_NODES * 2 * leaseSize;
  const unspentAtFirstRefusal = admission?.firstRefusal
    ? ADMISSION_QUOTA - admission.firstRefusal.admittedBefore
    : Number.NaN;
  if (admission) {
    print(
      `9. admission, 2 verifiers admitted ${int(admission.admitted)} of a quota of ${int(ADMISSION_QUOTA)} ` +
        `(granted ${int(granted)}), refused ${int(admission.refused)}, other ${JSON.stringify(admission.others)}; ` +
        `${int(admission.requests)} requests in ${ms(admission.elapsedMs)} ` +
        `(${int((admission.requests / admission.elapsedMs) * 1_000)}/s, ${int(admission.leaseCalls)} leases)`,
    );
    print(
      `   at the first refusal (request ${int(admission.firstRefusal?.atRequest ?? Number.NaN)}): ` +
        `${int(admission.firstRefusal?.admittedBefore ?? Number.NaN)} admitted, ` +
        `${int(unspentAtFirstRefusal)} granted but unspent, of which the verifiers held ` +
        `${int(admission.firstRefusal?.heldByVerifiers ?? Number.NaN)}; ` +
        `stated bound ${ADMISSION_NODES} nodes × 2 × ${int(leaseSize)} = ${int(statedBound)}; ` +
        `the verifiers held ${int(admission.heldAtEnd)} at the end`,
    );
  }
  if (warm)
    print(`   rounds, warm:  portal ${roundsLine(warm.portal)};  bare Fastify ${roundsLine(warm.baseline)}`);
  if (miss)
    print(
      `   rounds, miss:  portal ${roundsLine(miss.portal)};  bare node + pg ${roundsLine(miss.baseline)}`,
    );
  if (metering) {
    print(`   rounds, metering: on ${roundsLine(metering.metered)};  off ${roundsLine(metering.unmetered)}`);
  }
  if (limitCost) {
    print(
      `   rounds, limits: on ${roundsLine(limitCost.enforced)};  off ${roundsLine(limitCost.unenforced)}`,
    );
  }
  const cpuLines = [
    warm && `warm ${cpuLine(warm.portal, warm.baseline, 'bare Fastify')}`,
    miss && `miss ${cpuLine(miss.portal, miss.baseline, 'bare node + pg')}`,
    metering && `metering ${cpuLine(metering.metered, metering.unmetered, 'metering off')}`,
    limitCost && `limits ${cpuLine(limitCost.enforced, limitCost.unenforced, 'limits off')}`,
  ].filter(Boolean);
  if (cpuLines.length > 0) {
    print(
      `   server CPU per answer (less sensitive to the machine's load than req/s): ${cpuLines.join('; ')}`,
    );
  }
  if (warm || miss) {
    print(
      `   portal counters over the measured runs: warm ${JSON.stringify(warm?.portalStats)}, ` +
        `miss ${JSON.stringify(miss?.portalStats)}`,
    );
  }

  if (warm) {
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
  }
  if (miss) {
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
    const { answers } = miss;
    budget.check(
      answers.compared > 0 && answers.same === answers.compared && answers.valid === answers.compared,
      `2. bare node + pg answers as the portal does: ${answers.same} of ${answers.compared} answers ` +
        `identical, ${answers.valid} VALID`,
    );
  }
  if (wants(3)) {
    budget.check(
      inProcess !== undefined &&
        inProcess.perSecond >= BUDGET.inProcessPerSecond &&
        inProcess.portalCalls === 0,
      `3. in-process verify ${int(inProcess?.perSecond ?? 0)}/s >= ${int(BUDGET.inProcessPerSecond)}/s` +
        ` (${inProcess?.portalCalls} portal calls during the loop)`,
    );
  }
  if (wants(4)) {
    budget.check(
      revocation !== undefined && p99 <= BUDGET.revocationP99Ms && revocation.stillValid === 0,
      `4. revocation p99 ${ms(p99)} <= ${int(BUDGET.revocationP99Ms)} ms` +
        ` (${revocation?.stillValid} old secrets still valid after 10 s)`,
    );
  }
  if (metering) {
    budget.checkThroughputRatio(
      '5. warm-cache verify, metering on',
      metering.metered,
      'metering off',
      metering.unmetered,
      BUDGET.meteringRatio,
    );
    budget.checkAnswered('5.', ['metering on', metering.metered], ['metering off', metering.unmetered]);
  }
  if (usage) {
    budget.check(
      usageMedian < BUDGET.usageQueryMedianMs,
      `6. usage query for ${int(USAGE_VERIFICATIONS)} verifications over 90 days: median ${ms(usageMedian)}` +
        ` < ${BUDGET.usageQueryMedianMs} ms`,
    );
    budget.check(
      usage.seeded === usage.rows &&
        usage.rowsInWindow === usage.rows &&
        usage.answered === USAGE_VERIFICATIONS,
      `6. the query read what it claims: ${int(usage.rowsInWindow)} hourly rows in its window of ` +
        `${int(usage.rows)} (${int(usage.seeded)} seeded), ${int(usage.answered)} verifications counted of ` +
        `${int(USAGE_VERIFICATIONS)}`,
    );
  }

  if (limitCost) {
    budget.checkThroughputRatio(
      '7. warm-cache verify, plan limits enforced',
      limitCost.enforced,
      'limits off',
      limitCost.unenforced,
      BUDGET.limitsRatio,
    );
    budget.checkAnswered('7.', ['limits on', limitCost.enforced], ['limits off', limitCost.unenforced]);
    const refusedByLimits = (limitedUsage.QUOTA_EXCEEDED ?? 0) + (limitedUsage.RATE_LIMITED ?? 0);
    budget.check(
      refusedByLimits === 0 && (limitedUsage.VALID ?? 0) > 0,
      `7. every answer admitted, none refused: ${int(limitedUsage.VALID ?? 0)} VALID, ${refusedByLimits} ` +
        "QUOTA_EXCEEDED or RATE_LIMITED in the limited company's usage",
    );
  } else if (wants(7)) {
    budget.check(false, `7. not run: the portal does not serve the lease call (answered ${leases.status})`);
  }
  if (inProcessLimits) {
    budget.check(
      inProcessLimits.limited.perSecond >= BUDGET.inProcessLimitedPerSecond &&
        inProcessLimits.limited.portalCalls === 0,
      `8. in-process verify with plan limits ${int(inProcessLimits.limited.perSecond)}/s >= ` +
        `${int(BUDGET.inProcessLimitedPerSecond)}/s (without limits ${int(inProcessLimits.unlimited.perSecond)}/s; ` +
        `${inProcessLimits.limited.portalCalls} portal calls during the loops)`,
    );
  }
  if (admission) {
    const unspentLimit = BUDGET.admissionUnspentShare * ADMISSION_QUOTA;
    budget.check(
      admission.admitted <= ADMISSION_QUOTA && admission.admitted <= granted,
      `9. admitted ${int(admission.admitted)} <= quota ${int(ADMISSION_QUOTA)} + 0 and <= granted ` +
        `${int(granted)}: nothing unleased admitted`,
    );
    budget.check(
      admission.firstRefusal !== null && unspentAtFirstRefusal <= unspentLimit,
      `9. granted but unspent at the first refusal ${int(unspentAtFirstRefusal)} <= 1 % of the quota ` +
        `(${int(unspentLimit)})`,
    );
    budget.check(
      unspentAtFirstRefusal <= statedBound,
      `9. no refusal while more than the stated bound remained: ${int(unspentAtFirstRefusal)} <= ${int(statedBound)}`,
    );
    budget.check(
      admission.requests >= 100_000 && Object.keys(admission.others).length === 0,
      `9. ${int(admission.requests)} requests >= 100,000, every one answered VALID or QUOTA_EXCEEDED ` +
        `(other: ${JSON.stringify(admission.others)})`,
    );
  } else if (wants(9)) {
    budget.check(false, `9. not run: the portal does not serve the lease call (answered ${leases.status})`);
  }

  budget.conclude('bench:verify');
}

await runThenCleanUp(main);
