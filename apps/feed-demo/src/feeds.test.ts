import { describe, expect, it } from 'vitest';
import { isCalendarDate, resolveFeedRequest } from './feeds.ts';
import { redactToken } from './logging.ts';

describe('resolveFeedRequest', () => {
  it.each([
    ['schedule', 'NFL', 'nflPreGame'],
    ['live', 'nfl', 'nflLive'],
    ['boxscore', 'Nba', 'nba'],
    ['live', 'SOCCER', 'soccerLive'],
    ['schedule', 'pga', 'pgaPreGame'],
  ] as const)('maps %s for %s to the scope %s, whatever the case', (feed, sport, scope) => {
    expect(resolveFeedRequest(feed, { date: '2026-11-23', sport })).toEqual({
      feed,
      sport: sport.toLowerCase(),
      date: '2026-11-23',
      scope,
    });
  });

  it.each([
    ['a sport no REST feed offers', 'live', 'tennis', 'UNKNOWN_SPORT'],
    ['an unknown sport', 'live', 'curling', 'UNKNOWN_SPORT'],
    ['a feed the sport does not have', 'schedule', 'soccer', 'FEED_NOT_FOUND'],
  ] as const)('answers 404 for %s', (_, feed, sport, error) => {
    expect(resolveFeedRequest(feed, { date: '2026-11-23', sport })).toMatchObject({ statusCode: 404, error });
  });

  it('answers 400 for a date that is not a calendar day', () => {
    expect(resolveFeedRequest('live', { date: '23-11-2026', sport: 'nfl' })).toMatchObject({
      statusCode: 400,
      error: 'INVALID_DATE',
    });
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-11-23', '2028-02-29', '1999-12-31'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-1-5', '20261123', 'today', '2026-11-23T00:00'])(
    'refuses %s',
    (date) => {
      expect(isCalendarDate(date)).toBe(false);
    },
  );
});

describe('redactToken', () => {
  it('cuts the RSC token out of a logged URL, wherever it sits in the query', () => {
    expect(redactToken('/api/v1/live/2026-11-23/NFL?RSC_token=dfsk_secret')).toBe(
      '/api/v1/live/2026-11-23/NFL?RSC_token=[redacted]',
    );
    expect(redactToken('/x?a=1&RSC_token=dfsk_secret&b=2')).toBe('/x?a=1&RSC_token=[redacted]&b=2');
    expect(redactToken('/health')).toBe('/health');
  });
});
