import { defineConfig } from 'vitest/config';

// One run for every Vitest suite; the browser suite is Playwright's (e2e/), the corpus suite has its own config.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, a single worker on a 2-core machine; most suites wait
    // on child processes, sockets and databases rather than the CPU, so two files at once halve the run.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'extract',
          root: 'packages/extract',
          include: ['src/**/*.test.ts', 'training/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: { name: 'sandbox', root: 'tools/sandbox', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vite.config.ts',
    ],
  },
});
