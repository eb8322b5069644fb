import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'verifier',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
  },
});
