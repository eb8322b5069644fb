import { vi } from 'vitest';

/** jsdom has no matchMedia; this one answers the dark-scheme query as told and nothing else. */
export function installMatchMedia(prefersDark: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('prefers-color-scheme: dark') ? prefersDark : false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
}

/**
 * A screen `width` px wide: answers the width queries of the theme's breakpoints (MUI writes them as
 * `(min-width:1200px)` and `(max-width:1199.95px)`) as a browser of that width would, and the dark-scheme
 * query as light.
 */
export function installScreenWidth(width: number): void {
  const holds = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, value]) =>
      bound === 'min' ? width >= Number(value) : width <= Number(value),
    );
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /-width/.test(query) && holds(query),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
}
