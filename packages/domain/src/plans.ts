// Plans and trial limits (design §10): zod-free, so the data feed's verifier reads the same words.
// A plan is a daily quota (requests per UTC day) and a rate (requests per second); null is unlimited.

export interface PlanLimits {
  /** Requests a company may have admitted per UTC day, or null: unlimited. */
  dailyQuota: number | null;
  /** Requests a company may have admitted per second, or null: unlimited. */
  ratePerSecond: number | null;
}

export interface Plan extends PlanLimits {
  name: string;
}

/** The plans every portal has: new companies start on `trial`; an approved upgrade defaults to `standard`. */
export const TRIAL_PLAN = 'trial';
export const STANDARD_PLAN = 'standard';
export const BUILT_IN_PLANS = [TRIAL_PLAN, STANDARD_PLAN] as const;

/** The trial plan's limits unless TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND say otherwise. */
export const DEFAULT_TRIAL_LIMITS: PlanLimits = { dailyQuota: 10_000, ratePerSecond: 10 };
/** The standard plan's limits when the portal first creates it: unlimited per day, 50 a second. */
export const DEFAULT_STANDARD_LIMITS: PlanLimits = { dailyQuota: null, ratePerSecond: 50 };

/**
 * The bounds of a plan's limits, the same for TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND, the operator's
 * `plan create|update` and the console's plans: far above any real plan, so a typo (an extra zero or
 * three) is refused rather than stored, and within what the columns hold (`rate_per_second` is an
 * integer).
 */
export const MAX_PLAN_DAILY_QUOTA = 1_000_000_000_000;
export const MAX_PLAN_RATE_PER_SECOND = 1_000_000;

/**
 * Both limits of a plan in a few words, for choosing one ("5,000 a day, 10 a second"; "no daily limit,
 * 50 a second"): the rate matters to a customer as much as the daily quota does.
 */
export function planLimitsText({ dailyQuota, ratePerSecond }: PlanLimits): string {
  const daily = dailyQuota === null ? 'no daily limit' : `${dailyQuota.toLocaleString('en-US')} a day`;
  const rate = ratePerSecond === null ? 'no rate limit' : `${ratePerSecond.toLocaleString('en-US')} a second`;
  return `${daily}, ${rate}`;
}

/**
 * A plan's name as people read it, the customer and the provider team alike ("Pro-5k" for `pro-5k`):
 * one rendering everywhere but where the name is typed (the CLI, the plan form, the API), so support
 * and the customer name the plan the same way (design §11).
 */
export function planDisplayName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A plan's name: lower-case letters, digits and dashes, as operators type it. */
export const PLAN_NAME_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;

/** The share of the day's quota at which the owner and admins are emailed, once a day each (design §10). */
export const QUOTA_NOTICE_THRESHOLDS = [80, 100] as const;
export type QuotaNoticeThreshold = (typeof QUOTA_NOTICE_THRESHOLDS)[number];

/** Where the customer's progress bar turns amber, and red (design §10). */
export const QUOTA_WARNING_PERCENT = 80;
export const QUOTA_EXHAUSTED_PERCENT = 100;

/** The start of the UTC day `atMs` falls in, and of the next one (when a day's quota resets). */
export function utcDayStartMs(atMs: number): number {
  return atMs - (((atMs % 86_400_000) + 86_400_000) % 86_400_000);
}
export function nextUtcDayStartMs(atMs: number): number {
  return utcDayStartMs(atMs) + 86_400_000;
}

/** The limit a token works under: the plan's, or the token's own cap where that is lower. */
export function effectiveDailyLimit(plan: PlanLimits, tokenDailyCap: number | null): number | null {
  if (tokenDailyCap === null) return plan.dailyQuota;
  return plan.dailyQuota === null ? tokenDailyCap : Math.min(plan.dailyQuota, tokenDailyCap);
}
