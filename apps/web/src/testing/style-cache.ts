// Each render gets its own style cache, whose <style> tags go when the test ends. With the shared default
// cache the style tags of every screen rendered before stayed in the worker's document (test files share
// it, vitest.config.ts), and every getComputedStyle — which Testing Library's role and name queries call
// on each element they look at — walks all of them: later tests grew slower than the first. A screen's
// styles are inserted again when it renders, so what a test sees is the same.
import createCache, { type EmotionCache } from '@emotion/cache';

const renderCaches: EmotionCache[] = [];

/** A fresh style cache for one render, removed by removeRenderedStyles(). */
export function testStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  renderCaches.push(cache);
  return cache;
}

/** Removes the style tags of the screens rendered so far; call once they are unmounted. */
export function removeRenderedStyles(): void {
  for (const cache of renderCaches.splice(0)) cache.sheet.flush();
}
