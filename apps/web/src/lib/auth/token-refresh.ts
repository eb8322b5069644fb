// Keeps the short-lived access token fresh: POST /refresh (the refresh token is an httpOnly cookie)
// 60 s before the token expires, both on a timer and, as a safety net after a sleeping laptop, right
// before any request. Concurrent callers share one refresh, because the server rotates the cookie on
// every use and a second parallel refresh would look like reuse of a stolen token. Tabs share the
// stored token and the cookie too, so a Web Lock lets one tab at a time refresh, and a tab that waited
// takes the token the other stored instead of spending the already-used cookie.
import { auth } from '@datafeeds/domain/calls';
import { isHttpError } from '../api-errors';
import { httpCall } from '../transport/http-call';
import { tokenExpiresAt } from './jwt';
import { endSession, getToken, reloadStoredToken, setToken, subscribeToToken } from './session-store';

export const REFRESH_MARGIN_MS = 60_000;
const REFRESH_LOCK = 'datafeeds.token-refresh';

let refreshInFlight: Promise<string | null> | null = null;

async function requestNewToken(): Promise<string | null> {
  const tokenAtStart = getToken();
  let token: string;
  try {
    // The exchange alone, not the transport: the refresh cookie is its credential, not the token.
    ({ token } = await httpCall(auth.refresh, undefined, null));
  } catch (error) {
    // Refused: the session is over (spec §7). Offline: the next request tells the rest.
    if (isHttpError(error, 401)) endSession();
    return null;
  }
  // A logout that happened while the refresh was in flight wins over the new token.
  if (getToken() === null || tokenAtStart === null) return null;
  setToken(token);
  return token;
}

function withRefreshLock(work: () => Promise<string | null>): Promise<string | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

async function refreshUnlessAnotherTabDid(): Promise<string | null> {
  const current = reloadStoredToken();
  if (current !== null && !isRefreshDue(current)) return current;
  return requestNewToken();
}

/** The token in use once this tab (or another) has renewed a due one; null when it could not. */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= withRefreshLock(refreshUnlessAnotherTabDid).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function msUntilRefreshDue(token: string): number | null {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null ? null : expiresAt - REFRESH_MARGIN_MS - Date.now();
}

function isRefreshDue(token: string): boolean {
  const due = msUntilRefreshDue(token);
  return due !== null && due <= 0;
}

/** Refreshes first when the stored token expires within the margin. */
export async function refreshIfExpiringSoon(): Promise<void> {
  const token = getToken();
  if (token !== null && isRefreshDue(token)) await refreshAccessToken();
}

/** Schedules a refresh ahead of each token's expiry, for as long as the returned stop function is not called. */
export function startTokenRefreshTimer(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const token = getToken();
    if (token === null) return;
    const due = msUntilRefreshDue(token);
    if (due === null) return;
    timer = setTimeout(() => void refreshAccessToken(), Math.max(due, 0));
  };
  schedule();
  const unsubscribe = subscribeToToken(schedule);
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
