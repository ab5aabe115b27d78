/**
 * The e2e `test` every spec imports. When the suite runs under libfaketime
 * (`scripts/test-clock-shift.sh`) Chromium itself runs on the real clock — it stalls
 * under libfaketime — so each browser context gets the runner's (moved) wall clock through
 * Playwright's clock emulation instead: page timers stay real, `Date` shows the moved time.
 */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use) => {
    if (process.env.FAKETIME) await context.clock.setSystemTime(Date.now());
    await use(context);
  },
});
