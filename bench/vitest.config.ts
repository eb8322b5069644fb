// The benchmarks' own tests (root vitest.config.ts, project `bench`): what makes a bench line fail, and
// that the baselines do the same work as the portal. They never time anything.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'bench', root: import.meta.dirname, include: ['*/test/**/*.test.ts'] },
});
