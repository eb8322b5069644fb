// What the customer reads about the company's plan and today's use of it (design §10), in one place so
// the card, the banner, the token details and the tests say the same thing. Numbers, shares and times
// are in the reader's locale ("1,234", "84%", "18:40" in en-US); the clock is always 24-hour HH:mm.
import {
  QUOTA_EXHAUSTED_PERCENT,
  QUOTA_WARNING_PERCENT,
  capitalize,
  formatRelativeTime,
  type Quota,
} from '@datafeeds/domain';

/** Where the company stands today: no daily quota, below 80 %, from 80 %, or at (or over) 100 %. */
export type QuotaLevel = 'unlimited' | 'normal' | 'warning' | 'exhausted';

type QuotaStanding = Pick<Quota, 'plan' | 'usedToday'>;

export function quotaLevel({ plan, usedToday }: QuotaStanding): QuotaLevel {
  const { dailyQuota } = plan;
  if (dailyQuota === null) return 'unlimited';
  // Compared in whole numbers: 7 999 of 10 000 is 79.99 %, not yet amber.
  if (usedToday * 100 >= dailyQuota * QUOTA_EXHAUSTED_PERCENT) return 'exhausted';
  if (usedToday * 100 >= dailyQuota * QUOTA_WARNING_PERCENT) return 'warning';
  return 'normal';
}

/** The share of today's quota used, in whole percent rounded down (99.9 % is not 100 %), at most 100. */
export function usedPercent({ plan, usedToday }: QuotaStanding): number {
  if (plan.dailyQuota === null) return 0;
  if (plan.dailyQuota <= 0) return 100;
  return Math.min(100, Math.floor((usedToday * 100) / plan.dailyQuota));
}

const formatCount = (count: number) => count.toLocaleString();
const requests = (count: number) => `${formatCount(count)} ${count === 1 ? 'request' : 'requests'}`;

/** A whole percentage as the reader's locale writes it: "84%" in en-US, "84 %" in French. */
const formatPercent = (percent: number) =>
  new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

/** A time of day on the reader's clock, 24-hour: "18:40". */
const formatClock = (at: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );

// The dashboard's plan card.
export const PLAN_CARD_LABEL = 'Your plan';
export const planTitle = (name: string) => capitalize(name);
export const usedOfQuotaText = (usedToday: number, dailyQuota: number) =>
  `${formatCount(usedToday)} of ${formatCount(dailyQuota)} requests today`;
export const UNLIMITED_TEXT = 'Unlimited requests per day';
export const usedTodayText = (usedToday: number) => `${requests(usedToday)} today`;
export const rateText = (ratePerSecond: number | null) =>
  ratePerSecond === null
    ? 'No rate limit'
    : `Up to ${formatCount(ratePerSecond)} ${ratePerSecond === 1 ? 'request' : 'requests'} a second`;
export const progressLabel = (percent: number) =>
  `Today's requests: ${formatPercent(percent)} of the daily quota`;
export const forecastText = (exhaustedAt: string) =>
  `At this rate you reach the limit at ${formatClock(exhaustedAt)}`;
export const LIMIT_REACHED_TEXT = "You have reached today's limit. Requests are refused until it resets.";
export const UPGRADE_LIFTS_LIMITS = "A paid account lifts the trial's limits.";
export const PLAN_LOADING = 'Loading your plan';
export const PLAN_LOAD_FAILED = "Today's use of your plan could not be loaded.";

/** "Resets in 3 hours": when the day's count starts again (the next UTC midnight). */
export function resetsText(resetsAt: string, now = new Date()): string {
  const left = new Date(resetsAt).getTime() - now.getTime();
  if (left < 60_000) return 'Resets in less than a minute';
  return `Resets ${formatRelativeTime(resetsAt, now)}`;
}

// The banner on every signed-in page.
export const quotaWarningText = (percent: number) =>
  `You have used ${formatPercent(percent)} of today's requests.`;
export const quotaExhaustedText = (resetsAt: string) =>
  `Today's request limit is reached: the data feed refuses requests until ${formatClock(resetsAt)}.`;
export const SEE_PLAN_LINK = 'See your plan';
export const DISMISS_WARNING = 'Dismiss';

// API Token Details.
export const TOKEN_QUOTA_HEADING = "Today's requests";
export const TOKEN_QUOTA_LOAD_FAILED = "This token's requests today could not be loaded.";

/** "312 requests today · 4% of the company's use" (the share only once the company used any). */
export function tokenShareText(tokenUsed: number, companyUsed: number): string {
  if (companyUsed === 0) return usedTodayText(tokenUsed);
  const share = Math.round((tokenUsed * 100) / companyUsed);
  return `${usedTodayText(tokenUsed)} · ${formatPercent(share)} of the company's use`;
}

export function capText(dailyCap: number | null, dailyQuota: number | null): string {
  if (dailyCap !== null) return `Daily cap: ${requests(dailyCap)}`;
  return dailyQuota === null
    ? 'No daily cap — the plan has no daily quota'
    : "No daily cap — the plan's quota applies";
}
export const capReachedText =
  "This token reached its daily cap: its requests are refused until the day's count resets.";

// The cap dialog.
export const SET_CAP_BUTTON = 'Set daily cap';
export const CAP_DIALOG_TITLE = 'Daily cap';
export const CAP_FIELD_LABEL = 'Requests per day';
export const REMOVE_CAP_BUTTON = 'Remove cap';
export const SAVE_CAP_BUTTON = 'Save cap';
export const capHint = (dailyQuota: number | null) =>
  dailyQuota === null
    ? 'Counted per UTC day.'
    : `Lower than your plan's ${formatCount(dailyQuota)} a day. Counted per UTC day.`;
export const capSetText = (label: string, dailyCap: number) =>
  `${label} is now capped at ${requests(dailyCap)} a day`;
export const capRemovedText = (label: string) => `${label} no longer has a daily cap`;
export const CAP_SAVE_FAILED = 'The cap could not be saved. Check your connection and try again.';
