// Motion (design §7 "Motion"): the app follows the system's reduced-motion setting, live,
// as it follows the colour-scheme preference; there is no switch of its own in the app.
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Motion } from './theme';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** 'reduced' while the system asks for reduced motion, 'full' otherwise. */
export function useSystemMotion(): Motion {
  // noSsr: the setting is read at the first render, so a page never starts animated to stop at once.
  return useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true }) ? 'reduced' : 'full';
}
