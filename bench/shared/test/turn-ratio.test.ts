// Two servers measured in turns are compared turn by turn: a step in the machine's speed tilts one turn,
// not the figure.
import { describe, expect, it } from 'vitest';
import { combineLoadFigures, turnRatio, type LoadFigures } from '../load-figures.ts';

const run = (rps: number): LoadFigures => ({
  rps,
  p50Ms: 1,
  p99Ms: 2,
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
  cpuMicros: rps * 200,
});
const rounds = (...rps: number[]) => combineLoadFigures(rps.map(run));

describe('turnRatio', () => {
  it('is the median of the turns: the machine slowing down mid-figure tilts one turn, not the figure', () => {
    // Both read 2 % apart; between the second turn's runs (unmetered first, ABBA) the machine steps
    // down from 57 k to 48 k req/s.
    const metered = rounds(56_000, 47_000, 47_000, 47_000);
    const unmetered = rounds(57_000, 57_000, 48_000, 48_000);
    const { ratio, turns } = turnRatio(metered, unmetered);
    expect(turns.map((turn) => turn.toFixed(3))).toEqual(['0.982', '0.825', '0.979', '0.979']);
    expect(ratio).toBeCloseTo(47 / 48, 6);
    // The ratio of the means reads the step as the servers' difference.
    expect(metered.rps / unmetered.rps).toBeLessThan(0.94);
  });

  it('takes the middle turn of an odd number and fails a figure whose turns are all below', () => {
    expect(turnRatio(rounds(90, 80, 100), rounds(100, 100, 100)).ratio).toBeCloseTo(0.9);
    expect(turnRatio(rounds(90, 90), rounds(100, 100)).ratio).toBeCloseTo(0.9);
  });

  it('refuses rounds that do not pair up', () => {
    expect(() => turnRatio(rounds(1, 2), rounds(1))).toThrow(/pair up/);
    expect(() => turnRatio(rounds(), rounds())).toThrow(/pair up/);
  });
});
