import { USAGE_FEEDS } from '@datafeeds/domain';
import type { PaletteMode } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { feedColor, relativeLuminance } from './feed-colors';
import { paletteFor } from './palette';

const channels = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16) / 255,
  Number.parseInt(hex.slice(3, 5), 16) / 255,
  Number.parseInt(hex.slice(5, 7), 16) / 255,
];
const contrast = (one: string, other: string) => {
  const [lighter, darker] = [relativeLuminance(channels(one)), relativeLuminance(channels(other))].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};
const MODES: PaletteMode[] = ['light', 'dark'];

describe('feed colours', () => {
  it.each(MODES)('give every feed its own colour in %s mode', (mode) => {
    const colors = USAGE_FEEDS.map((feed) => feedColor(feed, mode));
    expect(colors.every((color) => /^#[0-9a-f]{6}$/.test(color))).toBe(true);
    expect(new Set(colors).size).toBe(USAGE_FEEDS.length);
  });

  it.each(MODES)('keep 3:1 against the paper and differ from the refused red in %s mode', (mode) => {
    const palette = paletteFor(mode);
    const paper = palette.background?.paper ?? '';
    const refused = (palette.error as { main: string }).main.toLowerCase();
    for (const feed of USAGE_FEEDS) {
      expect(contrast(feedColor(feed, mode), paper), `${feed} on ${paper}`).toBeGreaterThanOrEqual(3);
      expect(feedColor(feed, mode)).not.toBe(refused);
    }
  });

  it("shade one sport's timings apart: live strongest, pre-game palest", () => {
    const luminance = (feed: (typeof USAGE_FEEDS)[number], mode: PaletteMode) =>
      relativeLuminance(channels(feedColor(feed, mode)));
    expect(luminance('nflLive', 'light')).toBeLessThan(luminance('nfl', 'light'));
    expect(luminance('nfl', 'light')).toBeLessThan(luminance('nflPreGame', 'light'));
    expect(luminance('nflLive', 'dark')).toBeGreaterThan(luminance('nfl', 'dark'));
    expect(luminance('nfl', 'dark')).toBeGreaterThan(luminance('nflPreGame', 'dark'));
  });
});
