// How ids and dates are shown (spec §3).
import { SHORT_ID_LENGTH } from './constants.ts';

/**
 * The last 5 characters identify a token wherever it is named: the dashboard table, the dialogs and
 * their failure messages (spec §3, §8). Ids carry no asterisk, so the spec's "text after the last
 * asterisk" would name a token by its whole id; one rule keeps the message matching the table.
 */
export function shortClientId(id: string): string {
  return id.slice(-SHORT_ID_LENGTH);
}

export const EMPTY_DATE_TEXT = 'N/A';

/** A date in the local date format, or 'N/A' when empty or unreadable. */
export function formatDate(value: string | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return EMPTY_DATE_TEXT;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_DATE_TEXT;
  return date.toLocaleDateString(locale);
}

/** First name with a capital letter, for the dashboard title. */
export function capitalize(name: string): string {
  const trimmed = name.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

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
