// The API suite. The root config runs it twice, as projects api:pglite and api:postgres, by setting
// TEST_DATABASE; run alone it uses PGlite.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/helpers/setup.ts'],
    globalSetup: ['./test/helpers/global-setup.ts'],
  },
});
