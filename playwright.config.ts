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
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'phone-chromium' }],
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
      LOG_LEVEL: 'warn',
      // A Monday, 11:30 India time: inside the deposit and withdrawal windows on any real day.
      CLOCK_START: '2026-11-23T06:00:00Z',
      // A 10-second shortest contract keeps the trade e2e short.
      UPDOWN_DURATIONS: '10:0.85,60:0.90,300:0.95',
      // A parallel build (another worktree task) may use its own output folder.
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
    },
  },
});
