import { describe, expect, it } from 'vitest';
import {
  LIVE_SCOPE_KEYS,
  POST_GAME_SCOPE_KEYS,
  PRE_GAME_SCOPE_KEYS,
  describeScope,
  scopeForRequest,
  scopeKeysForSport,
  sportsWithoutFeed,
} from './scopes.ts';

const enabled = (scope: Record<string, boolean>) =>
  Object.entries(scope)
    .filter(([, on]) => on)
    .map(([key]) => key)
    .sort();

describe('feed scope keys (spec §3)', () => {
  it('lists the post-game keys', () => {
    expect([...POST_GAME_SCOPE_KEYS]).toEqual([
      'mlb',
      'nba',
      'nfl',
      'nhl',
      'darts',
      'ncaabb',
      'ncaafb',
      'pga',
      'soccer',
      'tennis',
    ]);
  });
  it('lists the live keys', () => {
    expect([...LIVE_SCOPE_KEYS]).toEqual([
      'mlbLive',
      'nbaLive',
      'nflLive',
      'nhlLive',
      'dartsLive',
      'ncaabbLive',
      'ncaafbLive',
      'soccerLive',
      'pgaLive',
      'tennisLive',
    ]);
  });
  it('lists the pre-game keys (no tennis, no soccer)', () => {
    expect([...PRE_GAME_SCOPE_KEYS]).toEqual([
      'nflPreGame',
      'mlbPreGame',
      'nbaPreGame',
      'nhlPreGame',
      'dartsPreGame',
      'ncaabbPreGame',
      'ncaafbPreGame',
      'pgaPreGame',
    ]);
  });
});

describe('scopeForRequest (design §3)', () => {
  it('live grants the live and the post-game key', () => {
    expect(scopeKeysForSport('nfl', { liveGame: true, preGame: false, postGame: false })).toEqual([
      'nflLive',
      'nfl',
    ]);
  });
  it('post game grants the sport key, pre game the PreGame key', () => {
    const scope = scopeForRequest({ liveGame: false, preGame: true, postGame: true, sports: ['mlb', 'pga'] });
    expect(enabled(scope)).toEqual(['mlb', 'mlbPreGame', 'pga', 'pgaPreGame']);
  });
  it('holds every key, false where not granted', () => {
    const scope = scopeForRequest({ liveGame: true, preGame: false, postGame: false, sports: ['soccer'] });
    expect(Object.keys(scope)).toHaveLength(28);
    expect(enabled(scope)).toEqual(['soccer', 'soccerLive']);
    expect(scope.nfl).toBe(false);
  });
  it('pre game skips sports without a pre-game key', () => {
    const request = {
      liveGame: false,
      preGame: true,
      postGame: false,
      sports: ['nfl', 'soccer', 'tennis'] as const,
    };
    expect(enabled(scopeForRequest({ ...request, sports: [...request.sports] }))).toEqual(['nflPreGame']);
    expect(sportsWithoutFeed({ ...request, sports: [...request.sports] })).toEqual(['soccer', 'tennis']);
  });
  it('finds no sport without feed when post game is on', () => {
    expect(sportsWithoutFeed({ liveGame: false, preGame: true, postGame: true, sports: ['soccer'] })).toEqual(
      [],
    );
  });
});

describe('describeScope: the Description column', () => {
  it('lists Real Time, Post-Game and Pre-Game lines with upper-case sports', () => {
    const scope = scopeForRequest({
      liveGame: true,
      preGame: true,
      postGame: true,
      sports: ['nfl', 'ncaabb'],
    });
    expect(describeScope(scope)).toEqual([
      { label: 'Real Time', sports: ['NFL', 'NCAABB'], text: 'NFL, NCAABB' },
      { label: 'Post-Game', sports: ['NFL', 'NCAABB'], text: 'NFL, NCAABB' },
      { label: 'Pre-Game', sports: ['NFL', 'NCAABB'], text: 'NFL, NCAABB' },
    ]);
  });
  it('leaves out empty lines', () => {
    expect(describeScope({ mlbPreGame: true, mlb: false })).toEqual([
      { label: 'Pre-Game', sports: ['MLB'], text: 'MLB' },
    ]);
    expect(describeScope({})).toEqual([]);
  });
  it('round-trips a request through its scope', () => {
    const scope = scopeForRequest({
      liveGame: false,
      preGame: false,
      postGame: true,
      sports: ['darts', 'tennis'],
    });
    expect(describeScope(scope)).toEqual([
      { label: 'Post-Game', sports: ['DARTS', 'TENNIS'], text: 'DARTS, TENNIS' },
    ]);
  });
});
