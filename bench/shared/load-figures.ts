// What every measured HTTP load yields, whichever way a bench drives it, and how a figure's rounds
// combine. The load on a shared machine drifts, so a figure is several rounds in ABBA order: its
// requests/s is their mean, its latencies the worst round's, and every answer and error counts; two
// servers' ratio is the median of their turns' ratios (turnRatio below).

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

/**
 * The throughput of `a` over `b`, two servers measured in turns (abba-turns.ts): round i of each ran
 * back to back, under one state of the machine, so each turn gives a ratio of its own, and the figure's
 * ratio is their median. A step in the machine's speed (another process starting, a core clocking down)
 * then tilts the turn it falls in, not the figure, where the ratio of the two means would carry it
 * (bench:verify's metering figure once read 0.92 so, its turns on each side of the step 0.95 to 0.98).
 */
export function turnRatio(a: CombinedRounds<LoadFigures>, b: CombinedRounds<LoadFigures>): TurnRatio {
  if (a.rounds.length !== b.rounds.length || a.rounds.length === 0) {
    throw new Error(`turns must pair up: ${a.rounds.length} rounds against ${b.rounds.length}`);
  }
  const turns = a.rounds.map((round, index) => round.rps / (b.rounds[index]?.rps ?? Number.NaN));
  const sorted = turns.toSorted((x, y) => x - y);
  const middle = sorted.length / 2;
  const ratio = Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
    : (sorted[Math.floor(middle)] ?? Number.NaN);
  return { ratio, turns };
}

export interface TurnRatio {
  /** The median of `turns`. */
  ratio: number;
  /** Each turn's ratio, in the order they ran. */
  turns: number[];
}
