import { describeAuditEvent, formatDateTime, type AuditEvent } from '@datafeeds/domain';

export const ACTIVITY_TITLE = 'Activity';
export const ACTIVITY_SUBTITLE =
  'Security-relevant events of your company: sign-ins, password and profile changes, API tokens and upgrades.';
export const ALL_EVENTS = 'All events';
export const ACTIVITY_LOAD_FAILED = 'The activity could not be loaded. Check your connection and try again.';
export const NO_ACTIVITY = 'No activity yet.';
export const NO_MATCHING_ACTIVITY = 'No events match these filters.';
export const EXPORT_FAILED = 'The CSV file could not be downloaded. Try again.';
export const DATE_ORDER_ERROR = 'The start date must be on or before the end date.';

/** What the event did, in the reader's words and local time (the CSV export says the same in UTC). */
export const eventSentence = (event: AuditEvent) => describeAuditEvent(event, formatDateTime);
