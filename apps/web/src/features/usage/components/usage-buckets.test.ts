import { describe, expect, it } from 'vitest';
import { makeClientId, makeClientUsage } from '@/testing/fixtures';
import { daysPerBarFor, MIN_BAND_PX, usageBars } from './usage-buckets';

/** The plot of a 360 px phone: the collapsed sidebar, the paddings and the y axis take the rest. */
const PHONE_PLOT_WIDTH = 150;
const DESKTOP_PLOT_WIDTH = 1000;

describe('usage bars', () => {
  it('are weeks where days would be narrower than the minimum band, days elsewhere', () => {
    expect(daysPerBarFor(7, PHONE_PLOT_WIDTH)).toBe(1);
    expect(daysPerBarFor(30, PHONE_PLOT_WIDTH)).toBe(7);
    expect(daysPerBarFor(90, PHONE_PLOT_WIDTH)).toBe(7);
    expect(daysPerBarFor(30, DESKTOP_PLOT_WIDTH)).toBe(1);
    expect(daysPerBarFor(90, DESKTOP_PLOT_WIDTH)).toBe(7);
    expect(daysPerBarFor(90, 90 * MIN_BAND_PX)).toBe(1);
    // Not measured yet (or no ResizeObserver): days.
    expect(daysPerBarFor(90, 0)).toBe(1);
  });

  it('at 360 px a 30- or 90-day chart has a bar a week, each with 10 px or more (days had 5 and 1.7)', () => {
    for (const days of [30, 90]) {
      const bars = usageBars(
        makeClientUsage(makeClientId('x'), { days }),
        daysPerBarFor(days, PHONE_PLOT_WIDTH),
      );
      expect(bars.labels).toHaveLength(Math.ceil(days / 7));
      expect(PHONE_PLOT_WIDTH / bars.labels.length).toBeGreaterThanOrEqual(10);
    }
  });

  it('add the days up by week, the last week ending today and the first one shorter', () => {
    const usage = makeClientUsage(makeClientId('x'), {
      days: 30,
      feeds: { nflLive: () => 1, nfl: (index) => (index === 29 ? 5 : 0) },
      refused: (index) => (index < 2 ? 3 : 0),
    });
    const bars = usageBars(usage, 7);
    expect(bars.labels).toHaveLength(5);
    expect(bars.feeds).toEqual([
      { feed: 'nflLive', requests: [2, 7, 7, 7, 7] },
      { feed: 'nfl', requests: [0, 0, 0, 0, 5] },
    ]);
    expect(bars.refused).toEqual([6, 0, 0, 0, 0]);
    const format = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const day = (index: number) => new Date(`${usage.dates[index]}T00:00:00Z`);
    expect(bars.labels[4]).toBe(format.formatRange(day(23), day(29)));
    expect(bars.labels[0]).toBe(format.formatRange(day(0), day(1)));
    expect(bars.ticks).toEqual([0, 2, 9, 16, 23].map((index) => format.format(day(index))));
  });

  it('are the days themselves when a day has room', () => {
    const usage = makeClientUsage(makeClientId('x'), { days: 7, feeds: { nba: () => 2 } });
    expect(usageBars(usage, 1)).toMatchObject({ feeds: usage.feeds, refused: usage.refused });
  });
});
