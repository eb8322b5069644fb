// The console's staff session (design §11 "Sessions"): the access token lives here, in memory, apart
// from the customer's session store, and is renewed with the console refresh cookie. A staff session and
// a customer session never share a token, a cookie or a 401. The transport holds it as `staffSession`.
import { ERROR_CODES } from '@datafeeds/domain';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { isHttpError } from '../api-errors';
import { httpCall } from '../transport/http-call';
import type { SessionSource } from '../transport/session-source';

let staffToken: string | null = null;
/** Why the session ended without the member signing out (a disabled account), for the sign-in page. */
let signedOutReason: string | null = null;
const listeners = new Set<() => void>();

export function getStaffToken(): string | null {
  return staffToken;
}

/** Keeps the staff access token; `reason` says why a session ended by itself (staffSignedOutReason). */
export function setStaffToken(token: string | null, reason: string | null = null): void {
  staffToken = token;
  signedOutReason = token === null ? reason : null;
  listeners.forEach((listener) => listener());
}

/**
 * The API's sentence for why the console's session ended by itself (design §11 "Ways back": the member
 * was disabled while a tab was open), or null; a new sign-in forgets it.
 */
export function staffSignedOutReason(): string | null {
  return signedOutReason;
}

export function onStaffTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the staff access token from the console refresh cookie; false when there is no session (a
 * refusal ends it, with the API's reason when the member was disabled). Throws when the API could not
 * answer. Concurrent callers share one renewal.
 */
export function refreshStaffSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      setStaffToken((await httpCall(staffConsole.consoleRefresh, undefined, null)).token);
      return true;
    } catch (error) {
      if (!isHttpError(error, 401)) throw error;
      setStaffToken(null, error.code === ERROR_CODES.staffDisabled ? (error.data?.message ?? null) : null);
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * The staff calls carry the token; nothing renews it before a request (it is short-lived, the session is
 * not: a 401 says it expired). A refused token is renewed from the refresh cookie, unless another call
 * has renewed it meanwhile, or the session has ended.
 */
export const staffSession: SessionSource = {
  owns: (access) => access.kind === 'staff',
  lends: () => false,
  token: async () => staffToken,
  async refresh(refused) {
    if (staffToken !== refused) return staffToken;
    return (await refreshStaffSession()) ? staffToken : null;
  },
  end() {
    // A refused refresh has already ended the session, with its reason: that reason stays.
    if (staffToken !== null) setStaffToken(null);
  },
};
