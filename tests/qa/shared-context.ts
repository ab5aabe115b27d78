/**
 * Page and context fixtures whose tests share one page, in one browser context, per Playwright
 * worker and set of context options. Each test starts with the context's cookies cleared and,
 * at its first load, empty local and session storage — then the session and language it asked
 * for (`openAs`), through a one-time cookie that the context's init script reads; the
 * listeners, routes, permissions and offline state a test set are undone when it ends. Every
 * load is a new document, so no script state carries over. A test that changed the page in a
 * way that cannot be undone (an init script, an exposed function, emulated media, a viewport
 * or a DevTools session) leaves it to be closed: the next test gets a new page.
 *
 * Sharing the page keeps the tests in one renderer process: the app's scripts, styles and
 * fonts, V8's compiled code and Blink's decoded fonts stay there from test to test, where a new
 * page would start a new process and load, compile and decode them all again — the e2e suite,
 * the route checks and the case files open several hundred pages. A failed test ends its
 * worker, and with it the contexts.
 */
import type { Browser, BrowserContext, Page, PlaywrightTestOptions } from '@playwright/test';

/** The project's context options a shared context is made with. */
type ContextOptionFixtures = Pick<PlaywrightTestOptions, 'baseURL' | 'viewport' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch' | 'locale' | 'timezoneId' | 'serviceWorkers' | 'reducedMotion'> & { browser: Browser };

/** The one-time cookie that carries a test's storage reset (and session and language) to its first load. */
const INIT_COOKIE = 'qa-init';

/** The page events tests listen to: their listeners are removed when the test ends. */
const TEST_EVENTS = ['console', 'pageerror', 'request', 'response', 'requestfinished', 'requestfailed', 'dialog', 'framenavigated', 'load', 'domcontentloaded', 'popup', 'download', 'filechooser', 'websocket', 'worker'] as const;

/** Page methods whose effect outlives the test: a test that calls one gets the page closed after it. */
const LASTING_PAGE_CHANGES = ['addInitScript', 'exposeFunction', 'exposeBinding', 'emulateMedia', 'setViewportSize', 'setExtraHTTPHeaders'] as const;

interface Shared {
  context: BrowserContext;
  /** The page tests share; replaced when closed or changed for good. */
  page: Page | null;
  /** Set when the running test changed the page in a way that cannot be undone. */
  changed: boolean;
}

/** The worker's shared contexts by name and options (module state: one set per worker process). */
const contexts = new Map<string, Promise<Shared>>();

/** The base URL of each shared context: where its one-time cookie is set. */
const baseUrls = new WeakMap<BrowserContext, string>();

/**
 * Runs in every document of a shared context before its scripts: when the one-time cookie is
 * there (the test's first load), empties local and session storage, stores the session and
 * language if the test gave them, and deletes the cookie, so later loads of the same test (a
 * step that logs in, logs out or switches language) keep what the app did.
 */
function readInitCookie(cookieName: string) {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`));
  if (!match) return;
  document.cookie = `${cookieName}=; Max-Age=0; path=/`;
  const { token, lang } = JSON.parse(decodeURIComponent(match[1]!)) as { token?: string; lang?: string };
  sessionStorage.clear();
  localStorage.clear();
  if (token) localStorage.setItem('token', token);
  if (lang) localStorage.setItem('lang', lang);
}

/** Sets the one-time cookie of {@link readInitCookie} for the shared context's base URL. */
async function setInitCookie(context: BrowserContext, init: { token?: string; lang?: string }): Promise<void> {
  await context.addCookies([{ name: INIT_COOKIE, value: encodeURIComponent(JSON.stringify(init)), url: baseUrls.get(context)! }]);
}

/**
 * Makes the next load of `page` start with `token` (empty: a visitor) and `lang` stored.
 * @returns false when the page is not from a shared context (the caller sets them another way).
 */
export async function initOnFirstLoad(page: Page, token: string, lang: string): Promise<boolean> {
  const context = page.context();
  if (!baseUrls.has(context)) return false;
  await setInitCookie(context, { token, lang });
  return true;
}

/** The worker's shared context for `name` and these options, made on first use. */
function sharedEntry(name: string, { browser, baseURL, ...options }: ContextOptionFixtures, prepare?: (context: BrowserContext) => Promise<void>): Promise<Shared> {
  const key = `${name} ${JSON.stringify(options)} ${baseURL}`;
  let shared = contexts.get(key);
  if (!shared) {
    shared = (async () => {
      const context = await browser.newContext({ baseURL, ...options });
      baseUrls.set(context, baseURL ?? 'http://localhost');
      await context.addInitScript(readInitCookie, INIT_COOKIE);
      await prepare?.(context);
      const entry: Shared = { context, page: null, changed: false };
      // A DevTools session (CPU throttling, say) changes the page beyond what the test undoes.
      const newCDPSession = context.newCDPSession.bind(context);
      context.newCDPSession = (target) => {
        entry.changed = true;
        return newCDPSession(target);
      };
      return entry;
    })();
    contexts.set(key, shared);
  }
  return shared;
}

/** The entry's page, a new one when there is none yet or the last was closed. */
async function pageOf(entry: Shared): Promise<Page> {
  if (entry.page && !entry.page.isClosed()) return entry.page;
  const page = await entry.context.newPage();
  for (const method of LASTING_PAGE_CHANGES) {
    const original = (page[method] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      entry.changed = true;
      return original(...args);
    };
  }
  entry.page = page;
  return page;
}

/** Starts a test on the entry: cookies cleared, and the first load's storage emptied. */
async function startTest(entry: Shared): Promise<void> {
  await entry.context.clearCookies();
  await setInitCookie(entry.context, {});
}

/** Ends a test on the entry: what it added to the page undone, or the page closed. */
async function endTest(entry: Shared): Promise<void> {
  const page = entry.page;
  if (!page || page.isClosed()) return;
  if (entry.changed) {
    entry.changed = false;
    entry.page = null;
    await page.close();
    return;
  }
  for (const event of TEST_EVENTS) page.removeAllListeners(event);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

/**
 * A test-scoped `page` fixture function: the worker's page in the shared context named `name`
 * (made on first use with the project's options; `prepare` runs once on a new context, e.g. a
 * fixed clock or an init script).
 */
export function sharedContextPage(name: string, prepare?: (context: BrowserContext) => Promise<void>) {
  // Playwright reads the fixtures a fixture needs from its first parameter's destructuring.
  return async ({ browser, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion }: ContextOptionFixtures, use: (page: Page) => Promise<void>) => {
    const fixtures = { browser, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion };
    const entry = await sharedEntry(name, fixtures, prepare);
    const page = await pageOf(entry);
    await startTest(entry);
    await use(page);
    await endTest(entry);
  };
}

/**
 * A test-scoped `context` fixture function: the shared context named `name`, the one whose page
 * {@link sharedContextPage} gives, so a test that uses both gets its page's context. Permissions,
 * offline state and routes the test set on it are undone when it ends.
 */
export function sharedContext(name: string, prepare?: (context: BrowserContext) => Promise<void>) {
  return async ({ browser, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion }: ContextOptionFixtures, use: (context: BrowserContext) => Promise<void>) => {
    const fixtures = { browser, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers, reducedMotion };
    const entry = await sharedEntry(name, fixtures, prepare);
    await use(entry.context);
    await entry.context.clearPermissions();
    await entry.context.setOffline(false);
    await entry.context.unrouteAll({ behavior: 'ignoreErrors' });
  };
}
