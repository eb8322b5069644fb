// How the benches print their figures, so that the same figure reads the same in each: numbers grouped
// by thousands, latencies to a tenth of a millisecond below 10 ms, a load as its requests/s and p99.
import type { CombinedRounds, LoadFigures } from './load-figures.ts';

export const print = (text: string) => process.stdout.write(`${text}\n`);
export const int = (value: number) => Math.round(value).toLocaleString('en-US');
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : int(value)} ms`;

export const loadLine = ({ rps, p99Ms }: LoadFigures) => `${int(rps)} req/s, p99 ${ms(p99Ms)}`;

/** CPU time the server spent per answer, in microseconds. */
const cpuPerAnswer = (result: LoadFigures) => result.cpuMicros / result.requests;

/**
 * Every round of a figure, in the order they ran, with the server's CPU time per answer: how far the
 * machine drifted during it, and whether the server's own cost drifted with it.
 */
export const roundsLine = (result: CombinedRounds<LoadFigures>) =>
  result.rounds.map((round) => `${loadLine(round)}, ${cpuPerAnswer(round).toFixed(1)} µs CPU`).join(' | ');

/** The portal's CPU time per answer beside its baseline's, and how many times more it is. */
export const cpuLine = (portal: LoadFigures, baseline: LoadFigures, baselineName: string) =>
  `portal ${int(cpuPerAnswer(portal))} µs, ${baselineName} ${int(cpuPerAnswer(baseline))} µs ` +
  `(×${(cpuPerAnswer(portal) / cpuPerAnswer(baseline)).toFixed(1)})`;

/** Each turn's ratio of two servers measured in turns (load-figures.ts turnRatio), in the order they ran. */
export const turnsText = (turns: readonly number[]) => turns.map((turn) => turn.toFixed(2)).join(', ');
