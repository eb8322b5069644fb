// The bounds of a plan's limits (design §10), the same for TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND and
// the operator's `plan create|update`: far above any real plan, so a typo (an extra zero or three) is
// refused rather than stored, and within what the columns hold (`rate_per_second` is an integer).
export const MAX_DAILY_QUOTA = 1_000_000_000_000;
export const MAX_RATE_PER_SECOND = 1_000_000;
