import type { AuditEvent } from '@datafeeds/domain';

export const ACTIVITY_TITLE = 'Activity';
export const ACTIVITY_SUBTITLE =
  'Security-relevant events of your company: sign-ins, password and profile changes, API tokens and upgrades.';
export const ALL_EVENTS = 'All events';
export const ACTIVITY_LOAD_FAILED = 'The activity could not be loaded. Check your connection and try again.';
export const NO_ACTIVITY = 'No activity yet.';
export const NO_MATCHING_ACTIVITY = 'No events match these filters.';
export const EXPORT_FAILED = 'The CSV file could not be downloaded. Try again.';
export const DATE_ORDER_ERROR = 'The start date must be on or before the end date.';

const ACTOR_NAMES = { operator: 'DataFeeds team', system: 'DataFeeds Portal', user: 'Unknown user' } as const;

/** Who acted, for people: their email, or the provider team / the portal. */
export function actorName(actor: AuditEvent['actor']): string {
  return actor.email ?? ACTOR_NAMES[actor.kind];
}

/** An event's detail in one line: "clientId: cli_…; fields: firstName, lastName". */
export function summariseDetail(detail: AuditEvent['detail']): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}
