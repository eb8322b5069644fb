// HTTP load with autocannon from this process. Every request carries the next address of its range in
// X-Forwarded-For (addresses.ts), and the next body of `bodies` when there are bodies (autocannon
// rebuilds a request per call when it has a setupRequest).
import autocannon from 'autocannon';
import type { RunningServer } from './servers.ts';
import { settings } from './settings.ts';

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** The server's CPU time over the measured run, in microseconds. */
  cpuMicros: number;
  /** Bytes of request log the server wrote over the measured run. */
  logBytes: number;
  /** The worst lateness of the server's event loop over the measured run, in milliseconds. */
  loopDelayMaxMs: number;
}

export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodies?: readonly string[];
  address: () => string;
}

export interface LoadShape {
  seconds: number;
  connections: number;
  /** Requests per second over all connections; as fast as answers come when unset. */
  overallRate?: number;
}

export interface RunningLoad {
  done: Promise<autocannon.Result>;
  stop(): void;
}

/** Starts a load; `done` settles when it has run its time (or was stopped). */
export function startLoad(target: LoadTarget, shape: LoadShape): RunningLoad {
  let next = 0;
  const bodies = target.bodies;
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
              if (bodies) {
                request.headers['content-type'] = 'application/json';
                request.body = bodies[next % bodies.length] ?? '';
                next += 1;
              }
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
    cpuMicros,
    logBytes: server.logBytes() - logBefore,
    loopDelayMaxMs,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

/** A warm-up whose figures are thrown away, then the measured run. */
export async function measureLoad(target: LoadTarget, server: Server, shape: LoadShape): Promise<LoadResult> {
  await startLoad(target, { ...shape, seconds: settings.warmupSeconds }).done;
  return measureOnce(target, server, shape);
}

export interface RoundsResult extends LoadResult {
  rounds: LoadResult[];
}

/** Rounds together: mean requests/s, the worst round's latencies, every answer and error counted. */
export function combineRounds(rounds: LoadResult[]): RoundsResult {
  const sum = (key: 'rps' | 'requests' | 'non2xx' | 'errors' | 'cpuMicros' | 'logBytes') =>
    rounds.reduce((total, round) => total + round[key], 0);
  const worst = (key: 'p50Ms' | 'p99Ms' | 'loopDelayMaxMs') => Math.max(...rounds.map((round) => round[key]));
  const statuses: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, count] of Object.entries(round.statuses))
      statuses[code] = (statuses[code] ?? 0) + count;
  }
  return {
    rps: sum('rps') / rounds.length,
    p50Ms: worst('p50Ms'),
    p99Ms: worst('p99Ms'),
    requests: sum('requests'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    cpuMicros: sum('cpuMicros'),
    logBytes: sum('logBytes'),
    loopDelayMaxMs: worst('loopDelayMaxMs'),
    statuses,
    rounds,
  };
}

/** CPU time the server spent per answer, in microseconds. */
export const cpuPerAnswer = (result: LoadResult) => result.cpuMicros / result.requests;
