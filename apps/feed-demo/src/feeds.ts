// The feeds this demo serves and the scope key each needs (spec §3, design §8): pre-game at /schedule
// ({sport}PreGame), live at /live ({sport}Live) and post-game at /boxscore ({sport}), for the REST
// sports — all as the portal grants them, through @datafeeds/verifier.
import { feedScopeKey, SPORTS_BY_API_TYPE, type FeedTiming, type ScopeKey } from '@datafeeds/verifier';

export const FEED_KINDS = ['schedule', 'live', 'boxscore'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const FEED_TIMINGS: Record<FeedKind, FeedTiming> = {
  schedule: 'preGame',
  live: 'live',
  boxscore: 'postGame',
};

export const REST_SPORTS = SPORTS_BY_API_TYPE.rest;
export type RestSport = (typeof REST_SPORTS)[number];

const FEED_NAMES: Record<FeedKind, string> = { schedule: 'pre-game', live: 'live', boxscore: 'post-game' };

export interface FeedRequest {
  feed: FeedKind;
  sport: RestSport;
  date: string;
  scope: ScopeKey;
}

export type FeedRequestProblem = { statusCode: 400 | 404; error: string; message: string };

function isRestSport(value: string): value is RestSport {
  return (REST_SPORTS as readonly string[]).includes(value);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** What a /api/v1/{feed}/{date}/{sport} request asks for, or why it cannot be served. */
export function resolveFeedRequest(
  feed: FeedKind,
  params: { date: string; sport: string },
): FeedRequest | FeedRequestProblem {
  if (!isCalendarDate(params.date)) {
    return {
      statusCode: 400,
      error: 'INVALID_DATE',
      message: `The date must be a calendar day written YYYY-MM-DD, got "${params.date}".`,
    };
  }
  const sport = params.sport.toLowerCase();
  if (!isRestSport(sport)) {
    return {
      statusCode: 404,
      error: 'UNKNOWN_SPORT',
      message: `There is no ${params.sport} feed. Sports: ${REST_SPORTS.map((code) => code.toUpperCase()).join(', ')}.`,
    };
  }
  const scope = feedScopeKey(sport, FEED_TIMINGS[feed]);
  if (scope === undefined) {
    return {
      statusCode: 404,
      error: 'FEED_NOT_FOUND',
      message: `${sport.toUpperCase()} has no ${FEED_NAMES[feed]} feed.`,
    };
  }
  return { feed, sport, date: params.date, scope };
}
