// Figure 3: GetClients latency while the portal is flooded with sign-ins. One portal child; GetClients
// at a steady BENCH_LATENCY_RATE requests/s over 10 connections (a latency figure, so not at saturation),
// alone ("idle") and while BENCH_FLOOD_CONNECTIONS connections sign in as fast as they are answered
// ("flood"), in ABBA turns (idle, flood, flood, idle, …). The flood is BENCH_FLOOD_ACCOUNTS real accounts
// signing in with their correct passwords from rotating addresses: the per-address request limit and
// the login lockout (which counts failures only) let every one through to the password hash, as a
// Monday-morning rush behind a load balancer would. Wrong passwords would be locked out after 10
// failures and stop costing a hash, so they would measure the lockout, not the hashing. Every sign-in
// sent, warm-up included, is tallied with its answer (sign-in-flood.ts): the figure fails unless each
// one was signed in.
import { setTimeout as sleep } from 'node:timers/promises';
import { inAbbaTurns } from '@datafeeds/bench-shared/abba-turns';
import { withServer } from '@datafeeds/bench-shared/child-server';
import { auth, tokens } from '@datafeeds/domain/calls';
import { addressCycle } from './addresses.ts';
import { combineRounds, measureOnce, startLoad, type LoadTarget, type RoundsResult } from './http-load.ts';
import type { Account } from './portal-api.ts';
import { startPortal, type Deployment } from './servers.ts';
import { settings } from './settings.ts';
import {
  addTallies,
  floodFor,
  startSignInFlood,
  type SignInTally,
  type SignInTarget,
} from './sign-in-flood.ts';
import type { Session } from './throughput.ts';

export interface FloodResult {
  idle: RoundsResult;
  flood: RoundsResult;
  /** The sign-ins of the measured floods. */
  signIns: SignInTally;
  /** Those and the warm-up's: every one must have been signed in. */
  allSignIns: SignInTally;
}

const LATENCY_CONNECTIONS = 10;
/** The flood starts this long before the measured GetClients run and stops after it (each sign-in in
 * flight then finishes). */
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
      const signIns: SignInTarget = {
        url: `${server.url}${auth.login.path}`,
        bodies: accounts.map((account) => JSON.stringify(account)),
        address: addressCycle('flood'),
      };
      const steady = { connections: LATENCY_CONNECTIONS, overallRate: settings.latencyRate };
      // Warm both paths (the hash's first calls, the pools), then let the machine settle.
      const warmUp = await floodFor(signIns, settings.floodConnections, settings.warmupSeconds);
      await startLoad(reads, { ...steady, seconds: settings.warmupSeconds }).done;

      const floods: SignInTally[] = [];
      const idleRun = () => measureOnce(reads, server, { ...steady, seconds: settings.seconds });
      const floodRun = async () => {
        const running = startSignInFlood(signIns, settings.floodConnections);
        await sleep(FLOOD_LEAD_SECONDS * 1_000);
        const measured = await measureOnce(reads, server, { ...steady, seconds: settings.seconds });
        floods.push(await running.stop());
        return measured;
      };
      const { a: idle, b: flood } = await inAbbaTurns(settings.rounds, idleRun, floodRun);
      const measuredSignIns = addTallies(floods);
      return {
        idle: combineRounds(idle),
        flood: combineRounds(flood),
        signIns: measuredSignIns,
        allSignIns: addTallies([warmUp, measuredSignIns]),
      };
    },
  );
}
