// Figures 1 and 2: POST /api/v1/credentials/verify on a portal child against a bare server doing the
// least the same answer needs, one server at a time, under the same load. The load on the machine
// drifts, so the two take turns over BENCH_ROUNDS rounds in ABBA order (portal, bare, bare, portal, …),
// each on a freshly started child. The portal's cache counters over the measured runs show what was
// really measured (hits only, or one query per call).
import { inAbbaTurns } from '@datafeeds/bench-shared/abba-turns';
import { withServer } from '@datafeeds/bench-shared/child-server';
import { vacuumDatabase } from '@datafeeds/bench-shared/database';
import { combineLoadFigures, type CombinedRounds } from '@datafeeds/bench-shared/load-figures';
import { isDeepStrictEqual } from 'node:util';
import { verification } from '@datafeeds/domain/calls';
import type { VerifyLoadFigures } from './answer-codes.ts';
import type { VerificationStats } from './children/child-protocol.ts';
import type { Fixtures } from './fixtures.ts';
import { measureLoad, type LoadTarget } from './http-load.ts';
import { verificationStats, verifyOnce } from './portal-api.ts';
import { startBareFastify, startBarePg, startPortal } from './servers.ts';
import { settings } from './settings.ts';

interface HttpComparison {
  portal: CombinedRounds<VerifyLoadFigures>;
  baseline: CombinedRounds<VerifyLoadFigures>;
  /** The portal's verification counters over the measured runs only. */
  portalStats: VerificationStats;
}

const verifyBody = (secret: string) => JSON.stringify({ secret, scope: 'nflLive', apiType: 'rest' });

interface PortalRunOptions {
  metering?: boolean;
  limits?: boolean;
}

async function portalLoad(
  fixtures: Fixtures,
  cache: 'default' | 'tiny',
  secrets: readonly string[],
  { metering = true, limits = true }: PortalRunOptions = {},
) {
  const name = `portal-${cache}-cache${metering ? '' : '-unmetered'}${limits ? '' : '-unlimited'}`;
  await vacuumDatabase(fixtures.databaseUrl);
  return withServer(
    () => startPortal(name, fixtures, { cache, metering, limits }),
    async (server) => {
      // The load goes to the data feed's listener (FEED_PORT), where the feeds call; the counters are
      // read on the portal's.
      const { url, feedUrl } = server;
      const first = secrets[0] ?? '';
      const answer = await verifyOnce(feedUrl, fixtures.verifierKey, { secret: first, scope: 'nflLive' });
      if (!answer.valid) throw new Error(`the portal refused a fixture secret: ${answer.code}`);
      const target: LoadTarget = {
        url: `${feedUrl}${verification.verifyCredential.path}`,
        headers: { authorization: `Bearer ${fixtures.verifierKey}` },
        bodies: secrets.map(verifyBody),
      };
      let before: VerificationStats | undefined;
      const result = await measureLoad(target, server, async () => {
        before = await verificationStats(url);
      });
      const after = await verificationStats(url);
      const portalStats = {
        hits: after.hits - (before?.hits ?? 0),
        misses: after.misses - (before?.misses ?? 0),
        queries: after.queries - (before?.queries ?? 0),
      };
      return { result, portalStats };
    },
  );
}

async function baselineLoad(fixtures: Fixtures, start: typeof startBareFastify, secrets: readonly string[]) {
  // As before the portal's runs: the bare pg server reads the same tables.
  await vacuumDatabase(fixtures.databaseUrl);
  return withServer(start, (server) =>
    measureLoad(
      { url: `${server.url}${verification.verifyCredential.path}`, bodies: secrets.map(verifyBody) },
      server,
    ),
  );
}

type PortalRun = Awaited<ReturnType<typeof portalLoad>>;

function totalStats(runs: readonly PortalRun[]): VerificationStats {
  const total = (key: keyof VerificationStats) =>
    runs.reduce((sum, { portalStats }) => sum + portalStats[key], 0);
  return { hits: total('hits'), misses: total('misses'), queries: total('queries') };
}

async function compare(
  portalRun: () => Promise<PortalRun>,
  baselineRun: () => ReturnType<typeof baselineLoad>,
): Promise<HttpComparison> {
  const { a: portal, b: baseline } = await inAbbaTurns(settings.rounds, portalRun, baselineRun);
  return {
    portal: combineLoadFigures(portal.map(({ result }) => result)),
    baseline: combineLoadFigures(baseline),
    portalStats: totalStats(portal),
  };
}

/**
 * 1. Warm cache: the limited company's few hundred secrets, all answered from the portal's cache after the
 * warm-up, with usage metering and plan-limit enforcement on as deployed (every VALID answer counted and
 * admitted from leased units).
 */
export function measureWarmHttp(fixtures: Fixtures): Promise<HttpComparison> {
  const secrets = fixtures.limitedCompany.secrets;
  return compare(
    () => portalLoad(fixtures, 'default', secrets),
    () => baselineLoad(fixtures, startBareFastify, secrets),
  );
}

/** Secrets whose answers the cache-miss baseline must give exactly as the portal does. */
const ANSWERS_COMPARED = 50;

/**
 * The baseline is worth comparing only if it answers what the portal answers: both started side by side,
 * the same verifications asked of each, every answer VALID and the two identical.
 */
async function compareMissAnswers(fixtures: Fixtures) {
  const secrets = fixtures.secrets.slice(0, ANSWERS_COMPARED);
  return withServer(
    () => startPortal('portal-answers', fixtures, { cache: 'tiny' }),
    (portal) =>
      withServer(
        () => startBarePg(fixtures),
        async (bare) => {
          let same = 0;
          let valid = 0;
          for (const secret of secrets) {
            const body = { secret, scope: 'nflLive', apiType: 'rest' };
            const fromPortal = await verifyOnce(portal.feedUrl, fixtures.verifierKey, body);
            const fromBare = await verifyOnce(bare.url, fixtures.verifierKey, body);
            if (fromPortal.valid) valid += 1;
            if (isDeepStrictEqual(fromPortal, fromBare)) same += 1;
          }
          return { compared: secrets.length, same, valid };
        },
      ),
  );
}

/** 2. Every call a miss: a one-entry cache and every fixture secret in turn, against bare node + pg. */
export async function measureMissHttp(fixtures: Fixtures) {
  const answers = await compareMissAnswers(fixtures);
  const comparison = await compare(
    () => portalLoad(fixtures, 'tiny', fixtures.secrets),
    () => baselineLoad(fixtures, () => startBarePg(fixtures), fixtures.secrets),
  );
  return { ...comparison, answers };
}

/**
 * 5. What usage metering costs a warm verification: figure 1's run on the portal as deployed (metering
 * on) against the same portal with USAGE_METERING=false, in ABBA turns under the same load, twice as
 * many as the other figures' (settings.meteringRounds).
 */
export async function measureMetering(fixtures: Fixtures) {
  const secrets = fixtures.limitedCompany.secrets;
  const { a: metered, b: unmetered } = await inAbbaTurns(
    settings.meteringRounds,
    () => portalLoad(fixtures, 'default', secrets, { metering: true }),
    () => portalLoad(fixtures, 'default', secrets, { metering: false }),
  );
  return {
    metered: combineLoadFigures(metered.map(({ result }) => result)),
    unmetered: combineLoadFigures(unmetered.map(({ result }) => result)),
    meteredStats: totalStats(metered),
  };
}

/**
 * 7. What enforcing plan limits costs a warm verification: the limited company's tokens (a quota and a
 * rate far above the run, so every answer is admitted from leased units and none refused) on the portal
 * as deployed (LIMIT_ENFORCEMENT=on) against the same portal with it off, in ABBA turns.
 */
export async function measureLimitEnforcement(fixtures: Fixtures) {
  const secrets = fixtures.limitedCompany.secrets;
  const { a: enforced, b: unenforced } = await inAbbaTurns(
    settings.rounds,
    () => portalLoad(fixtures, 'default', secrets, { limits: true }),
    () => portalLoad(fixtures, 'default', secrets, { limits: false }),
  );
  return {
    enforced: combineLoadFigures(enforced.map(({ result }) => result)),
    unenforced: combineLoadFigures(unenforced.map(({ result }) => result)),
  };
}
