// Feed scope keys (spec §3) and the mapping between a token request, its scope and the dashboard's
// Description lines (design §3).
import type { SportCode } from './sports.ts';
import { SPORT_CODES, sportDescriptionName } from './sports.ts';

export const POST_GAME_SCOPE_KEYS = [
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
] as const;
export const LIVE_SCOPE_KEYS = [
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
] as const;
export const PRE_GAME_SCOPE_KEYS = [
  'nflPreGame',
  'mlbPreGame',
  'nbaPreGame',
  'nhlPreGame',
  'dartsPreGame',
  'ncaabbPreGame',
  'ncaafbPreGame',
  'pgaPreGame',
] as const;

export const SCOPE_KEYS = [...POST_GAME_SCOPE_KEYS, ...LIVE_SCOPE_KEYS, ...PRE_GAME_SCOPE_KEYS] as const;
export type ScopeKey = (typeof SCOPE_KEYS)[number];

/** A token's scope: every feed flag, true where the feed is enabled. */
export type Scope = Record<ScopeKey, boolean>;

export interface TimingSelection {
  liveGame: boolean;
  preGame: boolean;
  postGame: boolean;
}

export interface ScopeRequest extends TimingSelection {
  sports: readonly SportCode[];
}

function isScopeKey(key: string): key is ScopeKey {
  return (SCOPE_KEYS as readonly string[]).includes(key);
}

export function emptyScope(): Scope {
  return Object.fromEntries(SCOPE_KEYS.map((key) => [key, false])) as Scope;
}

/**
 * The keys one sport gets for the chosen timings. Live grants the live key and the post-game key (the
 * price table calls live "Real Time & Post Game"); Pre Game grants the pre-game key where one exists.
 */
export function scopeKeysForSport(sport: SportCode, timing: TimingSelection): ScopeKey[] {
  const wanted: string[] = [];
  if (timing.liveGame) wanted.push(`${sport}Live`, sport);
  if (timing.postGame) wanted.push(sport);
  if (timing.preGame) wanted.push(`${sport}PreGame`);
  return [...new Set(wanted)].filter(isScopeKey);
}

/** Sports of a request that would get no feed key at all (for example tennis with Pre Game only). */
export function sportsWithoutFeed(request: ScopeRequest): SportCode[] {
  return request.sports.filter((sport) => scopeKeysForSport(sport, request).length === 0);
}

/** A data feed's timings: pre-game, live and post-game (design §8). */
export type FeedTiming = 'preGame' | 'live' | 'postGame';

/** The scope key a data feed checks for one sport at one timing, or undefined when no such feed exists. */
export function feedScopeKey(sport: SportCode, timing: FeedTiming): ScopeKey | undefined {
  const key = timing === 'live' ? `${sport}Live` : timing === 'preGame' ? `${sport}PreGame` : sport;
  return isScopeKey(key) ? key : undefined;
}

export function scopeForRequest(request: ScopeRequest): Scope {
  const scope = emptyScope();
  for (const sport of request.sports) {
    for (const key of scopeKeysForSport(sport, request)) scope[key] = true;
  }
  return scope;
}

export const DESCRIPTION_LINE_LABELS = {
  live: 'Real Time',
  postGame: 'Post-Game',
  preGame: 'Pre-Game',
} as const;

export interface DescriptionLine {
  label: (typeof DESCRIPTION_LINE_LABELS)[keyof typeof DESCRIPTION_LINE_LABELS];
  /** Upper-case sport names, as the Description column shows them. */
  sports: string[];
  /** The sports joined by commas: the line's text after its label. */
  text: string;
}

function enabledSports(
  scope: Partial<Record<string, boolean>>,
  suffix: '' | 'Live' | 'PreGame',
): SportCode[] {
  return SPORT_CODES.filter((sport) => scope[`${sport}${suffix}`] === true);
}

/** The Description column: lines 'Real Time', 'Post-Game', 'Pre-Game', each only when it has sports. */
export function describeScope(scope: Partial<Record<string, boolean>>): DescriptionLine[] {
  const lines: [DescriptionLine['label'], SportCode[]][] = [
    [DESCRIPTION_LINE_LABELS.live, enabledSports(scope, 'Live')],
    [DESCRIPTION_LINE_LABELS.postGame, enabledSports(scope, '')],
    [DESCRIPTION_LINE_LABELS.preGame, enabledSports(scope, 'PreGame')],
  ];
  return lines
    .filter(([, sports]) => sports.length > 0)
    .map(([label, sports]) => {
      const names = sports.map(sportDescriptionName);
      return { label, sports: names, text: names.join(', ') };
    });
}
