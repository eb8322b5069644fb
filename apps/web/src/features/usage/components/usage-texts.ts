import type { RefusedMeteredCode } from '@datafeeds/domain';

export const USAGE_HEADING = 'Usage';
export const USAGE_LOAD_FAILED = 'The usage of this API token could not be loaded.';
export const NO_VERIFICATIONS_HEADING = 'No verifications yet';
export const NO_VERIFICATIONS_TEXT =
  'The data feed has not verified this API token yet. Requests appear here once an application uses its credentials with a DataFeeds feed.';
export const noVerificationsInWindow = (days: number) =>
  `The data feed has not verified this API token in the last ${days} days.`;
export const REFUSED_SERIES = 'Refused';
/** A token keeps its usage across rotations (design §9): the client IDs it had before are named. */
export const earlierClientIdsText = (shortIds: readonly string[]) =>
  `Includes the requests of its earlier Client ID${shortIds.length === 1 ? '' : 's'}, before rotation: ${shortIds.join(', ')}`;

/** Why the data feed refused a verification of the token, for people. */
export const REFUSED_CODE_LABELS: Readonly<Record<RefusedMeteredCode, string>> = {
  PENDING: 'Pending (not yet active)',
  EXPIRED: 'Expired',
  INACTIVE: 'Inactive',
  SCOPE_DENIED: 'Feed not in scope',
  API_TYPE_DENIED: 'Wrong API type',
  QUOTA_EXCEEDED: 'Daily quota reached',
  RATE_LIMITED: 'Rate limit reached',
};

export const REFUSED_BY_REASON = 'Refused by reason';

/** What a refusal for a limit means, under its reason: the customer can act on these two. */
export const REFUSED_CODE_HINTS: Readonly<Partial<Record<RefusedMeteredCode, string>>> = {
  QUOTA_EXCEEDED: "Over the company's daily quota, or this token's own daily cap",
  RATE_LIMITED: 'More requests a second than the plan allows',
};

/** One reason's line: "1,234 · 62%" (its count and its share of the refused requests). */
export function refusedShareText(count: number, refused: number): string {
  const share = refused === 0 ? 0 : count / refused;
  const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
  return `${count.toLocaleString()} · ${percent}`;
}

/** A UTC day (YYYY-MM-DD) as the chart's axis and the table show it: "Mar 10". */
export function formatUsageDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
