import { vi } from 'vitest';

/** jsdom has no matchMedia; this one answers the dark-scheme query as told and nothing else. */
export function installMatchMedia(prefersDark: boolean): void {
  installSystemPreferences({ dark: prefersDark });
}

/**
 * A screen `width` px wide: answers the width queries of the theme's breakpoints (MUI writes them as
 * `(min-width:1200px)` and `(max-width:1199.95px)`) as a browser of that width would, and the dark-scheme
 * query as light.
 */
export function installScreenWidth(width: number): void {
  installSystemPreferences({ width });
}

/** Whether every width bound of `query` holds for a screen `width` px wide. */
const widthQueryHolds = (query: string, width: number) =>
  [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, value]) =>
    bound === 'min' ? width >= Number(value) : width <= Number(value),
  );

interface SystemPreferences {
  dark: boolean;
  reducedMotion: boolean;
}

const PREFERENCE_QUERIES: Record<keyof SystemPreferences, string> = {
  dark: '(prefers-color-scheme: dark)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
};

/**
 * The system's colour-scheme and reduced-motion settings, changeable during the test: `set` tells the
 * queries' listeners, as a browser does when the user changes a setting. With a `width`, the screen's
 * width queries are answered too (installScreenWidth).
 */
export function installSystemPreferences(initial: Partial<SystemPreferences> & { width?: number }) {
  const { width, ...settings } = initial;
  const current: SystemPreferences = { dark: false, reducedMotion: false, ...settings };
  const listeners = new Set<{ query: string; listener: (event: MediaQueryListEvent) => void }>();
  const preferenceOf = (query: string) =>
    (Object.keys(PREFERENCE_QUERIES) as (keyof SystemPreferences)[]).find((key) =>
      query.includes(PREFERENCE_QUERIES[key].slice(1, -1)),
    );
  const matches = (query: string) => {
    // Width queries hold only for a screen of a given width; none is given, none holds.
    if (/-width/.test(query)) return width !== undefined && widthQueryHolds(query, width);
    const preference = preferenceOf(query);
    return preference ? current[preference] : false;
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add({ query, listener }),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        for (const entry of listeners) if (entry.listener === listener) listeners.delete(entry);
      },
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
  return {
    set(changes: Partial<SystemPreferences>) {
      Object.assign(current, changes);
      for (const { query, listener } of [...listeners]) {
        listener({ matches: matches(query), media: query } as MediaQueryListEvent);
      }
    },
  };
}
