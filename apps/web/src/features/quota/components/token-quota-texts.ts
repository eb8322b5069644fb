// What API Token Details and its cap dialog say about a token's part of the quota (design §10): a module
// apart from ./quota-texts.ts, whose words ship in the dashboard's first load, so these do not.
import { formatCount, formatPercent, requests, usedTodayText } from './quota-texts';

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
