import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Chromium tests in Debian's Chromium at the reference phone viewport (390×844) against the
 * real server with the built client. There is no shared `webServer`: every worker starts its own
 * server on a fresh SQLite data folder (`tests/e2e/test.ts`), so workers run side by side and
 * no run leaves a folder behind. `E2E_WORKERS` sets the number of workers (default: one per
 * core, at most 2 — each worker is a server plus a Chromium).
 *
 * Projects: `phone-chromium` (the e2e suite), `cases` (QA case files and the cases generated
 * from the schemas; `npm run test:cases`) and `docs-screenshots` (the phone pictures of
 * `docs/screenshots/`, which assert nothing: `npm run docs:screenshots`, not part of `npm test`).
 * `npm test` runs them with `--trace=off` (a trace films every test as it runs, at a large share of
 * the browser's CPU); `npm run test:e2e` keeps the trace of a failed test.
 */
// One id per run (workers re-read this file with the runner's environment): its data folders
// are `/tmp/nivesh-e2e-<id>-*`, all removed by the global teardown.
process.env.E2E_RUN_ID ??= randomBytes(4).toString('hex');

const DOCS_SCREENSHOTS = ['**/screenshots.spec.ts', '**/markets-screenshots.spec.ts'];

/** The environment without libfaketime's preload, for Chromium. */
function withoutFaketime(env: NodeJS.ProcessEnv): Record<string, string> {
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...rest } = env;
  return Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => e[1] !== undefined));
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || Math.min(2, os.availableParallelism()),
  retries: 0,
  globalTeardown: './tests/e2e/global-teardown.ts',
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    // The service worker would serve screens stale-while-revalidate across tests; only
    // tests/e2e/delivery.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // The app honours reduced motion (no shimmer, spinner, pulse or transition runs): a running
    // animation makes Chromium raster and composite a frame per display refresh, CPU taken from
    // the tests beside it. Screenshots stop animations themselves; no test asserts one.
    reducedMotion: 'reduce',
    launchOptions: {
      // Under libfaketime (scripts/test-clock-shift.sh) Chromium stalls: it runs on the real
      // clock and tests/e2e/test.ts moves each page's clock instead.
      env: process.env.FAKETIME ? withoutFaketime(process.env) : undefined,
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    // The e2e suite renders at one device pixel per CSS pixel (a quarter of the pixels to raster
    // and encode); its pictures for people — `SCREENSHOTS_DIR` set — at the phone's two.
    { name: 'phone-chromium', testDir: 'tests/e2e', testIgnore: DOCS_SCREENSHOTS, use: { deviceScaleFactor: process.env.SCREENSHOTS_DIR ? 2 : 1 } },
    { name: 'docs-screenshots', testDir: 'tests/e2e', testMatch: DOCS_SCREENSHOTS },
    {
      // One device pixel per CSS pixel, as the e2e suite: the route checks' baselines are drawn
      // at 390×844 (a quarter of the pixels to raster, encode and compare at every check).
      name: 'cases',
      testDir: 'tests/cases',
      use: { deviceScaleFactor: 1 },
      snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
      expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.02 } },
    },
  ],
});
