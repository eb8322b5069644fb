import { describe, expect, it } from 'vitest';
import { createAppTheme } from '@/lib/theme/theme';
import { makeClientId, makeClientUsage } from '@/testing/fixtures';
import { usageBars } from './usage-buckets';
import { usageSeries } from './usage-chart';

type UsageFixtureFeeds = NonNullable<Parameters<typeof makeClientUsage>[1]>['feeds'];

const colorsByFeed = (feeds: UsageFixtureFeeds, mode: 'light' | 'dark') => {
  const bars = usageBars(makeClientUsage(makeClientId('x'), { days: 7, feeds }), 1);
  return Object.fromEntries(usageSeries(bars, createAppTheme(mode)).map(({ id, color }) => [id, color]));
};

describe('usage chart series', () => {
  it.each(['light', 'dark'] as const)(
    'colour a feed alike on every token, whatever other feeds it has (%s mode)',
    (mode) => {
      const one = colorsByFeed({ nflLive: () => 1, mlb: () => 1 }, mode);
      const other = colorsByFeed({ nbaLive: () => 1, soccer: () => 1, mlb: () => 1, nflLive: () => 1 }, mode);
      expect(one.nflLive).toBe(other.nflLive);
      expect(one.mlb).toBe(other.mlb);
      expect(one.refused).toBe(createAppTheme(mode).palette.error.main);
      expect(new Set(Object.values(other)).size).toBe(5);
    },
  );
});
