// Figure 3: GetClients latency while the portal is flooded with sign-ins. One portal child; GetClients
// at a steady BENCH_LATENCY_RATE requests/s over 10 connections (a latency figure, so not at saturation),
// alone ("idle") and while BENCH_FLOOD_CONNECTIONS connections sign in as fast as they are answered
// ("flood"), in ABBA turns (idle, flood, flood, idle, …). The flood is BENCH_FLOOD_ACCOUNTS real accounts
// signing in with their correct passwords from rotating addresses: the per-address request limit and
// the login lockout (which counts failures only) let every one through to the password hash, as a
// Monday-morning rush behind a load balancer would. Wrong passwords would be locked out after 10
// failures and stop costing a hash, so they would measure the lockout, not the hashing.
import { setTimeout as sleep } from 'node:timers/promises';
import type autocannon from 'autocannon';
import { inAbbaTurns } from '@datafeeds/bench-shared/abba-turns';
import { withServer } from '@datafeeds/bench-shared/child-server';
import { auth, tokens } from '@datafeeds/domain/calls';
import { addressCycle } from './addresses.ts';
import { combineRounds, measureOnce, startLoad, type LoadTarget, type RoundsResult } from './http-load.ts';
import type { Account } from './portal-api.ts';
import { startPortal, type Deployment } from './servers.ts';
import { settings } from './settings.ts';
import type { Session } from './throughput.ts';

interface SignInFigures {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
}

export interface FloodResult {
  idle: RoundsResult;
  flood: RoundsResult;
  signIns: SignInFigures;
}

const LATENCY_CONNECTIONS = 10;
/** The flood starts this long before the measured GetClients run and stops after it. */
const FLOOD_LEAD_SECONDS = 2;

export async function measureFlood(
  deployment: Deployment,
  session: Session,
  accounts: readonly Account[],
): Promise<FloodResult> {
  return withServer(
    () => startPortal('portal-flood', deployment),
    async (server) => {
      await session.refresh(server.url);
      const reads: LoadTarget = {
        url: `${server.url}${tokens.getClients.path}`,
        method: tokens.getClients.method,
        headers: { authorization: `Bearer ${session.token}` },
        address: addressCycle('reads'),
      };
      const signIns: LoadTarget = {
        url: `${server.url}${auth.login.path}`,
        method: auth.login.method,
        bodies: accounts.map((account) => JSON.stringify(account)),
        address: addressCycle('flood'),
      };
      const steady = { connections: LATENCY_CONNECTIONS, overallRate: settings.latencyRate };
      const floodShape = { connections: settings.floodConnections };
      // Warm both paths (the hash's first calls, the pools), then let the machine settle.
      await startLoad(signIns, { ...floodShape, seconds: settings.warmupSeconds }).done;
      await startLoad(reads, { ...steady, seconds: settings.warmupSeconds }).done;

      const floods: autocannon.Result[] = [];
      const idleRun = () => measureOnce(reads, server, { ...steady, seconds: settings.seconds });
      const floodRun = async () => {
        const running = startLoad(signIns, {
          ...floodShape,
          seconds: settings.seconds + 2 * FLOOD_LEAD_SECONDS + 5,
        });
        await sleep(FLOOD_LEAD_SECONDS * 1_000);
        const measured = await measureOnce(reads, server, { ...steady, seconds: settings.seconds });
        running.stop();
        floods.push(await running.done);
        return measured;
      };
      const { a: idle, b: flood } = await inAbbaTurns(settings.rounds, idleRun, floodRun);
      const statuses: Record<string, number> = {};
      for (const run of floods) {
        for (const [code, { count }] of Object.entries(run.statusCodeStats ?? {})) {
          statuses[code] = (statuses[code] ?? 0) + (count ?? 0);
        }
      }
      return {
        idle: combineRounds(idle),
        flood: combineRounds(flood),
        signIns: {
          requests: floods.reduce((sum, run) => sum + run.requests.total, 0),
          rps: floods.reduce((sum, run) => sum + run.requests.average, 0) / floods.length,
          p50Ms: Math.max(...floods.map((run) => run.latency.p50)),
          p99Ms: Math.max(...floods.map((run) => run.latency.p99)),
          statuses,
          errors: floods.reduce((sum, run) => sum + run.errors, 0),
        },
      };
    },
  );
}
