// The MUI theme of spec §2 "Appearance". Font sizes are in rem (1rem = 16px); the spec's heading sizes
// 72/40/24/14/20 are read as CSS pixels, and h1/h2 shrink on narrow screens so 360 px never overflows.
// With reduced motion (design §7 "Motion") nothing slides, fades or ripples: every transition
// is 'none' and lasts 0 ms, so a dialog or the sidebar is at once where it ends.
import { createTheme, type PaletteMode, type Theme, type ThemeOptions } from '@mui/material/styles';
import { BREAKPOINTS } from '@/config/breakpoints';
import { gradients, paletteFor } from './palette';
import './theme-augmentation';

const rem = (px: number) => `${px / 16}rem`;

const mdUp = `@media (min-width:${BREAKPOINTS.md}px)`;
const smUp = `@media (min-width:${BREAKPOINTS.sm}px)`;

export type Motion = 'full' | 'reduced';

const DURATIONS = {
  shortest: 150,
  shorter: 200,
  short: 250,
  standard: 300,
  complex: 375,
  enteringScreen: 225,
  leavingScreen: 195,
};

const FULL_MOTION: ThemeOptions['transitions'] = { duration: DURATIONS };

// Every duration MUI reads set to 0, so no transition component waits for one.
const REDUCED_MOTION: ThemeOptions['transitions'] = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: Object.fromEntries(Object.keys(DURATIONS).map((name) => [name, 0])),
};

export function createAppTheme(mode: PaletteMode, motion: Motion = 'full'): Theme {
  const reduced = motion === 'reduced';
  return createTheme({
    palette: paletteFor(mode),
    gradients,
    breakpoints: { values: BREAKPOINTS },
    spacing: 8,
    shape: { borderRadius: 4 },
    transitions: reduced ? REDUCED_MOTION : FULL_MOTION,
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
      h1: {
        fontSize: rem(44),
        fontWeight: 700,
        lineHeight: 1.1,
        [smUp]: { fontSize: rem(56) },
        [mdUp]: { fontSize: rem(72) },
      },
      h2: { fontSize: rem(30), fontWeight: 700, lineHeight: 1.2, [mdUp]: { fontSize: rem(40) } },
      h3: { fontSize: rem(24), fontWeight: 600, lineHeight: 1.3 },
      h4: { fontSize: rem(14), fontWeight: 600, lineHeight: 1.4 },
      h5: { fontSize: rem(20), fontWeight: 600, lineHeight: 1.35 },
      h6: { fontSize: rem(16), fontWeight: 600, lineHeight: 1.4 },
      body1: { fontSize: rem(12), lineHeight: 1.6, [mdUp]: { fontSize: rem(13) } },
      body2: { fontSize: rem(11), lineHeight: 1.55, [mdUp]: { fontSize: rem(12) } },
      caption: { fontSize: rem(10), lineHeight: 1.5 },
      button: { fontSize: rem(14), fontWeight: 600, textTransform: 'none' },
    },
    components: {
      // The ripple is MUI's keyboard-focus mark too: without it, focus is shown by an outline.
      MuiButtonBase: reduced
        ? {
            defaultProps: { disableRipple: true },
            styleOverrides: {
              root: ({ theme }) => ({
                '&.Mui-focusVisible': {
                  outline: `2px solid ${theme.palette.primary.main}`,
                  outlineOffset: 2,
                },
              }),
            },
          }
        : {},
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiIconButton: {
        styleOverrides: { root: ({ theme }) => ({ borderRadius: theme.shape.borderRadius }) },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ theme }) => ({
            transition: theme.transitions.create('opacity', {
              duration: theme.transitions.duration.shortest,
            }),
            '&:hover': { opacity: 0.8 },
          }),
        },
      },
      // Alerts carry user data (an email address, a token's nickname) that may have no place to break:
      // let it wrap rather than scroll the message sideways on a phone.
      MuiAlert: { styleOverrides: { message: { minWidth: 0, overflowWrap: 'anywhere' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
