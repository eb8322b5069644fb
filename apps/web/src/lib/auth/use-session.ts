import { useState, useSyncExternalStore } from 'react';
import { getToken, subscribeToToken } from './session-store';

/** The current access token, or null when signed out. Re-renders on sign-in and sign-out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, getToken);
}

/**
 * Whether the user was already signed in when the page opened. Pages for signed-out visitors (sign-up,
 * forgot password) send such a user to the dashboard, but not once they sign in on the page itself:
 * registering signs in, and the page still has its confirmation to show.
 */
export function useSignedInOnArrival(): boolean {
  const [signedIn] = useState(() => getToken() !== null);
  return signedIn;
}
