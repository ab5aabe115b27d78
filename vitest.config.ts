import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure functions, renderer helpers) and `api` (a real server over HTTP
 * `inject` on a real SQLite file — or PostgreSQL when TEST_DB=pg).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PostgreSQL databases and SQLite files are per test file; files may run in parallel.
          fileParallelism: true,
        },
      },
    ],
  },
});
