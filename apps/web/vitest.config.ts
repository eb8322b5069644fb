import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: import.meta.dirname,
      environment: 'jsdom',
      // build/: the size check's own logic (first load, sign-in chunk), on fake manifests and module graphs.
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      // Test files share each worker's jsdom and module cache: building a fresh jsdom and loading MUI again
      // for every file would cost more CPU than the tests themselves. The state that would carry over is
      // reset after every test (setup-tests.ts: session, analytics, storage, timers, DOM; restoreMocks and
      // unstubGlobals below), and each render builds its own query client and router.
      isolate: false,
      // Whole-form tests type into many fields; give them room on a busy machine.
      testTimeout: 20_000,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
