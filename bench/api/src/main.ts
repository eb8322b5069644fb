// `npm run bench:api`: how fast the portal answers its signed-in calls, measured by a command run on
// purpose, never by timed tests. The portal runs as deployed (PostgreSQL, Redis, NODE_ENV=production,
// behind one proxy, request logs at info level), on a database of its own seeded through the real API
// (dropped at the end). The machine is shared and noisy, so each throughput figure stands beside a
// baseline measured in the same run and its budget is a ratio:
//   1. GetUser vs bare node http + pg running the same SQL;
//   2. GetClients (a company with BENCH_TOKENS tokens) vs the same;
//   3. GetClients p99 at a steady rate during a login flood vs idle.
// Every budget line prints PASS or FAIL; any FAIL exits 1. README.md lists the knobs.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Budget } from '@datafeeds/bench-shared/budget';
import { withServer } from '@datafeeds/bench-shared/child-server';
import { runThenCleanUp } from '@datafeeds/bench-shared/cleanup';
import { createDatabase } from '@datafeeds/bench-shared/database';
import { reserveRedisPrefix } from '@datafeeds/bench-shared/redis-prefix';
import { cpuLine, int, loadLine, ms, print, roundsLine } from '@datafeeds/bench-shared/report';
import { tokens, users } from '@datafeeds/domain/calls';
import { measureFlood, type FloodResult } from './flood.ts';
import type { LoadResult, RoundsResult } from './http-load.ts';
import { createClient, registerVerified, signIn, type Account } from './portal-api.ts';
import { startPortal, type Deployment } from './servers.ts';
import { settings } from './settings.ts';
import { compare, Session, type Comparison } from './throughput.ts';

const BUDGET = { userRatio: 0.5, clientsRatio: 0.5, floodP99Factor: 2 };

const logPerAnswer = (result: LoadResult) => `${int(result.logBytes / result.requests)} B of log per answer`;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const machine = () => `${os.availableParallelism()} cores, load average ${loadAverage()}`;
const statuses = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([code, count]) => `${code} ×${int(count)}`)
    .join(', ');

const budget = new Budget();

/** The run's data, through the real API on a first portal child (which also migrates the database). */
async function seed(deployment: Deployment): Promise<{ owner: Account; floodAccounts: Account[] }> {
  return withServer(
    () => startPortal('portal-seed', deployment),
    async (server) => {
      const owner = await registerVerified(server.url, deployment.databaseUrl, 'Owner');
      const token = await signIn(server.url, owner);
      for (let index = 0; index < settings.tokens; index += 1) await createClient(server.url, token, index);
      const floodAccounts: Account[] = [];
      for (let index = 0; index < settings.floodAccounts; index += 1) {
        floodAccounts.push(await registerVerified(server.url, deployment.databaseUrl, `Flood${index}`));
      }
      return { owner, floodAccounts };
    },
  );
}

function report(
  user: Comparison | undefined,
  clients: Comparison | undefined,
  flood: FloodResult | undefined,
) {
  print(`\n== Results (machine at the end: ${machine()})`);
  print("   throughput: req/s is the mean of the rounds, p99 the worst round's");
  for (const [figure, name, result] of [
    ['1.', 'GetUser   ', user],
    ['2.', 'GetClients', clients],
  ] as const) {
    if (!result) continue;
    const ratio = result.portal.rps / result.baseline.rps;
    print(
      `${figure} ${name}  portal ${loadLine(result.portal).padEnd(28)} bare node + pg ` +
        `${loadLine(result.baseline).padEnd(28)} ratio ${ratio.toFixed(2)}`,
    );
  }
  if (flood) {
    print(
      `3. GetClients at ${settings.latencyRate} req/s  idle p50 ${ms(flood.idle.p50Ms)}, p99 ${ms(flood.idle.p99Ms)}` +
        ` | login flood p50 ${ms(flood.flood.p50Ms)}, p99 ${ms(flood.flood.p99Ms)}` +
        ` (×${(flood.flood.p99Ms / flood.idle.p99Ms).toFixed(2)})`,
    );
    const { signIns } = flood;
    print(
      `   the flood: ${int(signIns.requests)} sign-ins by ${settings.floodConnections} connections, ` +
        `${int(signIns.rps)}/s, p50 ${ms(signIns.p50Ms)}, p99 ${ms(signIns.p99Ms)}; answers ${statuses(signIns.statuses)}` +
        `${signIns.errors ? `; ${signIns.errors} errors` : ''}`,
    );
  }
  if (user)
    print(`   rounds, GetUser:    portal ${roundsLine(user.portal)};  bare ${roundsLine(user.baseline)}`);
  if (clients)
    print(
      `   rounds, GetClients: portal ${roundsLine(clients.portal)};  bare ${roundsLine(clients.baseline)}`,
    );
  if (flood) {
    print(`   rounds, latency:    idle ${roundsLine(flood.idle)};  flood ${roundsLine(flood.flood)}`);
    const lateness = (result: RoundsResult) =>
      result.rounds.map((round) => ms(round.loopDelayMaxMs)).join(' | ');
    print(
      `   portal event loop, worst lateness per round: idle ${lateness(flood.idle)};  flood ${lateness(flood.flood)}`,
    );
  }
  const cpuLines = [
    user ? `GetUser ${cpuLine(user.portal, user.baseline, 'bare')}` : '',
    clients ? `GetClients ${cpuLine(clients.portal, clients.baseline, 'bare')}` : '',
  ].filter(Boolean);
  if (cpuLines.length > 0) {
    print(
      `   server CPU per answer (less sensitive to the machine's load than req/s): ${cpuLines.join('; ')}`,
    );
  }
  const logs = [
    user ? `GetUser ${logPerAnswer(user.portal)}` : '',
    clients ? `GetClients ${logPerAnswer(clients.portal)}` : '',
  ].filter(Boolean);
  if (logs.length > 0) print(`   portal request log (LOG_LEVEL=${settings.logLevel}): ${logs.join('; ')}`);
}

function judge(
  user: Comparison | undefined,
  clients: Comparison | undefined,
  flood: FloodResult | undefined,
) {
  for (const [figure, name, result, limit] of [
    ['1.', 'GetUser', user, BUDGET.userRatio],
    ['2.', 'GetClients', clients, BUDGET.clientsRatio],
  ] as const) {
    if (!result) continue;
    budget.checkThroughputRatio(`${figure} ${name}`, result.portal, 'bare node + pg', result.baseline, limit);
    budget.checkAnswered(figure, ['portal', result.portal], ['bare node + pg', result.baseline]);
  }
  if (flood) {
    const limit = BUDGET.floodP99Factor * flood.idle.p99Ms;
    budget.check(
      flood.flood.p99Ms <= limit,
      `3. GetClients p99 during the login flood ${ms(flood.flood.p99Ms)} <= ${BUDGET.floodP99Factor} × idle ` +
        `${ms(flood.idle.p99Ms)} = ${ms(limit)}`,
    );
    budget.checkAnswered('3.', ['GetClients idle', flood.idle], ['GetClients during the flood', flood.flood]);
    const signedIn = flood.signIns.statuses['200'] ?? 0;
    budget.check(
      signedIn > 0 && flood.signIns.errors === 0,
      `3. the flood reached the password hash: ${int(signedIn)} successful sign-ins ` +
        `(${int(flood.signIns.requests)} in all, ${flood.signIns.errors} errors)`,
    );
  }
}

async function main() {
  print(
    `bench:api: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
      `${settings.seconds} s per run, ${settings.rounds} rounds each (ABBA); ${settings.tokens} tokens; ` +
      `flood of ${settings.floodConnections} connections over ${settings.floodAccounts} accounts; ` +
      `LOG_LEVEL=${settings.logLevel}; machine: ${machine()}`,
  );
  print('Creating the database and seeding it through the API…');
  const deployment: Deployment = {
    databaseUrl: await createDatabase(settings.adminDatabaseUrl, 'api'),
    redisKeyPrefix: reserveRedisPrefix(settings.redisUrl, 'api'),
    sessionSecret: randomBytes(32).toString('base64url'),
    hashKey: randomBytes(32).toString('base64url'),
  };
  const { owner, floodAccounts } = await seed(deployment);
  const session = new Session(owner);

  let user: Comparison | undefined;
  let clients: Comparison | undefined;
  let flood: FloodResult | undefined;
  if (settings.only.has('user')) {
    print(`1. GetUser: portal and bare node + pg, in turns… (${machine()})`);
    user = await compare(deployment, session, users.getUser.path);
  }
  if (settings.only.has('clients')) {
    print(`2. GetClients: portal and bare node + pg, in turns… (${machine()})`);
    clients = await compare(deployment, session, tokens.getClients.path);
  }
  if (settings.only.has('flood')) {
    print(`3. GetClients latency, idle and during a login flood… (${machine()})`);
    flood = await measureFlood(deployment, session, floodAccounts);
  }
  report(user, clients, flood);
  judge(user, clients, flood);
  budget.conclude('bench:api');
}

await runThenCleanUp(main);
