import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'feed-demo',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
  },
});
