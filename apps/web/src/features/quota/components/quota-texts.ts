// What the customer reads about the company's plan and today's use of it (design §10), in one place so
// the card, the banner and the tests say the same thing (API Token Details' and the cap dialog's, which
// are not on the dashboard's first load, are in ./token-quota-texts.ts). Numbers, shares and times
// are in the reader's locale ("1,234", "84%", "18:40" in en-US); the clock is always 24-hour HH:mm.
import {
  QUOTA_EXHAUSTED_PERCENT,
  QUOTA_WARNING_PERCENT,
  formatRelativeTime,
  planDisplayName,
  quotaResetText,
  BUSIEST_TOKEN_LINK,
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

export const formatCount = (count: number) => count.toLocaleString();
export const requests = (count: number) => `${formatCount(count)} ${count === 1 ? 'request' : 'requests'}`;

/** A whole percentage as the reader's locale writes it: "84%" in en-US, "84 %" in French. */
export const formatPercent = (percent: number) =>
  new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

/** A time of day on the reader's clock, 24-hour: "18:40". */
const formatClock = (at: string) =>
  new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );

// The dashboard's plan card.
export const PLAN_CARD_LABEL = 'Your plan';
export const planTitle = (name: string) => planDisplayName(name);
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
/** "…until midnight UTC (16:00 your time)": the quota counts UTC days, the reader lives on their own clock. */
export function quotaExhaustedText(resetsAt: string, now = new Date()): string {
  const tomorrow = new Date(resetsAt).toDateString() !== now.toDateString();
  return `Today's request limit is reached: the data feed refuses requests until ${quotaResetText(formatClock(resetsAt), tomorrow)}.`;
}
export const SEE_PLAN_LINK = 'See your plan';
export { BUSIEST_TOKEN_LINK };
export const DISMISS_WARNING = 'Dismiss';
