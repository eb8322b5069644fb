// HTTP load with autocannon from this process. Every request carries the next address of its range in
// X-Forwarded-For (addresses.ts; autocannon rebuilds a request per call when it has a setupRequest). The
// login flood has a load of its own (sign-in-flood.ts), which counts every sign-in.
import autocannon from 'autocannon';
import {
  combineLoadFigures,
  figuresOf,
  type CombinedRounds,
  type LoadFigures,
} from '@datafeeds/bench-shared/load-figures';
import type { RunningServer } from './servers.ts';
import { settings } from './settings.ts';

/** The figures every bench has, and what the server's log and event loop did over the run. */
export interface LoadResult extends LoadFigures {
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Bytes of request log the server wrote over the measured run. */
  logBytes: number;
  /** The worst lateness of the server's event loop over the measured run, in milliseconds. */
  loopDelayMaxMs: number;
}

export interface LoadTarget {
  url: string;
  method: 'GET';
  headers?: Record<string, string>;
  address: () => string;
}

interface LoadShape {
  seconds: number;
  connections: number;
  /** Requests per second over all connections; as fast as answers come when unset. */
  overallRate?: number;
}

interface RunningLoad {
  done: Promise<autocannon.Result>;
  stop(): void;
}

/** Starts a load; `done` settles when it has run its time (or was stopped). */
export function startLoad(target: LoadTarget, shape: LoadShape): RunningLoad {
  let stop = () => undefined as void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: shape.connections,
        duration: shape.seconds,
        ...(shape.overallRate ? { overallRate: shape.overallRate } : {}),
        requests: [
          {
            method: target.method,
            setupRequest: (request) => {
              request.headers = { ...target.headers, 'x-forwarded-for': target.address() };
              return request;
            },
          },
        ],
      },
      (error: unknown, result) => (error ? reject(error) : resolve(result)),
    );
    stop = () => instance.stop();
  });
  return { done, stop: () => stop() };
}

type Server = Pick<RunningServer, 'cpuMicros' | 'logBytes' | 'loopDelay'>;

/** One measured run (no warm-up), with the server's CPU time and log bytes over it. */
export async function measureOnce(target: LoadTarget, server: Server, shape: LoadShape): Promise<LoadResult> {
  const cpuBefore = await server.cpuMicros();
  const logBefore = server.logBytes();
  await server.loopDelay();
  const result = await startLoad(target, shape).done;
  const cpuMicros = (await server.cpuMicros()) - cpuBefore;
  const { maxMs: loopDelayMaxMs } = await server.loopDelay();
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count ?? 0;
  return {
    ...figuresOf(result, cpuMicros),
    logBytes: server.logBytes() - logBefore,
    loopDelayMaxMs,
    statuses,
  };
}

/** A warm-up whose figures are thrown away, then the measured run. */
export async function measureLoad(target: LoadTarget, server: Server, shape: LoadShape): Promise<LoadResult> {
  await startLoad(target, { ...shape, seconds: settings.warmupSeconds }).done;
  return measureOnce(target, server, shape);
}

export interface RoundsResult extends CombinedRounds<LoadResult>, LoadResult {}

/** Rounds together (load-figures.ts), with all their log bytes and answers and the worst loop delay. */
export function combineRounds(rounds: LoadResult[]): RoundsResult {
  const statuses: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, count] of Object.entries(round.statuses))
      statuses[code] = (statuses[code] ?? 0) + count;
  }
  return {
    ...combineLoadFigures(rounds),
    logBytes: rounds.reduce((total, round) => total + round.logBytes, 0),
    loopDelayMaxMs: Math.max(...rounds.map((round) => round.loopDelayMaxMs)),
    statuses,
  };
}
