// Figures 1, 2 and 4: GetUser, GetClients and the console's company search on a portal child against
// the bare node http + pg server running the same SQL, one server at a time, under the same load
// (BENCH_CONNECTIONS connections, as fast as answers come). The load on the machine drifts, so the two
// take turns over BENCH_ROUNDS rounds in ABBA order (portal, bare, bare, portal, …), each on a freshly
// started child. Before a run, the server's answer is checked against the one the portal gave (the same
// JSON), so both do the same work.
import { isDeepStrictEqual } from 'node:util';
import { inAbbaTurns } from '@datafeeds/bench-shared/abba-turns';
import { withServer } from '@datafeeds/bench-shared/child-server';
import { addressCycle } from './addresses.ts';
import { combineRounds, measureLoad, type LoadTarget, type RoundsResult } from './http-load.ts';
import { getJson, signIn, type Account } from './portal-api.ts';
import { startBarePg, startPortal, type Deployment, type RunningServer } from './servers.ts';
import { settings } from './settings.ts';

export interface Comparison {
  portal: RoundsResult;
  baseline: RoundsResult;
}

const readAddress = addressCycle('reads');

/** Who calls the measured path: a fresh access token per portal child, and the answer to compare with. */
export interface ReadSession {
  token: string;
  expected: Map<string, unknown>;
  refresh(portalUrl: string): Promise<void>;
}

export class Session implements ReadSession {
  /** The latest access token of the owner, and the portal's answer it is compared with. */
  token = '';
  expected = new Map<string, unknown>();

  constructor(readonly owner: Account) {}

  async refresh(portalUrl: string): Promise<void> {
    this.token = await signIn(portalUrl, this.owner);
  }
}

async function checkedAnswer(server: RunningServer, path: string, session: ReadSession): Promise<void> {
  const { status, body } = await getJson(server.url, path, session.token);
  if (status !== 200)
    throw new Error(`${server.name} answered ${path} with ${status}: ${JSON.stringify(body)}`);
  const expected = session.expected.get(path);
  if (expected === undefined) session.expected.set(path, body);
  else if (!isDeepStrictEqual(body, expected)) {
    throw new Error(`${server.name} answered ${path} differently from the portal: ${JSON.stringify(body)}`);
  }
}

function target(server: RunningServer, path: string, session: ReadSession): LoadTarget {
  return {
    url: `${server.url}${path}`,
    method: 'GET',
    headers: { authorization: `Bearer ${session.token}` },
    address: readAddress,
  };
}

const shape = () => ({ seconds: settings.seconds, connections: settings.connections });

async function portalRun(deployment: Deployment, session: ReadSession, path: string) {
  return withServer(
    () => startPortal('portal', deployment),
    async (server) => {
      await session.refresh(server.url);
      await checkedAnswer(server, path, session);
      return measureLoad(target(server, path, session), server, shape());
    },
  );
}

async function bareRun(deployment: Deployment, session: ReadSession, path: string) {
  return withServer(
    () => startBarePg(deployment),
    async (server) => {
      await checkedAnswer(server, path, session);
      return measureLoad(target(server, path, session), server, shape());
    },
  );
}

/** The portal first (its answer is the reference), then ABBA turns. */
export async function compare(
  deployment: Deployment,
  session: ReadSession,
  path: string,
): Promise<Comparison> {
  const { a: portal, b: baseline } = await inAbbaTurns(
    settings.rounds,
    () => portalRun(deployment, session, path),
    () => bareRun(deployment, session, path),
  );
  return { portal: combineRounds(portal), baseline: combineRounds(baseline) };
}
