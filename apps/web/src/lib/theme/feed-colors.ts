// One colour per feed (design §8 "Usage"), the same on every token and in every chart, legend and table
// that colours feeds. A sport has a hue of its own and its timings are shades of it (live the strongest,
// pre-game the palest), so "NFL Live" and "NFL Post-game" read as one sport. Red hues are left out: red
// means refused. Each shade is set by its luminance, not its HSL lightness (a yellow and a blue of one
// lightness differ threefold), so every colour keeps at least 3:1 against the paper of its display mode
// (WCAG 1.4.11 for graphics), as palette.ts does for text.
import { SPORT_CODES, USAGE_ANY_FEED, USAGE_FEEDS, type SportCode, type UsageFeed } from '@datafeeds/domain';
import type { PaletteMode } from '@mui/material/styles';

/** Hues from orange round to magenta, 30° apart, skipping the reds around 0°. */
const SPORT_HUES: Readonly<Record<SportCode, number>> = {
  nfl: 210,
  mlb: 30,
  nba: 120,
  nhl: 270,
  ncaabb: 60,
  ncaafb: 180,
  darts: 300,
  soccer: 150,
  tennis: 90,
  pga: 240,
};
const SATURATION = 0.7;

type Timing = 'live' | 'postGame' | 'preGame';

/**
 * Relative luminance of each timing's shade. Light mode (paper #FFFFFF): dark shades, contrast 7.5:1,
 * 4.8:1 and 3.3:1. Dark mode (paper #16242B): light shades, about 7:1, 4.6:1 and 3.2:1.
 */
const TIMING_LUMINANCE: Readonly<Record<PaletteMode, Record<Timing | 'any', number>>> = {
  light: { live: 0.09, postGame: 0.17, preGame: 0.27, any: 0.2 },
  dark: { live: 0.42, postGame: 0.26, preGame: 0.165, any: 0.22 },
};

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const amount = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - amount * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

const linear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);

/** WCAG relative luminance of an sRGB colour given as channels from 0 to 1. */
export function relativeLuminance([red, green, blue]: readonly [number, number, number]): number {
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((value) =>
      Math.round(value * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The colour of this hue and saturation whose luminance is `target` (luminance grows with lightness). */
function shadeWithLuminance(hue: number, saturation: number, target: number): string {
  let low = 0;
  let high = 1;
  for (let step = 0; step < 30; step += 1) {
    const middle = (low + high) / 2;
    if (relativeLuminance(hslToRgb(hue, saturation, middle)) < target) low = middle;
    else high = middle;
  }
  return toHex(hslToRgb(hue, saturation, (low + high) / 2));
}

function sportAndTiming(feed: Exclude<UsageFeed, typeof USAGE_ANY_FEED>): [SportCode, Timing] {
  for (const [suffix, timing] of [
    ['Live', 'live'],
    ['PreGame', 'preGame'],
  ] as const) {
    const sport = SPORT_CODES.find((code) => `${code}${suffix}` === feed);
    if (sport) return [sport, timing];
  }
  return [feed as SportCode, 'postGame'];
}

function colorsFor(mode: PaletteMode): Readonly<Record<UsageFeed, string>> {
  const luminance = TIMING_LUMINANCE[mode];
  const entries = USAGE_FEEDS.map((feed): [UsageFeed, string] => {
    // A verification that named no feed is grey: it belongs to no sport.
    if (feed === USAGE_ANY_FEED) return [feed, shadeWithLuminance(0, 0, luminance.any)];
    const [sport, timing] = sportAndTiming(feed);
    return [feed, shadeWithLuminance(SPORT_HUES[sport], SATURATION, luminance[timing])];
  });
  return Object.fromEntries(entries) as Record<UsageFeed, string>;
}

const FEED_COLORS: Readonly<Record<PaletteMode, Readonly<Record<UsageFeed, string>>>> = {
  light: colorsFor('light'),
  dark: colorsFor('dark'),
};

/** The colour of a feed in a display mode: the same on every token and in every chart and table. */
export function feedColor(feed: UsageFeed, mode: PaletteMode): string {
  return FEED_COLORS[mode][feed];
}
