// The session: the access token, kept in localStorage (spec §3) and mirrored in memory so React can
// subscribe to it. Ending the session notifies listeners (the app clears its data cache there), which
// keeps "what logout clears" in one place.
import { STORAGE_KEYS } from '@/config/storage-keys';

type Listener = () => void;

const tokenListeners = new Set<Listener>();
const endListeners = new Set<Listener>();

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.accessToken);
  } catch {
    return null;
  }
}

let currentToken: string | null = readStoredToken();

function publish(token: string | null) {
  if (token === currentToken) return;
  currentToken = token;
  tokenListeners.forEach((listener) => listener());
}

export function getToken(): string | null {
  return currentToken;
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
  } catch {
    // Private mode or a full quota: the session still lasts for this tab.
  }
  publish(token);
}

/** Logs out locally: forgets the token and tells every listener to drop the signed-in user's data. */
export function endSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
  } catch {
    // Nothing stored, nothing to remove.
  }
  const hadToken = currentToken !== null;
  publish(null);
  if (hadToken) endListeners.forEach((listener) => listener());
}

/**
 * Takes the token another tab may have stored since this tab last looked (storage events arrive late),
 * and returns the token now in use.
 */
export function reloadStoredToken(): string | null {
  const stored = readStoredToken();
  if (stored !== null) publish(stored);
  return getToken();
}

export function subscribeToToken(listener: Listener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

export function onSessionEnd(listener: Listener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Another tab signed in or out: follow it, so two tabs never disagree about who is signed in. */
function followOtherTabs(event: StorageEvent) {
  if (event.key !== STORAGE_KEYS.accessToken && event.key !== null) return;
  const stored = readStoredToken();
  if (stored === null) endSession();
  else publish(stored);
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs);

/** Test helper: forget the in-memory state as a page reload would. */
export function resetSessionForTests(): void {
  currentToken = readStoredToken();
  tokenListeners.clear();
  endListeners.clear();
}
