// The price estimate of spec §9: one line per selected sport, annual total in CAD before taxes.
import { PRICE_CURRENCY, PRICE_TERM_MONTHS } from './constants.ts';
import type { TimingSelection } from './scopes.ts';
import type { SportCode } from './sports.ts';

export const PRICE_TIMINGS = ['all', 'live', 'pre', 'post'] as const;
export type PriceTiming = (typeof PRICE_TIMINGS)[number];

export const PRICE_TIMING_LABELS: Readonly<Record<PriceTiming, string>> = {
  all: 'Real Time & Post Game',
  live: 'Real Time',
  pre: 'Pre Game',
  post: 'Post Game',
};

/** Sports in the price table's first column; every other sport is priced from the second. */
const MAJOR_PRICE_SPORTS: readonly SportCode[] = ['nfl', 'mlb', 'nba', 'darts', 'soccer', 'tennis'];

const PRICE_TABLE: Readonly<Record<PriceTiming, { major: number; other: number }>> = {
  all: { major: 7200, other: 4800 },
  live: { major: 7200, other: 4800 },
  pre: { major: 1200, other: 1200 },
  post: { major: 4200, other: 3600 },
};

/** Live selected means 'all'; otherwise post game wins over pre game. Null when nothing is selected. */
export function priceTiming(timing: TimingSelection): PriceTiming | null {
  if (timing.liveGame) return 'all';
  if (timing.postGame) return 'post';
  if (timing.preGame) return 'pre';
  return null;
}

export function unitPrice(sport: SportCode, timing: PriceTiming): number {
  const row = PRICE_TABLE[timing];
  return MAJOR_PRICE_SPORTS.includes(sport) ? row.major : row.other;
}

export interface PriceLine {
  sport: SportCode;
  timing: PriceTiming;
  timingLabel: string;
  quantity: 1;
  unitPrice: number;
  amount: number;
}

export interface PriceEstimate {
  lines: PriceLine[];
  /** Annual total before taxes. */
  annualTotal: number;
  /** The annual total divided by 12. */
  monthly: number;
  termMonths: typeof PRICE_TERM_MONTHS;
  currency: typeof PRICE_CURRENCY;
}

export function estimatePrice(request: TimingSelection & { sports: readonly SportCode[] }): PriceEstimate {
  const timing = priceTiming(request);
  const lines: PriceLine[] =
    timing === null
      ? []
      : request.sports.map((sport) => {
          const price = unitPrice(sport, timing);
          return {
            sport,
            timing,
            timingLabel: PRICE_TIMING_LABELS[timing],
            quantity: 1,
            unitPrice: price,
            amount: price,
          };
        });
  const annualTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    lines,
    annualTotal,
    monthly: annualTotal / PRICE_TERM_MONTHS,
    termMonths: PRICE_TERM_MONTHS,
    currency: PRICE_CURRENCY,
  };
}

const cadFormatter = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: PRICE_CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Canadian dollars, for example "$7,200.00". */
export function formatCad(amount: number): string {
  return cadFormatter.format(amount);
}
