// `useBlocker` for the declarative router (design §7): a screen holds navigations back while `shouldBlock`
// says so, and shows its own confirmation while the blocker is 'blocked'.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { BlockableHistory, BlockerState, ShouldBlock } from './blockable-history';

/** The history the app's router runs on (src/app/index.tsx; in tests, src/testing/render.tsx). */
export const BlockableHistoryContext = createContext<BlockableHistory | null>(null);

export interface Blocker {
  state: BlockerState;
  proceed: () => void;
  reset: () => void;
}

export function useBlocker(shouldBlock: ShouldBlock): Blocker {
  const history = useContext(BlockableHistoryContext);
  if (!history) throw new Error('useBlocker needs the app router’s BlockableHistoryContext');
  // The latest decision, read at each navigation, without reinstalling the blocker on every render.
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history.setBlocker((navigation) => latest.current(navigation)), [history]);
  const state = useSyncExternalStore(history.subscribeToBlocker, history.blockerState);
  return { state, proceed: history.proceed, reset: history.reset };
}
