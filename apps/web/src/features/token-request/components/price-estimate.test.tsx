import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceEstimate, type PriceEstimateProps } from './price-estimate';

const NO_TIMING = { liveGame: false, preGame: false, postGame: false };

function renderEstimate(props: PriceEstimateProps) {
  render(<PriceEstimate {...props} />);
  return screen.getByRole('region', { name: 'Price estimate' });
}

function lines(region: HTMLElement) {
  return within(region)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('PriceEstimate', () => {
  it('prices two sports with Live Feed: $7,200 + $4,800 = $12,000 a year, $1,000 a month, 12-month term', () => {
    const region = renderEstimate({ ...NO_TIMING, liveGame: true, sports: ['nfl', 'nhl'] });
    expect(lines(region)).toEqual([
      'FootballReal Time & Post Game$7,200.00Qty 1 × $7,200.00',
      'HockeyReal Time & Post Game$4,800.00Qty 1 × $4,800.00',
    ]);
    const totals = within(region).getByText('Annual total (before taxes)').parentElement as HTMLElement;
    expect(totals).toHaveTextContent('Annual total (before taxes)$12,000.00');
    const monthly = within(region).getByText('Monthly').parentElement as HTMLElement;
    expect(monthly).toHaveTextContent('Monthly$1,000.00');
    expect(region).toHaveTextContent('12-month term');
    expect(region).toHaveTextContent('Prices in Canadian dollars (CAD).');
  });

  it('labels the timing: post game wins over pre game, pre game alone is Pre Game', () => {
    const post = renderEstimate({ ...NO_TIMING, preGame: true, postGame: true, sports: ['mlb', 'pga'] });
    expect(lines(post)).toEqual([
      'BaseballPost Game$4,200.00Qty 1 × $4,200.00',
      'GolfPost Game$3,600.00Qty 1 × $3,600.00',
    ]);
    expect(post).toHaveTextContent('Annual total (before taxes)$7,800.00');
    expect(post).toHaveTextContent('Monthly$650.00');
  });

  it('prices Pre Game alone at $1,200 for every sport', () => {
    const pre = renderEstimate({ ...NO_TIMING, preGame: true, sports: ['nba', 'ncaafb'] });
    expect(lines(pre)).toEqual([
      'BasketballPre Game$1,200.00Qty 1 × $1,200.00',
      'College FootballPre Game$1,200.00Qty 1 × $1,200.00',
    ]);
  });

  it.each([
    ['no timing is chosen', { ...NO_TIMING, sports: ['nfl'] as const }],
    ['no sport is chosen', { ...NO_TIMING, liveGame: true, sports: [] as const }],
  ])('shows the empty state when %s', (_case, props) => {
    const region = renderEstimate(props);
    expect(region).toHaveTextContent('Choose a data timing and at least one sport to see the estimate.');
    expect(lines(region)).toEqual([]);
    expect(region).not.toHaveTextContent('Annual total');
  });
});
