import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure functions, renderer helpers), `api` (a real server over HTTP
 * `inject` on a real SQLite file — or PostgreSQL when TEST_DB=pg) and `cluster`
 * (several server processes on PostgreSQL and Redis; `npm test` runs it when both answer).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 } },
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
      {
        // Real server processes on PostgreSQL + Redis (skipped when either is down).
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 400_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
