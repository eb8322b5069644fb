// bench:verify's figures as one table (README.md "The figures"): each measures, then says what it
// prints and how its budget lines judge it. main.ts runs the selected ones in the table's order and
// reports them in number order. What several figures share — two portal instances on PostgreSQL + Redis,
// a verifier following instance B, whether the portal serves the lease call — is started by the first
// figure that needs it and only then.
import type { Budget } from '@datafeeds/bench-shared/budget';
import { turnRatio, type CombinedRounds } from '@datafeeds/bench-shared/load-figures';
import { reserveRedisPrefix } from '@datafeeds/bench-shared/redis-prefix';
import { cpuLine, int, loadLine, ms, print, roundsLine, turnsText } from '@datafeeds/bench-shared/report';
import { dayLeaseSize } from '@datafeeds/domain/credentials';
import { measureAdmission } from './admission.ts';
import { checkAllValid, codesOf, type AnswerCodes, type VerifyLoadFigures } from './answer-codes.ts';
import { startBenchVerifier } from './bench-verifier.ts';
import { dayGranted, usageByCode } from './company-rows.ts';
import { ADMISSION_QUOTA, type Fixtures } from './fixtures.ts';
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

/** What a figure reports once every selected figure has run. */
export interface Outcome {
  /** Its result lines, in the results' table. */
  lines: string[];
  /** Its HTTP rounds, one by one. */
  rounds?: string;
  /** Its servers' CPU time per answer. */
  cpu?: string;
  /** The portal's cache counters over its measured runs. */
  counters?: string;
  judge(budget: Budget): void;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** What figures share, each started by the first figure that asks for it. */
function sharedBy(fixtures: Fixtures) {
  const instances = once(async () => {
    print('two portal instances on PostgreSQL + Redis…');
    const redisKeyPrefix = reserveRedisPrefix(settings.redisUrl, 'verify');
    const a = await startPortal('portal-a', fixtures, { redisKeyPrefix });
    const b = await startPortal('portal-b', fixtures, { redisKeyPrefix });
    return { a, b };
  });
  const verifierOnB = once(async () => {
    const { b } = await instances();
    print('3-4. a verifier following instance B…');
    return startBenchVerifier('the verifier following instance B', b.url, fixtures.verifierKey);
  });
  // Figures 7 and 9 measure the portal's enforcement: its lease call must be there.
  const leases = once(async () => {
    const { a } = await instances();
    const probe = await verifyOnce(a.url, fixtures.verifierKey, {
      secret: fixtures.limitedCompany.secrets[0],
    });
    return probe.valid ? servesLeases(a.url, fixtures.verifierKey, probe.clientId) : { ok: false, status: 0 };
  });
  return { instances, verifierOnB, leases };
}

type Shared = ReturnType<typeof sharedBy>;

interface FigureDefinition {
  figure: Figure;
  /** Printed as it starts. */
  title: string;
  measure(fixtures: Fixtures, shared: Shared): Promise<Outcome>;
}

type Run = [name: string, figures: CombinedRounds<VerifyLoadFigures>];

/** The figure's runs judged by what they answered: every measured answer VALID (answer-codes.ts). */
const checkAnswers = (budget: Budget, figure: string, ...runs: Run[]) =>
  checkAllValid(budget, figure, ...runs.map(([name, run]): [string, AnswerCodes] => [name, codesOf(run)]));

/** The result, rounds and CPU lines of a figure that measures one server against another in turns. */
function pairLines(label: string, key: string, [name, measured]: Run, [baselineName, baseline]: Run) {
  const { ratio, turns } = turnRatio(measured, baseline);
  return {
    lines: [
      `${label.padEnd(25)} ${name} ${loadLine(measured).padEnd(28)} ${baselineName}  ` +
        `${loadLine(baseline).padEnd(28)} ratio ${ratio.toFixed(2)}`,
    ],
    rounds:
      `${key}: ${name} ${roundsLine(measured)};  ${baselineName} ${roundsLine(baseline)};` +
      `  turns' ratios ${turnsText(turns)}`,
    cpu: `${key} ${cpuLine(measured, baseline, baselineName)}`,
  };
}

/** A figure whose portal does not serve the lease call: not run, and its line fails. */
const notRun = (figure: Figure, status: number): Outcome => ({
  lines: [`${figure}. skipped: the portal answered the lease call (POST allowance) with ${status}`],
  judge: (budget) =>
    budget.check(false, `${figure}. not run: the portal does not serve the lease call (answered ${status})`),
});

/** The figures in the order they run. */
const FIGURE_TABLE: readonly FigureDefinition[] = [
  {
    figure: 1,
    title: '1. warm-cache verify: portal (data-plane port, limits enforced) and bare Fastify, in turns…',
    async measure(fixtures) {
      const warm = await measureWarmHttp(fixtures);
      const portal: Run = ['portal', warm.portal];
      const bare: Run = ['bare Fastify', warm.baseline];
      return {
        ...pairLines('1. verify, warm cache', 'warm', portal, bare),
        counters: `warm ${JSON.stringify(warm.portalStats)}`,
        judge(budget) {
          budget.checkPair('1.', 'warm-cache verify', portal, bare, BUDGET.warmRatio);
          checkAnswers(budget, '1.', portal);
          budget.check(
            warm.portalStats.queries === 0,
            `1. the warm run was answered from the cache: ${warm.portalStats.queries} queries for ` +
              `${int(warm.portalStats.hits)} hits`,
          );
        },
      };
    },
  },
  {
    figure: 2,
    title: '2. cache-miss verify: portal (PostgreSQL, one-entry cache) and bare node + pg, in turns…',
    async measure(fixtures) {
      const miss = await measureMissHttp(fixtures);
      const portal: Run = ['portal', miss.portal];
      const bare: Run = ['bare node + pg', miss.baseline];
      return {
        ...pairLines('2. verify, cache miss', 'miss', portal, bare),
        counters: `miss ${JSON.stringify(miss.portalStats)}`,
        judge(budget) {
          budget.checkPair('2.', 'cache-miss verify', portal, bare, BUDGET.missRatio);
          budget.check(
            miss.portalStats.queries >= 0.99 * miss.portal.requests,
            `2. every measured call was a miss and a query: ${int(miss.portalStats.queries)} queries, ` +
              `${int(miss.portalStats.hits)} hits for ${int(miss.portal.requests)} answers`,
          );
          const { answers } = miss;
          budget.check(
            answers.compared > 0 && answers.same === answers.compared && answers.valid === answers.compared,
            `2. bare node + pg answers as the portal does: ${answers.same} of ${answers.compared} answers ` +
              `identical, ${answers.valid} VALID`,
          );
        },
      };
    },
  },
  // Third, before the figures whose instances, verifiers and in-process loops stay up until the end:
  // even idle, they spread its rounds wider than the 5 % its budget tells apart.
  {
    figure: 5,
    title: '5. warm-cache verify: portal with usage metering on and off, in turns…',
    async measure(fixtures) {
      const metering = await measureMetering(fixtures);
      const on: Run = ['metering on', metering.metered];
      const off: Run = ['metering off', metering.unmetered];
      return {
        ...pairLines('5. verify, warm', 'metering', on, off),
        judge(budget) {
          budget.checkPair('5.', 'warm-cache verify, metering on', on, off, BUDGET.meteringRatio);
          checkAnswers(budget, '5.', on, off);
        },
      };
    },
  },
  {
    figure: 3,
    title: '3. the verifier in process, warm cache…',
    async measure(fixtures, shared) {
      const verifier = await shared.verifierOnB();
      const warmSecrets = fixtures.secrets.slice(0, settings.warmSecrets);
      const inProcess = await measureInProcess(verifier, warmSecrets, settings.loopSeconds);
      return {
        lines: [
          `3. verifier, in process   ${int(inProcess.perSecond)} verifications/s, ` +
            `${int(inProcess.nsPerCall)} ns/call (${int(inProcess.calls)} calls over ${settings.loopSeconds} s, ` +
            `${warmSecrets.length} warm secrets)`,
        ],
        judge: (budget) =>
          budget.check(
            inProcess.perSecond >= BUDGET.inProcessPerSecond && inProcess.portalCalls === 0,
            `3. in-process verify ${int(inProcess.perSecond)}/s >= ${int(BUDGET.inProcessPerSecond)}/s` +
              ` (${inProcess.portalCalls} portal calls during the loop)`,
          ),
      };
    },
  },
  {
    figure: 4,
    title: '4. revocation: rotate on instance A, refused by a verifier following instance B…',
    async measure(fixtures, shared) {
      const verifier = await shared.verifierOnB();
      const { a } = await shared.instances();
      const revocation = await measureRevocation(a.url, fixtures.databaseUrl, verifier, settings.rotations);
      const p50 = percentile(revocation.latenciesMs, 50);
      const p99 = percentile(revocation.latenciesMs, 99);
      const codes = Object.entries(revocation.codes)
        .map(([code, n]) => `${code} ×${n}`)
        .join(', ');
      return {
        lines: [
          `4. revocation A → B       p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(Math.max(...revocation.latenciesMs))}` +
            ` (${revocation.latenciesMs.length} rotations; refused as ${codes})`,
        ],
        judge: (budget) =>
          budget.check(
            p99 <= BUDGET.revocationP99Ms && revocation.stillValid === 0,
            `4. revocation p99 ${ms(p99)} <= ${int(BUDGET.revocationP99Ms)} ms` +
              ` (${revocation.stillValid} old secrets still valid after 10 s)`,
          ),
      };
    },
  },
  {
    figure: 8,
    title: '8. verifier in process with plan limits and without, in turns (the leases of a fake portal)…',
    async measure() {
      const limits = await measureInProcessLimits(
        settings.warmSecrets,
        settings.loopSeconds,
        settings.rounds,
      );
      return {
        lines: [
          `8. verifier, with limits  ${int(limits.limited.perSecond)} verifications/s, ` +
            `${int(limits.limited.nsPerCall)} ns/call; without limits ` +
            `${int(limits.unlimited.perSecond)}/s, ${int(limits.unlimited.nsPerCall)} ns/call ` +
            `(${settings.rounds} turns each of ${settings.loopSeconds} s; ${limits.leaseCalls} leases)`,
        ],
        judge: (budget) =>
          budget.check(
            limits.limited.perSecond >= BUDGET.inProcessLimitedPerSecond && limits.limited.portalCalls === 0,
            `8. in-process verify with plan limits ${int(limits.limited.perSecond)}/s >= ` +
              `${int(BUDGET.inProcessLimitedPerSecond)}/s (without limits ${int(limits.unlimited.perSecond)}/s; ` +
              `${limits.limited.portalCalls} portal calls during the loops)`,
          ),
      };
    },
  },
  {
    figure: 9,
    title:
      `9. admission: two verifiers through instances A and B, ${int(settings.admissionRequests)} requests ` +
      `against a quota of ${int(ADMISSION_QUOTA)}…`,
    async measure(fixtures, shared) {
      const leases = await shared.leases();
      if (!leases.ok) return notRun(9, leases.status);
      const { a, b } = await shared.instances();
      const admission = await measureAdmission(
        [a.url, b.url],
        fixtures.verifierKey,
        fixtures.quotaCompany.secrets,
        settings.admissionRequests,
      );
      const granted = await dayGranted(fixtures.databaseUrl, fixtures.quotaCompany.id);
      const statedBound = ADMISSION_NODES * 2 * dayLeaseSize(ADMISSION_QUOTA);
      const { firstRefusal } = admission;
      const unspent = firstRefusal ? ADMISSION_QUOTA - firstRefusal.admittedBefore : Number.NaN;
      const unspentLimit = BUDGET.admissionUnspentShare * ADMISSION_QUOTA;
      return {
        lines: [
          `9. admission, 2 verifiers admitted ${int(admission.admitted)} of a quota of ${int(ADMISSION_QUOTA)} ` +
            `(granted ${int(granted)}), refused ${int(admission.refused)}, other ${JSON.stringify(admission.others)}; ` +
            `${int(admission.requests)} requests in ${ms(admission.elapsedMs)} ` +
            `(${int((admission.requests / admission.elapsedMs) * 1_000)}/s, ${int(admission.leaseCalls)} leases)`,
          `   at the first refusal (request ${int(firstRefusal?.atRequest ?? Number.NaN)}): ` +
            `${int(firstRefusal?.admittedBefore ?? Number.NaN)} admitted, ${int(unspent)} granted but unspent, ` +
            `of which the verifiers held ${int(firstRefusal?.heldByVerifiers ?? Number.NaN)}; stated bound ` +
            `${ADMISSION_NODES} nodes × 2 × ${int(dayLeaseSize(ADMISSION_QUOTA))} = ${int(statedBound)}; ` +
            `the verifiers held ${int(admission.heldAtEnd)} at the end`,
        ],
        judge(budget) {
          budget.check(
            admission.admitted <= ADMISSION_QUOTA && admission.admitted <= granted,
            `9. admitted ${int(admission.admitted)} <= quota ${int(ADMISSION_QUOTA)} + 0 and <= granted ` +
              `${int(granted)}: nothing unleased admitted`,
          );
          budget.check(
            firstRefusal !== null && unspent <= unspentLimit,
            `9. granted but unspent at the first refusal ${int(unspent)} <= 1 % of the quota ` +
              `(${int(unspentLimit)})`,
          );
          budget.check(
            unspent <= statedBound,
            `9. no refusal while more than the stated bound remained: ${int(unspent)} <= ${int(statedBound)}`,
          );
          budget.check(
            admission.requests >= 100_000 && Object.keys(admission.others).length === 0,
            `9. ${int(admission.requests)} requests >= 100,000, every one answered VALID or QUOTA_EXCEEDED ` +
              `(other: ${JSON.stringify(admission.others)})`,
          );
        },
      };
    },
  },
  {
    figure: 6,
    title: `6. usage query: seeding ${int(USAGE_VERIFICATIONS)} verifications of one token over 90 days…`,
    async measure(fixtures) {
      const usage = await measureUsageQuery(fixtures.databaseUrl);
      const median = percentile(usage.timesMs, 50);
      return {
        lines: [
          `6. usage query, 90 days   median ${ms(median)}, p95 ${ms(percentile(usage.timesMs, 95))}, ` +
            `max ${ms(Math.max(...usage.timesMs))} (${usage.timesMs.length} runs; ${int(usage.rowsInWindow)} hourly ` +
            `rows in the window of ${int(usage.seeded)} seeded, ${int(usage.answered)} verifications in the window)`,
        ],
        judge(budget) {
          budget.check(
            median < BUDGET.usageQueryMedianMs,
            `6. usage query for ${int(USAGE_VERIFICATIONS)} verifications over 90 days: median ${ms(median)}` +
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
        },
      };
    },
  },
  {
    figure: 7,
    title: '7. warm-cache verify of a limited company: portal with limits enforced and off, in turns…',
    async measure(fixtures, shared) {
      const leases = await shared.leases();
      if (!leases.ok) return notRun(7, leases.status);
      // Earlier figures verified this company's tokens too: only what figure 7 adds counts.
      const before = await usageByCode(fixtures.databaseUrl, fixtures.limitedCompany.id);
      const limitCost = await measureLimitEnforcement(fixtures);
      const after = await usageByCode(fixtures.databaseUrl, fixtures.limitedCompany.id);
      const usage: Record<string, number> = Object.fromEntries(
        Object.entries(after).map(([code, total]) => [code, total - (before[code] ?? 0)]),
      );
      const refused = (usage.QUOTA_EXCEEDED ?? 0) + (usage.RATE_LIMITED ?? 0);
      const on: Run = ['limits on', limitCost.enforced];
      const off: Run = ['limits off', limitCost.unenforced];
      const lines = pairLines('7. verify, warm', 'limits', on, off);
      return {
        ...lines,
        lines: [`${lines.lines[0]} (usage by code ${JSON.stringify(usage)})`],
        judge(budget) {
          budget.checkPair('7.', 'warm-cache verify, plan limits enforced', on, off, BUDGET.limitsRatio);
          checkAnswers(budget, '7.', on, off);
          budget.check(
            refused === 0 && (usage.VALID ?? 0) > 0,
            `7. every answer admitted, none refused: ${int(usage.VALID ?? 0)} VALID, ${refused} ` +
              "QUOTA_EXCEEDED or RATE_LIMITED in the limited company's usage",
          );
        },
      };
    },
  },
];

/** The selected figures' outcomes, each measured in the table's order. */
export async function measureFigures(
  fixtures: Fixtures,
  selected: ReadonlySet<Figure>,
): Promise<Map<Figure, Outcome>> {
  const shared = sharedBy(fixtures);
  const outcomes = new Map<Figure, Outcome>();
  for (const { figure, title, measure } of FIGURE_TABLE) {
    if (!selected.has(figure)) continue;
    print(title);
    outcomes.set(figure, await measure(fixtures, shared));
  }
  return outcomes;
}
