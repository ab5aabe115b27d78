/**
 * The `test` every Chromium spec imports. Each Playwright worker starts its own server
 * (`server.ts`) on a fresh data folder, removed when the worker ends, so workers never see each
 * other's records; `baseURL` points at it and `E2E_DATA_DIR` names its folder (the demo
 * credentials are read from there).
 *
 * The specs' `page` and `context` are shared per worker and set of context options
 * (`tests/qa/shared-context.ts`): one renderer process serves the worker's tests, each starting
 * with cleared cookies and empty storage.
 *
 * When the suite runs under libfaketime (`scripts/test-clock-shift.sh`) Chromium itself runs on
 * the real clock — it stalls under libfaketime — so each browser context gets the runner's
 * (moved) wall clock through Playwright's clock emulation instead: page timers stay real,
 * `Date` shows the moved time.
 */
import fs from 'node:fs';
import { test as base, type BrowserContext } from '@playwright/test';
import { sharedContext, sharedContextPage } from '../qa/shared-context';
import { basePort, freePort, freshDataDir, startServer, type E2eServer } from './server';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page } from '@playwright/test';

/** Under libfaketime, a new context's clock is set to the runner's moved wall clock. */
async function movedClock(context: BrowserContext): Promise<void> {
  if (process.env.FAKETIME) await context.clock.setSystemTime(Date.now());
}

export const test = base.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    async ({}, use, workerInfo) => {
      const dataDir = freshDataDir();
      process.env.E2E_DATA_DIR = dataDir;
      try {
        // `E2E_PORT` fixes the ports (worker n on E2E_PORT + n); otherwise each server gets a free one.
        const port = process.env.E2E_PORT ? basePort() + workerInfo.parallelIndex : await freePort();
        const server = await startServer(port, dataDir);
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
  // The specs share one page per worker and set of context options (`sharedContextPage`).
  context: sharedContext('e2e', movedClock),
  page: sharedContextPage('e2e', movedClock),
});
