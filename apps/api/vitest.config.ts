// The API suite. The root config runs it twice, as projects api:pglite and api:postgres, by setting
// TEST_DATABASE; run alone it uses PGlite.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    // Vitest's default on 2 cores is one file at a time, while many files mostly wait (child processes,
    // timers, the PostgreSQL server). Each file has its own database (test/helpers/test-database.ts) and
    // Redis prefix, so they run side by side.
    maxWorkers: 4,
    // Files share their worker's modules instead of importing the app anew each (Fastify, Drizzle,
    // PGlite, zod schemas), so the imports load once per worker. What a file opens is closed after it
    // (helpers/setup.ts), so no state crosses files.
    isolate: false,
    // A pool setting of its own needs a group of its own: in a run with other projects, these go after.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/helpers/setup.ts'],
    globalSetup: ['./test/helpers/global-setup.ts'],
  },
});
