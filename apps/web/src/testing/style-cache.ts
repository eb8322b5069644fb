// Each test file renders its screens with its own style cache, whose <style> tags go when the file ends.
// With the shared default cache the style tags of every file run before stayed in the worker's document
// (test files share it, vitest.config.ts), and every getComputedStyle — which Testing Library's role and
// name queries call on each element they look at — walks all of them: later files grew slower than the
// first. A screen's styles are inserted again when it renders, so what a test sees is the same. (A cache
// per render cost more than it saved: each test inserted its styles again.)
import createCache, { type EmotionCache } from '@emotion/cache';

let fileCache: EmotionCache | undefined;

/** The style cache of the current test file, removed by removeRenderedStyles(). */
export function testStyleCache(): EmotionCache {
  fileCache ??= createCache({ key: 'css' });
  return fileCache;
}

/** Removes the style tags of the screens rendered so far; call once they are unmounted. */
export function removeRenderedStyles(): void {
  fileCache?.sheet.flush();
  fileCache = undefined;
}
