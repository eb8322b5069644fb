import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';
import { USAGE_ANY_FEED_NAME, USAGE_FEEDS, usageFeedName } from './usage.ts';

describe('usage feed names', () => {
  it('names a feed by sport and timing', () => {
    expect(usageFeedName('nflLive')).toBe('NFL Live');
    expect(usageFeedName('nflPreGame')).toBe('NFL Pre-game');
    expect(usageFeedName('nfl')).toBe('NFL Post-game');
    expect(usageFeedName('ncaabbLive')).toBe('NCAABB Live');
    expect(usageFeedName('any')).toBe(USAGE_ANY_FEED_NAME);
  });

  it('gives every feed its own name', () => {
    const names = USAGE_FEEDS.map(usageFeedName);
    expect(new Set(names).size).toBe(USAGE_FEEDS.length);
    expect(names.filter((name, index) => name === USAGE_FEEDS[index])).toEqual([]);
  });
});

describe('relative time', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('says how long ago in the largest whole unit', () => {
    expect(formatRelativeTime('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-10T11:58:30.000Z', now)).toBe('1 minute ago');
    expect(formatRelativeTime('2026-03-09T11:00:00.000Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-02-20T12:00:00.000Z', now)).toBe('2 weeks ago');
    expect(formatRelativeTime('2026-03-10T11:59:40.000Z', now)).toBe('just now');
    expect(formatRelativeTime('not a date', now)).toBe('N/A');
  });
});
