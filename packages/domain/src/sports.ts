// The sport catalogue (spec §1, §3): codes, display names and which API type offers which sport.

export const SPORT_CODES = [
  'nfl',
  'mlb',
  'nba',
  'nhl',
  'ncaabb',
  'ncaafb',
  'darts',
  'soccer',
  'tennis',
  'pga',
] as const;
export type SportCode = (typeof SPORT_CODES)[number];

export const API_TYPES = ['rest', 'graphql'] as const;
export type ApiType = (typeof API_TYPES)[number];

export interface Sport {
  code: SportCode;
  /** What the sport is, for people: shown on the sport cards. */
  name: string;
  /** The league or tour the feed covers. */
  league: string;
}

export const SPORTS: Readonly<Record<SportCode, Sport>> = {
  nfl: { code: 'nfl', name: 'Football', league: 'NFL' },
  mlb: { code: 'mlb', name: 'Baseball', league: 'MLB' },
  nba: { code: 'nba', name: 'Basketball', league: 'NBA' },
  nhl: { code: 'nhl', name: 'Hockey', league: 'NHL' },
  ncaabb: { code: 'ncaabb', name: 'College Basketball', league: 'NCAA' },
  ncaafb: { code: 'ncaafb', name: 'College Football', league: 'NCAA' },
  darts: { code: 'darts', name: 'Darts', league: 'PDC' },
  soccer: { code: 'soccer', name: 'Soccer', league: 'Global' },
  tennis: { code: 'tennis', name: 'Tennis', league: 'ATP & WTA' },
  pga: { code: 'pga', name: 'Golf', league: 'PGA' },
};

/** Spec §3: REST offers nine sports, GraphQL nfl and mlb only. Tennis is named but offered by neither. */
export const SPORTS_BY_API_TYPE = {
  rest: ['nfl', 'nba', 'mlb', 'nhl', 'ncaabb', 'ncaafb', 'darts', 'soccer', 'pga'],
  graphql: ['nfl', 'mlb'],
} as const satisfies Record<ApiType, readonly SportCode[]>;

export const API_TYPE_LABELS: Readonly<Record<ApiType, string>> = {
  rest: 'REST',
  graphql: 'GraphQL',
};

export function isSportCode(value: string): value is SportCode {
  return (SPORT_CODES as readonly string[]).includes(value);
}

export function isSportOffered(apiType: ApiType, sport: SportCode): boolean {
  return (SPORTS_BY_API_TYPE[apiType] as readonly SportCode[]).includes(sport);
}

/** Upper-case sport name as the dashboard's Description column shows it. */
export function sportDescriptionName(sport: SportCode): string {
  return sport.toUpperCase();
}
