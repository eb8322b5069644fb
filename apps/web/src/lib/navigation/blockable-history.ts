// The router's history, with a way to hold a navigation back until the user confirms it (design §7: the
// app runs React Router's declarative router, whose first load is 16 kB gzip lighter than the data
// router, and only the data router has `useBlocker`). Links, `navigate()` and `<Navigate>` go through
// push and replace; the browser's back and forward buttons arrive as a POP, which has already moved the
// address, so a blocked one is undone with `go(-delta)` and replayed on proceed. A reload or leaving the
// site is the page's own `beforeunload` business.
import type { HistoryRouterProps, Location, To } from 'react-router';
import { parsePath } from 'react-router';

export type History = HistoryRouterProps['history'];

export type ShouldBlock = (navigation: { nextLocation: Location }) => boolean;

export type BlockerState = 'unblocked' | 'blocked';

export interface BlockableHistory extends History {
  /** Installs the one blocker (a second screen asking would be a bug); returns its removal. */
  setBlocker(shouldBlock: ShouldBlock): () => void;
  blockerState(): BlockerState;
  subscribeToBlocker(onChange: () => void): () => void;
  /** Carries out the navigation held back. */
  proceed(): void;
  /** Drops the navigation held back: the user stays. */
  reset(): void;
}

function locationOf(to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: '/', search: '', hash: '', ...path, state: state ?? null, key: 'pending' };
}

export function blockableHistory(history: History): BlockableHistory {
  let shouldBlock: ShouldBlock | null = null;
  let heldBack: (() => void) | null = null;
  /** A held-back POP being replayed: it goes through once. */
  let replayingPop = false;
  let undoingPop = false;
  const subscribers = new Set<() => void>();
  const notify = () => subscribers.forEach((subscriber) => subscriber());

  /**
   * Whether to hold `nextLocation` back; when so, `retry` is what proceeding does. A navigation arriving
   * while another is held back is asked about anew and replaces it: a redirect the blocker lets through
   * (the sign-in page after the session ended) is not swallowed by an open confirmation.
   */
  function holdsBack(nextLocation: Location, retry: () => void): boolean {
    const blocks = shouldBlock?.({ nextLocation }) ?? false;
    const wasHeld = heldBack !== null;
    heldBack = blocks ? retry : null;
    if (blocks || wasHeld) notify();
    return blocks;
  }

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push(to, state) {
      if (!holdsBack(locationOf(to, state), () => history.push(to, state))) history.push(to, state);
    },
    replace(to, state) {
      if (!holdsBack(locationOf(to, state), () => history.replace(to, state))) history.replace(to, state);
    },
    go: (delta) => history.go(delta),
    listen(listener) {
      return history.listen((update) => {
        if (update.action === 'POP' && undoingPop) {
          undoingPop = false;
          return;
        }
        const { delta } = update;
        const replay = () => {
          replayingPop = true;
          history.go(delta ?? 0);
        };
        if (update.action === 'POP' && replayingPop) replayingPop = false;
        // Without a delta (an entry the app did not create) the move cannot be undone: it goes through.
        else if (update.action === 'POP' && delta && holdsBack(update.location, replay)) {
          undoingPop = true;
          history.go(-delta);
          return;
        }
        listener(update);
      });
    },
    setBlocker(blocker) {
      shouldBlock = blocker;
      return () => {
        if (shouldBlock !== blocker) return;
        shouldBlock = null;
        if (heldBack) {
          heldBack = null;
          notify();
        }
      };
    },
    blockerState: () => (heldBack ? 'blocked' : 'unblocked'),
    subscribeToBlocker(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    proceed() {
      const retry = heldBack;
      if (!retry) return;
      heldBack = null;
      notify();
      retry();
    },
    reset() {
      if (!heldBack) return;
      heldBack = null;
      notify();
    },
  };
}
