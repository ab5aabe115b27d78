/**
 * A page fixture whose tests share one page, in one browser context, per Playwright worker.
 * Each test starts with the context's cookies cleared and, at its first load, empty local and
 * session storage and the session and language it asked for (`openAs`, through a one-time
 * cookie that the context's init script reads); the listeners and routes a test added are
 * removed when it ends. Every load is a new document, so no script state carries over.
 *
 * Sharing the page keeps the tests in one renderer process: the app's scripts, styles and
 * fonts, V8's compiled code and Blink's decoded fonts stay there from test to test, where a new
 * page would start a new process and load, compile and decode them all again — the route
 * checks and case files open a few hundred pages. A failed test ends its worker, and with it
 * the context.
 */
import type { Browser, BrowserContext, Page, PlaywrightTestOptions } from '@playwright/test';

/** The project's context options a shared context is made with. */
type ContextOptionFixtures = Pick<PlaywrightTestOptions, 'baseURL' | 'viewport' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch' | 'locale' | 'timezoneId' | 'serviceWorkers' | 'reducedMotion'> & { browser: Browser };

/** The one-time cookie that carries a test's session and language to its first load. */
const INIT_COOKIE = 'qa-init';

/** The page events tests listen to: their listeners are removed when the test ends. */
const TEST_EVENTS = ['console', 'pageerror', 'request', 'response', 'requestfinished', 'requestfailed', 'dialog', 'framenavigated', 'load', 'domcontentloaded'] as const;

interface Shared {
  context: BrowserContext;
  page: Page;
  baseURL: string | undefined;
}

/** The worker's shared contexts by name (module state: one set per worker process). */
const contexts = new Map<string, Promise<Shared>>();

/** The base URL of each shared context, for {@link initOnFirstLoad}. */
const baseUrls = new WeakMap<BrowserContext, string | undefined>();

/**
 * Runs in every document of a shared context before its scripts: when the one-time cookie is
 * there (the test's first load), empties local and session storage, stores the session and
 * language as the app stores them, and deletes the cookie, so later loads of the same test
 * (a step that logs out or switches language) keep what the app did.
 */
function readInitCookie(cookieName: string) {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`));
  if (!match) return;
  document.cookie = `${cookieName}=; Max-Age=0; path=/`;
  const { token, lang } = JSON.parse(decodeURIComponent(match[1]!)) as { token: string; lang: string };
  sessionStorage.clear();
  localStorage.clear();
  if (token) localStorage.setItem('token', token);
  localStorage.setItem('lang', lang);
}

/**
 * Makes the next load of `page` start with `token` (none: a visitor) and `lang` stored.
 * @returns false when the page is not from a shared context (the caller sets them another way).
 */
export async function initOnFirstLoad(page: Page, token: string, lang: string): Promise<boolean> {
  const context = page.context();
  if (!baseUrls.has(context)) return false;
  const url = baseUrls.get(context) ?? page.url();
  await context.addCookies([{ name: INIT_COOKIE, value: encodeURIComponent(JSON.stringify({ token, lang })), url }]);
  return true;
}

/**
 * A test-scoped fixture function giving the worker's page in the context named `name`, made on
 * first use with the project's options; `prepare` runs once on the new context (e.g. a fixed
 * clock, an init script).
 */
export function sharedContextPage(name: string, prepare?: (context: BrowserContext) => Promise<void>) {
  return async ({ browser, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion }: ContextOptionFixtures, use: (page: Page) => Promise<void>) => {
    let shared = contexts.get(name);
    if (!shared) {
      shared = (async () => {
        const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion });
        baseUrls.set(context, baseURL);
        await context.addInitScript(readInitCookie, INIT_COOKIE);
        await prepare?.(context);
        return { context, page: await context.newPage(), baseURL };
      })();
      contexts.set(name, shared);
    }
    const entry = await shared;
    if (entry.page.isClosed()) entry.page = await entry.context.newPage();
    await entry.context.clearCookies();
    const { page } = entry;
    await use(page);
    for (const event of TEST_EVENTS) page.removeAllListeners(event);
    if (!page.isClosed()) await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
}
