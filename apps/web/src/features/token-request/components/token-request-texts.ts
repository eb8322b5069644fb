// The words of the New token screen (spec §2) that only this screen uses.
import type { TimingSelection } from '@datafeeds/domain';

export const PAGE_TITLE = 'New Token Request';
export const PAGE_SUBTITLE = 'Choose the data timing and the sports your new API token should cover.';

export const TRIAL_NOTE =
  "Trial keys contain current-season data only, or last season's if the sport is inactive.";

export interface TimingOption {
  name: keyof TimingSelection;
  label: string;
  /** The data tier the option adds (spec §2 "Data tiers"). */
  description: string;
}

export const TIMING_OPTIONS: readonly TimingOption[] = [
  {
    name: 'liveGame',
    label: 'Live Feed',
    description: 'Adds live scores, live box scores, and live player and team game-by-game data.',
  },
  {
    name: 'preGame',
    label: 'Pre Game',
    description: 'Has schedules, team and player info and stats, depth charts and injuries.',
  },
  {
    name: 'postGame',
    label: 'Post Game',
    description: 'Adds final and box scores, historical game-by-game data and available minutes.',
  },
];

export const TIMING_GROUP_LABEL = 'Data timing';
export const SPORTS_GROUP_LABEL = 'Sports';
export const SUBMIT_LABEL = 'Submit Request';

export const PRICE_HEADING = 'Price estimate';
export const PRICE_EMPTY = 'Choose a data timing and at least one sport to see the estimate.';
export const PRICE_ANNUAL_LABEL = 'Annual total (before taxes)';
export const PRICE_MONTHLY_LABEL = 'Monthly';
export const PRICE_CURRENCY_NOTE = 'Prices in Canadian dollars (CAD).';
export const priceTermLabel = (months: number) => `${months}-month term`;

export const RESULT_HEADING = 'Your new API token';
export const RESULT_INTRO =
  'Your token request was created. Use these credentials to call the DataFeeds API.';
/** Shown with the result while the owner's email is unverified (design §3: such tokens are pending). */
export const PENDING_NOTE =
  'This token stays Pending until you verify your email address with the link we sent you; then it becomes Active.';
export const GO_TO_DASHBOARD = 'Go to Dashboard';
export const REQUEST_ANOTHER = 'Request another token';
