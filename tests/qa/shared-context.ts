/**
 * A page fixture whose pages share one browser context per Playwright worker. Each test gets a
 * new page (closed after it) in that context, with the context's cookies cleared first; the
 * session and language are set per page before it loads (`openAs`), and sessionStorage is per
 * page. The app's scripts, styles and fonts then come from the context's cache and V8's code
 * cache instead of being fetched and compiled anew for every test — the route checks and case
 * files open a few hundred pages. A failed test ends its worker, and with it the context.
 */
import type { Browser, BrowserContext, Page, PlaywrightTestOptions } from '@playwright/test';

/** The project's context options a shared context is made with. */
type ContextOptionFixtures = Pick<PlaywrightTestOptions, 'baseURL' | 'viewport' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch' | 'locale' | 'timezoneId' | 'serviceWorkers' | 'reducedMotion'> & { browser: Browser };

/**
 * A test-scoped fixture function giving a new page in the worker's context named `name`, made on
 * first use with the project's options; `prepare` runs once on the new context (e.g. a fixed clock).
 */
export function sharedContextPage(name: string, prepare?: (context: BrowserContext) => Promise<void>) {
  return async ({ browser, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion }: ContextOptionFixtures, use: (page: Page) => Promise<void>) => {
    let context = contexts.get(name);
    if (!context) {
      context = (async () => {
        const made = await browser.newContext({ baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion });
        await prepare?.(made);
        return made;
      })();
      contexts.set(name, context);
    }
    const shared = await context;
    await shared.clearCookies();
    const page = await shared.newPage();
    await use(page);
    await page.close();
  };
}

/** The worker's shared contexts by name (module state: one set per worker process). */
const contexts = new Map<string, Promise<BrowserContext>>();
