// What every measured HTTP load yields, whichever way a bench drives it, and how a figure's rounds
// combine. The load on a shared machine drifts, so a figure is several rounds in ABBA order: its
// requests/s is their mean, its latencies the worst round's, and every answer and error counts.

export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time over the measured run, in microseconds. */
  cpuMicros: number;
}

/**
 * The parts of the load generator's result (autocannon's) the figures are read from, typed here so
 * that this package does not depend on the generator: each bench drives it its own way.
 */
interface GeneratorResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

export const figuresOf = (result: GeneratorResult, cpuMicros: number): LoadFigures => ({
  cpuMicros,
  rps: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
});

export interface CombinedRounds<Round extends LoadFigures> extends LoadFigures {
  rounds: Round[];
}

export function combineLoadFigures<Round extends LoadFigures>(rounds: Round[]): CombinedRounds<Round> {
  const sum = (key: 'rps' | 'requests' | 'non2xx' | 'errors' | 'cpuMicros') =>
    rounds.reduce((total, round) => total + round[key], 0);
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
