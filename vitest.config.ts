import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (pure functions, renderer helpers), `forms` (the form cases generated
 * from the schemas, in jsdom against the renderer and a real server), `api` (a real server over HTTP
 * `inject` on a real SQLite file — or PostgreSQL when TEST_DB=pg) and `cluster` (several
 * server processes on PostgreSQL and Redis; `npm test` runs it when both answer).
 */
/** Testing Library waits for conditions long enough for a busy machine (jsdom projects). */
const TESTING_LIBRARY_SETUP = './tests/support/testing-library-setup.ts';

export default defineConfig({
  test: {
    // Test files in child processes (`forks`: better-sqlite3 and the servers' timers stay per
    // file), one per core. Vitest's own default leaves a core free, which on 2 cores means one
    // file at a time — but API files mostly wait on their server's database (SQLite in the same
    // process, PostgreSQL in another), so every core takes a file. `VITEST_MAX_WORKERS` overrides.
    pool: 'forks',
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || os.availableParallelism(),
    // Servers the tests start in child processes (workers, clusters) inherit this: the lowest
    // scrypt cost, as the suites register thousands of accounts.
    env: { PASSWORD_SCRYPT_N: '1024' },
    projects: [
      // `isolate: false`: a worker process keeps its loaded modules from one test file to the next.
      // Importing the server's modules anew for every file cost more CPU than most files' tests;
      // every file still builds its own server, database and clock, and module-level caches are
      // keyed by the database they serve or hold read-only data files.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000, isolate: false, setupFiles: [TESTING_LIBRARY_SETUP] } },
      {
        // Every generated form case in jsdom against the renderer, with a real server (SQLite) in process.
        test: { name: 'forms', include: ['tests/forms/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 60_000, hookTimeout: 120_000, setupFiles: [TESTING_LIBRARY_SETUP] },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Bounds for a stalled test, not expectations: a busy machine stretches every test.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PostgreSQL databases and SQLite files are per test file; files may run in parallel.
          fileParallelism: true,
          isolate: false,
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
