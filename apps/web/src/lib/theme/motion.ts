// Motion (design §7 "Motion"): the app follows the system's reduced-motion setting, live,
// as it follows the colour-scheme preference; there is no switch of its own in the app.
import { useSyncExternalStore } from 'react';
import type { Motion } from './theme';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function systemMotion(): Motion {
  return reducedMotionQuery()?.matches ? 'reduced' : 'full';
}

/** 'reduced' while the system asks for reduced motion, 'full' otherwise. */
export function useSystemMotion(): Motion {
  return useSyncExternalStore(subscribe, systemMotion, () => 'full');
}
