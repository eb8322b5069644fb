// Times as the token details and the Activity page show them: how long ago, and the exact time.
// A module of its own, so the sign-in page's first load (which imports format.ts) does not carry them.
import { EMPTY_DATE_TEXT } from './format.ts';

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago a time was, in words ("3 hours ago", "yesterday", "just now"); `now` is injectable for
 * tests. A time under a minute ago (or slightly in the future: clocks differ) reads "just now".
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date(), locale = 'en'): string {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return EMPTY_DATE_TEXT;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A time with its date and time of day, in the local format (a "last used" tooltip, an event's time). */
export function formatDateTime(value: string | Date, locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_DATE_TEXT;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A day in the same words as formatDateTime's ("Nov 26, 2026"), for a table that shows days beside
 * times (the console's): the two read alike, where formatDate's short numeric form ("11/26/2026") would
 * not.
 */
export function formatDay(value: string | Date, locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_DATE_TEXT;
  return date.toLocaleDateString(locale, { dateStyle: 'medium' });
}

/**
 * Not in the spec: when the day's quota starts again (design §10) — the next midnight UTC, the day the
 * quota counts — and on the reader's clock: "midnight UTC (16:00 your time)", "(09:00 tomorrow, your time)".
 */
export const quotaResetText = (localClock: string, tomorrow: boolean) =>
  `midnight UTC (${localClock}${tomorrow ? ' tomorrow,' : ''} your time)`;
