import { describe, expect, it } from 'vitest';
import { SPORTS_BY_API_TYPE, SPORT_CODES, isSportOffered } from './sports.ts';
import { TOKEN_STATUS_COLORS, TOKEN_STATUS_LABELS, tokenStatusLabel } from './status.ts';
import { EMPTY_DATE_TEXT, capitalize, formatDate, personName, shortClientId } from './format.ts';
import * as constants from './constants.ts';

describe('sport catalogue (spec §3)', () => {
  it('has the ten sport codes', () => {
    expect([...SPORT_CODES].sort()).toEqual([
      'darts',
      'mlb',
      'nba',
      'ncaabb',
      'ncaafb',
      'nfl',
      'nhl',
      'pga',
      'soccer',
      'tennis',
    ]);
  });
  it('offers nine sports over REST and nfl, mlb over GraphQL', () => {
    expect([...SPORTS_BY_API_TYPE.rest].sort()).toEqual([
      'darts',
      'mlb',
      'nba',
      'ncaabb',
      'ncaafb',
      'nfl',
      'nhl',
      'pga',
      'soccer',
    ]);
    expect([...SPORTS_BY_API_TYPE.graphql]).toEqual(['nfl', 'mlb']);
    expect(isSportOffered('graphql', 'nba')).toBe(false);
    expect(isSportOffered('rest', 'tennis')).toBe(false);
  });
});

describe('token status labels (spec §4)', () => {
  it('labels every status', () => {
    expect(TOKEN_STATUS_LABELS).toEqual({
      active: 'Active',
      pending: 'Pending',
      review: 'Active (Under Review)',
      expired: 'Expired',
      inactive: 'Inactive',
    });
    expect(tokenStatusLabel('something-new')).toBe('something-new');
  });
  it('colours active green, expired amber and review blue', () => {
    expect(TOKEN_STATUS_COLORS.active).toBe('success');
    expect(TOKEN_STATUS_COLORS.expired).toBe('warning');
    expect(TOKEN_STATUS_COLORS.review).toBe('info');
  });
});

describe('formatting (spec §3)', () => {
  it('shows a token id by its last 5 characters', () => {
    expect(shortClientId('dfc_01HZXABCDEFGH12345')).toBe('12345');
  });
  it('keeps the last 5 characters whatever the id holds, and short ids whole', () => {
    expect(shortClientId('cli_team*ab12cd34')).toBe('2cd34');
    expect(shortClientId('abc')).toBe('abc');
  });
  it("shows empty dates as 'N/A'", () => {
    expect(EMPTY_DATE_TEXT).toBe('N/A');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate('2026-03-04T12:00:00Z', 'en-CA')).toBe('2026-03-04');
  });
  it('capitalises the first name', () => {
    expect(capitalize('ada')).toBe('Ada');
    expect(capitalize(' émile ')).toBe('Émile');
  });
  it('names a person with each part capitalised the same way, and no stray space', () => {
    expect(personName({ firstName: 'olivia', lastName: 'mason' })).toBe('Olivia Mason');
    expect(personName({ firstName: 'ada', lastName: '' })).toBe('Ada');
    expect(personName({ firstName: 'Jean-Luc', lastName: 'McAdam' })).toBe('Jean-Luc McAdam');
  });
});

describe('business constants (spec §9)', () => {
  it('keeps the spec values', () => {
    expect(constants.TRIAL_DAYS).toBe(30);
    expect(constants.SNACKBAR_AUTO_HIDE_MS).toBe(6000);
    expect([...constants.PAGE_SIZE_OPTIONS]).toEqual([5, 10, 15]);
    expect(constants.DEFAULT_PAGE_SIZE).toBe(5);
    expect(constants.UNPAGINATED_PAGE_SIZE).toBe(999);
    expect(constants.SHORT_ID_LENGTH).toBe(5);
    expect(constants.SIDEBAR_WIDTH_OPEN).toBe(280);
    expect(constants.SIDEBAR_WIDTH_COLLAPSED).toBe(87);
    expect(constants.REDIRECT_AFTER_REGISTRATION_MS).toBe(3000);
    expect(constants.REDIRECT_AFTER_WELCOME_MS).toBe(2000);
    expect(constants.SPORT_CARDS_PER_ROW).toBe(3);
    expect(constants.QUERY_CACHE_GC_MS).toBe(60_000);
    expect(constants.ANALYTICS_PAGE_VIEW_DELAY_MS).toBe(500);
    expect(constants.PRICE_TERM_MONTHS).toBe(12);
    expect(constants.PRICE_CURRENCY).toBe('CAD');
  });
});
