import { defineConfig } from 'vitest/config';

// The suites that read ../shared/corpus in place; .ci/run runs them when the corpus exists.
export default defineConfig({
  test: {
    include: ['packages/*/corpus/**/*.test.ts', 'apps/*/corpus/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
