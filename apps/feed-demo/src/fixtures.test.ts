import { describe, expect, it } from 'vitest';
import { FEED_KINDS, REST_SPORTS } from './feeds.ts';
import { fixtureFor } from './fixtures/index.ts';

const DATE = '2026-11-23';

describe('fixtureFor', () => {
  it.each(REST_SPORTS)('gives %s the same data for the same date every time', (sport) => {
    for (const feed of FEED_KINDS)
      expect(fixtureFor(sport, feed, DATE)).toEqual(fixtureFor(sport, feed, DATE));
    expect(fixtureFor(sport, 'live', DATE)).not.toEqual(fixtureFor(sport, 'live', '2026-11-24'));
  });

  it.each(REST_SPORTS)('starts every %s event on the requested date', (sport) => {
    const text = JSON.stringify(fixtureFor(sport, 'schedule', DATE));
    const times = [...text.matchAll(/"(?:startTime|teeTime)":"([^"]+)"/g)].map((match) => match[1]);
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time?.startsWith(DATE)).toBe(true);
  });

  it('tells the same story in the live feed and the box score', () => {
    const live = fixtureFor('nfl', 'live', DATE) as { games: { gameId: string; home: { team: string } }[] };
    const final = fixtureFor('nfl', 'boxscore', DATE) as typeof live;
    expect(live.games.map((game) => [game.gameId, game.home.team])).toEqual(
      final.games.map((game) => [game.gameId, game.home.team]),
    );
  });

  it('shows team games in progress, with a score and a clock', () => {
    const { games } = fixtureFor('nba', 'live', DATE) as { games: Record<string, unknown>[] };
    for (const game of games) {
      expect(game).toMatchObject({
        status: 'inProgress',
        periodName: 'quarter',
        clock: expect.stringMatching(/^\d\d:\d\d$/),
      });
      expect(game.home).toEqual({ team: expect.any(String), score: expect.any(Number) });
    }
  });

  it('ends team games with final scores that add up', () => {
    const { games } = fixtureFor('nhl', 'boxscore', DATE) as {
      games: { status: string; home: { score: number; scoreByPeriod: number[] }; away: { score: number } }[];
    };
    for (const game of games) {
      expect(game.status).toBe('final');
      expect(game.home.score).toBe(game.home.scoreByPeriod.reduce((sum, goals) => sum + goals, 0));
      expect(game.home.score).not.toBe(game.away.score);
    }
  });

  it('gives darts sets and legs, and golf a leaderboard', () => {
    const darts = fixtureFor('darts', 'live', DATE) as { matches: { players: Record<string, unknown>[] }[] };
    expect(darts.matches[0]?.players[0]).toEqual({
      name: expect.any(String),
      sets: expect.any(Number),
      legs: expect.any(Number),
      remaining: expect.any(Number),
    });
    const golf = fixtureFor('pga', 'boxscore', DATE) as {
      tournament: { leaderboard: { position: number }[] };
    };
    expect(golf.tournament.leaderboard.map((entry) => entry.position)).toEqual(
      golf.tournament.leaderboard.map((_, index) => index + 1),
    );
  });
});
