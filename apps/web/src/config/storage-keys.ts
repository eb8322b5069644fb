// Every localStorage and sessionStorage key the app writes. Prefixed so that nothing collides on a
// shared origin.

export const STORAGE_KEYS = {
  accessToken: 'datafeeds.token',
  colorMode: 'datafeeds.colorMode',
  /** sessionStorage: the day (its reset time) whose 80 % quota warning the user dismissed. */
  quotaWarningDismissed: 'datafeeds.quotaWarningDismissed',
} as const;
