// Words the console's customer screens share (design §11).
import type { CompanyAccountStatus } from '@datafeeds/domain';

export const CONSOLE_PRODUCT_NAME = 'DataFeeds console';

export const ACCOUNT_STATUS_LABELS: Readonly<Record<CompanyAccountStatus, string>> = {
  trial: 'Trial',
  paid: 'Paid',
  suspended: 'Suspended',
};

/** Chip colours; the label always names the status, the colour only repeats it. */
export const ACCOUNT_STATUS_COLORS: Readonly<Record<CompanyAccountStatus, 'info' | 'success' | 'error'>> = {
  trial: 'info',
  paid: 'success',
  suspended: 'error',
};

export const ACTION_FAILED = 'The action could not be done. Check your connection and try again.';
export const NOT_SET = '—';

/** The document title of a console screen. */
export function consoleTitle(screen: string): string {
  return `${screen} · ${CONSOLE_PRODUCT_NAME}`;
}

/** A limit for people: a number, or "Unlimited". */
export function limitText(limit: number | null): string {
  return limit === null ? 'Unlimited' : limit.toLocaleString('en');
}
