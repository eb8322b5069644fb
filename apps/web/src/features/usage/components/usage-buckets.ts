// What one bar of the usage chart covers. A bar needs room to be read: below MIN_BAND_PX of chart width
// per day (a 360 px phone at 30 days, most screens at 90) the days are added up by week, the last week
// ending today, so the bars stay wide instead of turning into hairlines. The table keeps every day.
import type { ClientUsage, UsageFeed } from '@datafeeds/domain';
import { formatUsageDay } from './usage-texts';

/** The narrowest room (a bar and the gap beside it) a day may get before weeks are used. */
export const MIN_BAND_PX = 16;
const WEEK = 7;

export interface UsageBars {
  /** Days per bar: 1, or 7 (the first bar may cover fewer: the window is not always whole weeks). */
  daysPerBar: 1 | typeof WEEK;
  /** What each bar covers, as its tooltip says: "Mar 10", or a week's "Mar 4 – 10". */
  labels: string[];
  /** Each bar's tick on the axis: its first day, "Mar 4" (a week's whole range seldom fits under it). */
  ticks: string[];
  feeds: { feed: UsageFeed; requests: number[] }[];
  refused: number[];
}

/** Days per bar for a window of `days` drawn `plotWidth` px wide (0: not measured yet, days). */
export function daysPerBarFor(days: number, plotWidth: number): UsageBars['daysPerBar'] {
  return plotWidth > 0 && plotWidth / days < MIN_BAND_PX && days > WEEK ? WEEK : 1;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** The index ranges [start, end) of each bar, oldest first: whole weeks counted back from today. */
function barRanges(length: number, daysPerBar: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let end = length; end > 0; end -= daysPerBar) ranges.unshift([Math.max(0, end - daysPerBar), end]);
  return ranges;
}

export function usageBars(usage: ClientUsage, daysPerBar: UsageBars['daysPerBar']): UsageBars {
  if (daysPerBar === 1) {
    const labels = usage.dates.map(formatUsageDay);
    return {
      daysPerBar,
      labels,
      ticks: labels,
      feeds: usage.feeds,
      refused: usage.refused,
    };
  }
  const ranges = barRanges(usage.dates.length, daysPerBar);
  const add = (counts: readonly number[]) =>
    ranges.map(([start, end]) => counts.slice(start, end).reduce((total, count) => total + count, 0));
  const labels = ranges.map(([start, end]) => {
    const first = usage.dates[start] ?? '';
    const last = usage.dates[end - 1] ?? first;
    return dayFormat.formatRange(utcDay(first), utcDay(last));
  });
  return {
    daysPerBar,
    labels,
    ticks: ranges.map(([start]) => formatUsageDay(usage.dates[start] ?? '')),
    feeds: usage.feeds.map(({ feed, requests }) => ({ feed, requests: add(requests) })),
    refused: add(usage.refused),
  };
}
