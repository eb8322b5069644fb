import { useSyncExternalStore } from 'react';
import { getToken, subscribeToToken } from './session-store';

/** The current access token, or null when signed out. Re-renders on sign-in and sign-out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, getToken);
}
