// BENCH_ONLY picks the figures a run measures; a selection of nothing must not pass as a run.
import { describe, expect, it } from 'vitest';
import { FIGURES, figuresToRun } from '../src/settings.ts';

describe('BENCH_ONLY', () => {
  it('runs every figure when unset, and the ones named otherwise', () => {
    expect([...figuresToRun(undefined)]).toEqual([...FIGURES]);
    expect([...figuresToRun('1, 5,7')]).toEqual([1, 5, 7]);
  });

  it.each(['', ' , ', '0', '10', 'warm', '1,x'])(
    'refuses %j: a run must measure something that exists',
    (value) => {
      expect(() => figuresToRun(value)).toThrow(/BENCH_ONLY/);
    },
  );
});
