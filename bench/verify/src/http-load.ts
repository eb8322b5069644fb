// HTTP load with autocannon from this process: a warm-up whose figures are thrown away, then the
// measured run. Each request's body is the next of `bodies`, so a run can cycle through many distinct
// secrets (autocannon rebuilds a request per call when it has a setupRequest).
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
  /** The server's CPU time over the measured run, in microseconds. */
  cpuMicros: number;
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  bodies: readonly string[];
}

function run(target: LoadTarget, seconds: number) {
  let next = 0;
  return autocannon({
    url: target.url,
    connections: settings.connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        setupRequest: (request) => {
          request.body = target.bodies[next % target.bodies.length] ?? '';
          next += 1;
          return request;
        },
      },
    ],
  });
}

/** `onMeasureStart` runs between the warm-up and the measured run (to read counters, say). */
export async function measureLoad(
  target: LoadTarget,
  server: Pick<RunningServer, 'cpuMicros'>,
  onMeasureStart?: () => Promise<void>,
): Promise<LoadResult> {
  await run(target, settings.warmupSeconds);
  await onMeasureStart?.();
  const cpuBefore = await server.cpuMicros();
  const result = await run(target, settings.seconds);
  const cpuMicros = (await server.cpuMicros()) - cpuBefore;
  return {
    cpuMicros,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export interface RoundsResult extends LoadResult {
  rounds: LoadResult[];
}

/** Rounds together: mean requests/s, the worst round's latencies, every answer and error counted. */
export function combineRounds(rounds: LoadResult[]): RoundsResult {
  const sum = (key: keyof LoadResult) => rounds.reduce((total, round) => total + round[key], 0);
  const worst = (key: 'p50Ms' | 'p99Ms') => Math.max(...rounds.map((round) => round[key]));
  return {
    rps: sum('rps') / rounds.length,
    p50Ms: worst('p50Ms'),
    p99Ms: worst('p99Ms'),
    requests: sum('requests'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    cpuMicros: sum('cpuMicros'),
    rounds,
  };
}

/** CPU time the server spent per answer, in microseconds. */
export const cpuPerAnswer = (result: LoadResult) => result.cpuMicros / result.requests;
