import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * e2e in Debian's Chromium at the reference phone viewport (390×844) against the real server
 * (built client, fresh SQLite data folder per run, demo mode for the local mailbox).
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config; keep one folder

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
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    // The service worker would serve screens stale-while-revalidate across tests;
    // only tests/e2e/delivery.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Under libfaketime (scripts/test-clock-shift.sh) Chromium stalls: it runs on the real
      // clock and tests/e2e/test.ts moves each page's clock instead.
      env: process.env.FAKETIME ? withoutFaketime(process.env) : undefined,
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    { name: 'phone-chromium', testDir: 'tests/e2e' },
    // QA: case files and cases generated from the schemas; `npm run test:cases`.
    {
      name: 'cases',
      testDir: 'tests/cases',
      snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
      expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.02 } },
    },
  ],
  webServer: {
    command: `node --import tsx src/server/main.ts`,
    url: `http://localhost:${port}/api/ui/screens/page`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NIVESH_MODE: 'demo',
      DATABASE_URL: '',
      CAPTCHA_PER_IP_PER_HOUR: '1000',
      // Every spec logs in and registers from one IP: the per-IP login budget (50 per 15 min)
      // would refuse the later specs; API tests cover the budget itself.
      LOGIN_PER_IP_PER_15MIN: '100000',
      LOG_LEVEL: 'warn',
      // A Monday, 11:30 India time: inside the deposit and withdrawal windows on any real day.
      CLOCK_START: '2026-11-23T06:00:00Z',
      // A 10-second shortest contract keeps the trade e2e short.
      UPDOWN_DURATIONS: '10:0.85,60:0.90,300:0.95',
      // IPO applications without an identity review (the identity e2e covers the review).
      IPO_REQUIRES_IDENTITY: '0',
      // A parallel build (another worktree task) may use its own output folder.
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
    },
  },
});
