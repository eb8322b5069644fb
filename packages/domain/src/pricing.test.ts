import { describe, expect, it } from 'vitest';
import { PRICE_TIMING_LABELS, estimatePrice, formatCad, priceTiming, unitPrice } from './pricing.ts';
import type { PriceTiming } from './pricing.ts';
import type { SportCode } from './sports.ts';

const MAJOR: SportCode[] = ['nfl', 'mlb', 'nba', 'darts', 'soccer', 'tennis'];
const OTHER: SportCode[] = ['nhl', 'ncaabb', 'ncaafb', 'pga'];

describe('price table (spec §9)', () => {
  const cells: [PriceTiming, number, number][] = [
    ['all', 7200, 4800],
    ['live', 7200, 4800],
    ['pre', 1200, 1200],
    ['post', 4200, 3600],
  ];
  for (const [timing, majorPrice, otherPrice] of cells) {
    for (const sport of MAJOR) {
      it(`${sport} ${timing} costs ${majorPrice}`, () => expect(unitPrice(sport, timing)).toBe(majorPrice));
    }
    for (const sport of OTHER) {
      it(`${sport} ${timing} costs ${otherPrice}`, () => expect(unitPrice(sport, timing)).toBe(otherPrice));
    }
  }
});

describe('timing rule', () => {
  it.each([
    [{ liveGame: true, preGame: false, postGame: false }, 'all'],
    [{ liveGame: true, preGame: true, postGame: true }, 'all'],
    [{ liveGame: false, preGame: true, postGame: true }, 'post'],
    [{ liveGame: false, preGame: false, postGame: true }, 'post'],
    [{ liveGame: false, preGame: true, postGame: false }, 'pre'],
    [{ liveGame: false, preGame: false, postGame: false }, null],
  ] as const)('%o gives %s', (timing, expected) => {
    expect(priceTiming(timing)).toBe(expected);
  });

  it('labels the timings as the spec does', () => {
    expect(PRICE_TIMING_LABELS).toEqual({
      all: 'Real Time & Post Game',
      live: 'Real Time',
      pre: 'Pre Game',
      post: 'Post Game',
    });
  });
});

describe('estimatePrice', () => {
  it('adds one line per sport with quantity 1 and totals the year', () => {
    const estimate = estimatePrice({
      liveGame: true,
      preGame: false,
      postGame: true,
      sports: ['nfl', 'nhl'],
    });
    expect(estimate.lines).toEqual([
      {
        sport: 'nfl',
        timing: 'all',
        timingLabel: 'Real Time & Post Game',
        quantity: 1,
        unitPrice: 7200,
        amount: 7200,
      },
      {
        sport: 'nhl',
        timing: 'all',
        timingLabel: 'Real Time & Post Game',
        quantity: 1,
        unitPrice: 4800,
        amount: 4800,
      },
    ]);
    expect(estimate.annualTotal).toBe(12000);
    expect(estimate.monthly).toBe(1000);
    expect(estimate.termMonths).toBe(12);
    expect(estimate.currency).toBe('CAD');
  });

  it('monthly rate is the annual total divided by 12, not rounded', () => {
    const estimate = estimatePrice({ liveGame: false, preGame: false, postGame: true, sports: ['pga'] });
    expect(estimate.annualTotal).toBe(3600);
    expect(estimate.monthly).toBe(300);
    const odd = estimatePrice({
      liveGame: false,
      preGame: true,
      postGame: false,
      sports: ['nfl', 'mlb', 'nba', 'nhl', 'pga'],
    });
    expect(odd.monthly).toBe(6000 / 12);
  });

  it('is empty without a timing or sports', () => {
    expect(
      estimatePrice({ liveGame: false, preGame: false, postGame: false, sports: ['nfl'] }).annualTotal,
    ).toBe(0);
    expect(estimatePrice({ liveGame: true, preGame: false, postGame: false, sports: [] }).lines).toEqual([]);
  });
});

describe('formatCad', () => {
  it('formats Canadian dollars with cents', () => {
    expect(formatCad(7200)).toBe('$7,200.00');
    expect(formatCad(1000.5)).toBe('$1,000.50');
    expect(formatCad(0)).toBe('$0.00');
  });
});
