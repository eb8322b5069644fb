// One test runner for the whole repository; each workspace is a project. The API suite runs twice:
// once on the embedded PGlite database and once on the PostgreSQL server (design §7).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      './packages/domain/vitest.config.ts',
      './packages/verifier/vitest.config.ts',
      './apps/feed-demo/vitest.config.ts',
      './apps/web/vitest.config.ts',
      './bench/vitest.config.ts',
      {
        extends: './apps/api/vitest.config.ts',
        test: { name: 'api:pglite', env: { TEST_DATABASE: 'pglite' } },
      },
      {
        extends: './apps/api/vitest.config.ts',
        test: { name: 'api:postgres', env: { TEST_DATABASE: 'postgres' } },
      },
    ],
  },
});
