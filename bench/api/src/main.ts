// `npm run bench:api`: how fast the portal answers its signed-in calls, measured by a command run on
// purpose, never by timed tests. The portal runs as deployed (PostgreSQL, Redis, NODE_ENV=production,
// behind one proxy, request logs at info level), on a database of its own seeded through the real API
// (dropped at the end). The machine is shared and noisy, so each throughput figure stands beside a
// baseline measured in the same run and its budget is a ratio:
//   1. GetUser vs bare node http + pg running the same SQL;
//   2. GetClients (a company with BENCH_TOKENS tokens) vs the same;
//   3. GetClients p99 at a steady rate during a login flood vs idle;
//   4. the console's company search over BENCH_COMPANIES companies (BENCH_COMPANY_TOKENS tokens each) vs
//      bare node http + pg running the same SQL.
// Every budget line prints PASS or FAIL; any FAIL exits 1. README.md lists the knobs.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Budget } from '@datafeeds/bench-shared/budget';
import { withServer } from '@datafeeds/bench-shared/child-server';
import { runThenCleanUp } from '@datafeeds/bench-shared/cleanup';
import { createDatabase } from '@datafeeds/bench-shared/database';
import { reserveRedisPrefix } from '@datafeeds/bench-shared/redis-prefix';
import { turnRatio } from '@datafeeds/bench-shared/load-figures';
import { cpuLine, int, loadLine, ms, print, roundsLine, turnsText } from '@datafeeds/bench-shared/report';
import type { ConsoleCompaniesPage } from '@datafeeds/domain';
import { tokens, users } from '@datafeeds/domain/calls';
import { consoleSearchPath, seedCompanies, StaffSession } from './console-data.ts';
import { measureFlood, type FloodResult } from './flood.ts';
import type { LoadResult, RoundsResult } from './http-load.ts';
import { createClient, registerVerified, signIn, type Account } from './portal-api.ts';
import { startPortal, type Deployment } from './servers.ts';
import { settings } from './settings.ts';
import { everySignInHashed } from './sign-in-flood.ts';
import { compare, Session, type Comparison } from './throughput.ts';

const BUDGET = { userRatio: 0.5, clientsRatio: 0.5, floodP99Factor: 2, consoleSearchRatio: 0.5 };

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

/**
 * Figure 4's companies (bulk SQL) and a staff member signed in to the console (console-data.ts), on a
 * portal child of their own (the first to start, when figure 4 runs alone, migrates the database).
 */
async function seedConsole(deployment: Deployment): Promise<StaffSession> {
  return withServer(
    () => startPortal('portal-console-seed', deployment),
    async (server) => {
      await seedCompanies(deployment.databaseUrl, settings.companies, settings.companyTokens);
      return StaffSession.start(server.url, deployment);
    },
  );
}

function report(
  user: Comparison | undefined,
  clients: Comparison | undefined,
  flood: FloodResult | undefined,
  search: Comparison | undefined,
) {
  print(`\n== Results (machine at the end: ${machine()})`);
  print(
    "   throughput: req/s is the mean of the rounds, p99 the worst round's, a ratio the median of the turns'",
  );
  for (const [figure, name, result] of [
    ['1.', 'GetUser   ', user],
    ['2.', 'GetClients', clients],
    ['4.', 'Console search', search],
  ] as const) {
    if (!result) continue;
    const { ratio, turns } = turnRatio(result.portal, result.baseline);
    print(
      `${figure} ${name}  portal ${loadLine(result.portal).padEnd(28)} bare node + pg ` +
        `${loadLine(result.baseline).padEnd(28)} ratio ${ratio.toFixed(2)} (turns ${turnsText(turns)})`,
    );
  }
  if (flood) {
    print(
      `3. GetClients at ${settings.latencyRate} req/s  idle p50 ${ms(flood.idle.p50Ms)}, p99 ${ms(flood.idle.p99Ms)}` +
        ` | login flood p50 ${ms(flood.flood.p50Ms)}, p99 ${ms(flood.flood.p99Ms)}` +
        ` (×${(flood.flood.p99Ms / flood.idle.p99Ms).toFixed(2)})`,
    );
    const { signIns } = flood;
    const sorted = signIns.latenciesMs.toSorted((a, b) => a - b);
    const percentile = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
    print(
      `   the flood: ${int(signIns.sent)} sign-ins by ${settings.floodConnections} connections, ` +
        `${int(signIns.sent / signIns.seconds)}/s, p50 ${ms(percentile(50))}, p99 ${ms(percentile(99))}; ` +
        `answers ${statuses(signIns.statuses)}${signIns.errors ? `; ${signIns.errors} without an answer` : ''}`,
    );
  }
  if (user)
    print(`   rounds, GetUser:    portal ${roundsLine(user.portal)};  bare ${roundsLine(user.baseline)}`);
  if (clients)
    print(
      `   rounds, GetClients: portal ${roundsLine(clients.portal)};  bare ${roundsLine(clients.baseline)}`,
    );
  if (search)
    print(
      `   rounds, console search: portal ${roundsLine(search.portal)};  bare ${roundsLine(search.baseline)}`,
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
    search ? `console search ${cpuLine(search.portal, search.baseline, 'bare')}` : '',
  ].filter(Boolean);
  if (cpuLines.length > 0) {
    print(
      `   server CPU per answer (less sensitive to the machine's load than req/s): ${cpuLines.join('; ')}`,
    );
  }
  const logs = [
    user ? `GetUser ${logPerAnswer(user.portal)}` : '',
    clients ? `GetClients ${logPerAnswer(clients.portal)}` : '',
    search ? `console search ${logPerAnswer(search.portal)}` : '',
  ].filter(Boolean);
  if (logs.length > 0) print(`   portal request log (LOG_LEVEL=${settings.logLevel}): ${logs.join('; ')}`);
}

function judge(
  user: Comparison | undefined,
  clients: Comparison | undefined,
  flood: FloodResult | undefined,
  search: Comparison | undefined,
) {
  for (const [figure, name, result, limit] of [
    ['1.', 'GetUser', user, BUDGET.userRatio],
    ['2.', 'GetClients', clients, BUDGET.clientsRatio],
    ['4.', `Console search over ${int(settings.companies)} companies`, search, BUDGET.consoleSearchRatio],
  ] as const) {
    if (!result) continue;
    budget.checkPair(figure, name, ['portal', result.portal], ['bare node + pg', result.baseline], limit);
  }
  if (flood) {
    const limit = BUDGET.floodP99Factor * flood.idle.p99Ms;
    budget.check(
      flood.flood.p99Ms <= limit,
      `3. GetClients p99 during the login flood ${ms(flood.flood.p99Ms)} <= ${BUDGET.floodP99Factor} × idle ` +
        `${ms(flood.idle.p99Ms)} = ${ms(limit)}`,
    );
    budget.checkAnswered('3.', ['GetClients idle', flood.idle], ['GetClients during the flood', flood.flood]);
    const hashed = everySignInHashed(flood.allSignIns);
    budget.check(hashed.ok, `3. ${hashed.line} (warm-up included)`);
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
  // Figure 4 has data of its own: the owner and the flood's accounts only for the others.
  const seeded = (['user', 'clients', 'flood'] as const).some((figure) => settings.only.has(figure))
    ? await seed(deployment)
    : undefined;
  const session = seeded ? new Session(seeded.owner) : undefined;

  let user: Comparison | undefined;
  let clients: Comparison | undefined;
  let flood: FloodResult | undefined;
  let search: Comparison | undefined;
  if (session && settings.only.has('user')) {
    print(`1. GetUser: portal and bare node + pg, in turns… (${machine()})`);
    user = await compare(deployment, session, users.getUser.path);
  }
  if (session && settings.only.has('clients')) {
    print(`2. GetClients: portal and bare node + pg, in turns… (${machine()})`);
    clients = await compare(deployment, session, tokens.getClients.path);
  }
  if (session && seeded && settings.only.has('flood')) {
    print(`3. GetClients latency, idle and during a login flood… (${machine()})`);
    flood = await measureFlood(deployment, session, seeded.floodAccounts);
  }
  if (settings.only.has('console')) {
    print(
      `4. Console search: ${int(settings.companies)} companies with ${settings.companyTokens} tokens each, ` +
        `a staff member… (${machine()})`,
    );
    const staff = await seedConsole(deployment);
    print(
      `4. Console search "${settings.consoleSearch}": portal and bare node + pg, in turns… (${machine()})`,
    );
    search = await compare(deployment, staff, consoleSearchPath());
    const answer = staff.expected.get(consoleSearchPath()) as ConsoleCompaniesPage;
    print(`   the search matched ${int(answer.total)} companies; ${answer.companies.length} on the page`);
    // A search matching nothing would measure an empty answer.
    budget.check(
      answer.companies.length > 0,
      `4. the search answered a page of companies (${answer.companies.length} of ${int(answer.total)})`,
    );
  }
  report(user, clients, flood, search);
  judge(user, clients, flood, search);
  budget.conclude('bench:api');
}

await runThenCleanUp(main);
