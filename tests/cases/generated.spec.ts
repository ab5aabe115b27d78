/**
 * Cases generated at run time from every screen's layout + schemas, grouped by
 * screen in the report:
 * - forms: the smoke set — one generated case per widget kind and one empty submit
 *   (`smokeCaseNames` in `tests/qa/generate.ts`). Every generated form case (empty submit, one
 *   invalid value per constraint, a valid set) runs in jsdom against the same renderer in
 *   `tests/forms/generated-forms.test.tsx`; `QA_FORMS=all` runs them all here too;
 * - lists and details: the loading skeleton, then the empty state (the real answer with its
 *   lists emptied) without a fallback or a console error;
 * - every route in de and en: no missing message id, no console error, no CSP violation,
 *   axe-core with 0 serious/critical violations (at 390×844, in both languages: texts differ in
 *   length and so in layout), and a screenshot against the committed
 *   baseline (`tests/cases/__screenshots__/`, live figures masked).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type APIRequestContext, type Page } from '../e2e/test';
import { ROUTES } from '../../src/app/routes';
import { inSmokeSet } from '../qa/generate';
import { CaseStepError, runCase } from '../qa/execute';
import { api, prepare, type CaseSession } from '../qa/given';
import { messagesOf } from '../qa/messages';
import { blockOffer as makeBlockOffer, gatherPlan as makeGatherPlan, ipoIssue as makeIpoIssue, studioForm as makeStudioForm } from '../qa/offers';
import { axeFor, failingViolations } from '../qa/axe';
import { attachFailure, openAs, PageDriver } from '../qa/playwright-driver';
import { FIXED_QUERIES, findRouteQuery, needsQuery, querySources } from '../qa/route-query';
import { sharedContextPage } from '../qa/shared-context';
import { readLayout, type BlockData, type LayoutData } from '../qa/schemas';
import { needsFreshAccount, roleOf, routeForms, smokeSet, SUITE_ROUTES } from '../qa/suite';
import type { CaseRole } from '../qa/types';

/**
 * Pages come from contexts shared per worker (`sharedContextPage`): the route checks' with their
 * fixed clock, the form and list cases' with the real one.
 */
const test = base.extend<{ routePage: Page }>({
  routePage: sharedContextPage('routes', async (context) => {
    await context.clock.setFixedTime(new Date('2026-11-23T06:00:00Z'));
    await context.addInitScript(reportCspViolations);
  }),
  page: sharedContextPage('cases'),
});

/** Query a route needs to show real content, where a fixed one is known; others are found (`findRouteQuery`). */
const QUERY = FIXED_QUERIES;

const routes = SUITE_ROUTES;

/** Generated form cases by route, and the smoke set of them that runs here (all with `QA_FORMS=all`). */
const forms = new Map(routeForms().map((r) => [r.path, r]));
const smoke = smokeSet([...forms.values()]);
const inChromium = (path: string, name: string) => process.env.QA_FORMS === 'all' || inSmokeSet(smoke, path, name);

// One investor (bank bound, identity approved, 5,000 deposited, 1,000 of it asked back as a
// withdrawal so the withdrawal record screens have a record) and one operator login per
// worker: logins are reused, the generated suite stays lean.
let investor: Promise<CaseSession> | undefined;
async function sharedInvestor(request: APIRequestContext): Promise<CaseSession> {
  const session = await prepare(request, 'investor', { bank: true, identity: 'approved', funded: 5000 });
  const [bank] = await api<Array<{ id: string }>>(request, session.token, 'bank/get', {});
  await api(request, session.token, 'withdrawal', { amount: 1000, bankId: bank!.id });
  return session;
}
async function sessionFor(request: APIRequestContext, role: CaseRole): Promise<CaseSession> {
  if (role === 'visitor') return {};
  if (role === 'investor') {
    investor ??= sharedInvestor(request);
    return investor;
  }
  return prepare(request, role);
}

/**
 * Records made through the API when a list that links to a record screen is empty (a fresh
 * server has no plans, offers or IPOs): keyed by that list's call, each made once per worker,
 * whichever screen needs it first — so a screen run alone finds its record too.
 */
const operatorToken = async (request: APIRequestContext) => (await sessionFor(request, 'operator')).token;
const gatherPlan = async (request: APIRequestContext) => makeGatherPlan(request, (await operatorToken(request))!);
const blockOffer = async (request: APIRequestContext) => makeBlockOffer(request, (await operatorToken(request))!);
const ipoIssue = async (request: APIRequestContext) => makeIpoIssue(request, (await operatorToken(request))!);
const studioForm = async (request: APIRequestContext) => makeStudioForm(request, (await operatorToken(request))!);
const SEED: Record<string, (request: APIRequestContext) => Promise<unknown>> = {
  'admin/gather/list': gatherPlan,
  'gather/getList': gatherPlan,
  'blockTrading/list': blockOffer,
  'admin/blockTrading/list': blockOffer,
  'ipo/list': ipoIssue,
  'admin/ipo/list': ipoIssue,
  'admin/forms/list': studioForm,
};
const seeded = new Map<(request: APIRequestContext) => Promise<unknown>, Promise<unknown>>();
async function seedFor(request: APIRequestContext, path: string): Promise<boolean> {
  const seeders = [...new Set(querySources(path).map((source) => SEED[source.block.load.call]).filter((s) => s !== undefined))];
  for (const seeder of seeders) {
    if (!seeded.has(seeder)) seeded.set(seeder, seeder(request));
    await seeded.get(seeder);
  }
  return seeders.length > 0;
}

/**
 * The shared state every generated case sees, made once per worker before its first case — alone
 * or in the whole run, so a route's screenshot shows the same records either way: the
 * operator's login, the shared investor, and every `SEED` record. Each worker has a server of its
 * own (a new one after a failed case), so the state is made on a fresh database every time.
 */
async function prepareWorld(request: APIRequestContext): Promise<void> {
  await sessionFor(request, 'operator');
  await sessionFor(request, 'investor');
  for (const seeder of new Set(Object.values(SEED))) {
    if (!seeded.has(seeder)) seeded.set(seeder, seeder(request));
    await seeded.get(seeder);
  }
}

/**
 * The url a route is opened at: with a real record's query when its screen needs one (the
 * first row of a list linking to it, loaded as that list's screen is), found once per worker.
 */
const urls = new Map<string, Promise<string>>();
function urlOf(request: APIRequestContext, path: string): Promise<string> {
  let url = urls.get(path);
  if (!url) {
    const screenRole = (screen: string) => {
      const route = ROUTES.find((r) => r.screen === screen);
      return roleOf(`/${screen}`, route?.public, readLayout(screen));
    };
    url = (async () => {
      if (QUERY[path] !== undefined || !needsQuery(path.slice(1))) return `${path}${QUERY[path] ?? ''}`;
      const tokenFor = async (screen: string) => (await sessionFor(request, screenRole(screen))).token;
      let query = await findRouteQuery(request, path, tokenFor);
      if (query === undefined && (await seedFor(request, path))) query = await findRouteQuery(request, path, tokenFor);
      return `${path}${query ?? ''}`;
    })();
    urls.set(path, url);
  }
  return url;
}

/** Selectors of figures that move on their own (live prices, charts, clocks): masked in screenshots. */
const LIVE = '.live-num, canvas, .chart-preview, svg.sparkline, .sparkline, [class*="change"], [class*="market-status"], [data-testid="total-assets"], [data-testid="quote-row"], .carousel, time, .countdown, .avatar';

/**
 * Texts that differ from run to run although the screen does not: what the server or the run
 * makes at random (public uids `N1234567`, the runner's `@example.com` addresses, 12-digit UTRs,
 * record ids) and times of day (records are stamped by the server clock, which runs on from
 * CLOCK_START). Masked in screenshots; the dates themselves stay (the clock starts on a fixed day).
 */
const VOLATILE_TEXT = [/\bN\d{7}\b/, /@example\.com/, /\b\d{12}\b/, /\b\d{1,2}:\d{2}\b/, /\b[0-9a-f]{8}-[0-9a-f]{4}-/i, /\bqa-intercepted\b/];

/** The screenshot stylesheet: removes what comes and goes on its own timer (toasts) from the picture. */
const SCREENSHOT_CSS = fs.readFileSync(fileURLToPath(new URL('./screenshot.css', import.meta.url)), 'utf8');

/**
 * Adopts the screenshot stylesheet as a constructed stylesheet: Playwright's `stylePath` would
 * add an inline `<style>`, which the app's Content-Security-Policy (no inline styles) blocks; a
 * stylesheet built through the CSSOM is not markup the policy governs.
 */
async function adoptScreenshotStyle(page: Page) {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, SCREENSHOT_CSS);
}

/** Records the console errors (CSP violations among them, logged by `reportCspViolations`) and page errors of a page. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A refused call (4xx) is logged by Chromium as a failed resource: that is a state, not a fault.
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Logs every CSP violation of a document to its console, where {@link watch} sees it (an init script of the route checks' context). */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
  });
}

/** Waits until no skeleton is shown (the screen's calls answered). */
async function settled(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
  // Stylesheets loaded on demand (Noto Sans SC's faces, with the language list) applied and laid
  // out before waiting for the fonts they declare.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => document.fonts.ready);
  // Images (logos, banners, article pictures) decoded, so the screenshot does not catch one half-loaded.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** Visible texts that are message ids of the locale (a message shown untranslated). */
async function rawMessageIds(page: Page, lang: 'de' | 'en'): Promise<string[]> {
  const ids = new Set(Object.keys(messagesOf(lang)));
  const text = await page.locator('body').innerText();
  return [...new Set(text.match(/[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+/g) ?? [])].filter((word) => ids.has(word));
}

/** Replaces every array in a JSON answer by an empty one: the empty state of the same shape. */
function emptied(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'total' ? 0 : emptied(v)]));
  return value;
}


const LOADING_KINDS = new Set(['list', 'detail']);

// Cases are shared out one by one between the workers, in file order: each worker runs its
// route checks before any of its form cases, on a server of its own.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ request }) => {
  // An investor registered, verified and funded, and three offers, all through the API: on a
  // busy machine this takes longer than one case may.
  test.setTimeout(240_000);
  await prepareWorld(request);
});

// Every route in de and en — first, so each screenshot shows the prepared state only (the form
// cases below make fresh accounts that back-office lists would show).
for (const route of routes) {
  const screen = route.screen;
  const role = roleOf(route.path, route.public, readLayout(screen));
  test.describe(`screen ${screen}`, () => {
    for (const lang of ['de', 'en'] as const) {
      test(`route ${route.path} in ${lang}: messages, console, CSP, axe, screenshot`, async ({ routePage: page, request }) => {
        // axe over a long list and a stable screenshot take a while on a busy machine.
        test.setTimeout(120_000);
        const session = await sessionFor(request, role);
        const url = await urlOf(request, route.path);
        const problems = watch(page);
        await openAs(page, url, session.token, lang);
        await settled(page);
        // A public screen whose calls need a session sends a visitor to /page (code 501).
        expect(new URL(page.url()).pathname, 'the route stays open').toBe(route.path);
        expect(await rawMessageIds(page, lang), 'message ids shown untranslated').toEqual([]);
        // axe in each language: the markup is shared, but texts (and so names, wrapping and overlap) differ.
        const axe = await axeFor(page).analyze();
        expect(failingViolations(axe.violations), 'axe serious/critical violations').toEqual([]);
        // The app's own problems, before the screenshot: Playwright's disabled animations are
        // injected as an inline <style>, which the CSP (no inline styles) reports.
        expect([...problems], 'console errors and CSP violations').toEqual([]);
        await adoptScreenshotStyle(page);
        await expect(page).toHaveScreenshot(`${screen}-${lang}.png`, {
          mask: [page.locator(LIVE), ...VOLATILE_TEXT.map((text) => page.getByText(text))],
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.02,
          timeout: 30_000,
        });
      });
    }
  });
}

for (const route of routes) {
  const screen = route.screen;
  const layout = readLayout(screen);
  const role = roleOf(route.path, route.public, layout);

  test.describe(`screen ${screen}`, () => {
    // Forms: the smoke set.
    if (layout) {
      const generated = forms.get(route.path);
      if (generated?.error) {
        // A schema the generator cannot serve (e.g. no valid value set): this screen fails, the rest runs.
        test('form cases can be generated', () => {
          throw generated.error;
        });
      }
      for (const qaCase of (generated?.cases ?? []).filter((c) => inChromium(route.path, c.name))) {
        test(`form ${qaCase.name}`, async ({ page, request }, testInfo) => {
          // A form shown only in a starting state (e.g. the identity form before any
          // submission) needs an account still in it: a fresh one, set up as the case's
          // `given` says; the others use the shared session.
          const session = needsFreshAccount(qaCase, layout, role) ? await prepare(request, 'investor', qaCase.given) : await sessionFor(request, role);
          const url = await urlOf(request, route.path);
          const problems = watch(page);
          const driver = new PageDriver(page, url);
          if (qaCase.intercept) await driver.intercept(qaCase.intercept);
          await openAs(page, url, session.token, qaCase.lang ?? 'en');
          try {
            await runCase(qaCase, driver);
          } catch (error) {
            await attachFailure(page, testInfo, error instanceof CaseStepError ? `step ${error.stepIndex}` : 'failure');
            throw error;
          }
          expect(problems.filter((p) => !p.includes('qa-intercepted') && !/status of 401/.test(p))).toEqual([]);
        });
      }

      // Lists and details: skeleton while loading, then the empty state.
      const loading = layout.blocks.filter((b): b is BlockData & { load: { call: string } } => LOADING_KINDS.has(b.kind) && Boolean(b.load) && !b.when);
      if (loading.length) {
        test('lists and details: loading skeleton, then the empty state', async ({ page, request }) => {
          const session = await sessionFor(request, role);
          const url = await urlOf(request, route.path);
          expect(!needsQuery(screen) || url.includes('?'), `a record to open ${route.path} with (a list linking to it has rows)`).toBe(true);
          const problems = watch(page);
          const calls = new Set(loading.map((b) => b.load.call));
          // A call the role may not make (the gallery's back-office examples for the investor)
          // answers with a refusal: that block shows its error state, not the empty one.
          const codes = new Map<string, number>();
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route((u) => calls.has(new URL(u.toString()).pathname.replace(/^\/api\//, '')), async (routeCall) => {
            const answer = await routeCall.fetch();
            const body = (await answer.json()) as { code: number; data: unknown };
            codes.set(new URL(routeCall.request().url()).pathname.replace(/^\/api\//, ''), body.code);
            await held;
            await routeCall.fulfill({ response: answer, json: { ...body, data: emptied(body.data) } });
          });
          await openAs(page, url, session.token, 'en');
          await expect(page.locator('.skeleton').first(), 'a loading skeleton').toBeVisible();
          release();
          await settled(page);
          for (const block of loading) {
            if (block.kind === 'list' && typeof block.empty === 'string' && codes.get(block.load.call) === 200) {
              await expect(page.getByText(messagesOf('en')[block.empty]!.split('{')[0]!.trim()).first(), `empty state of ${block.id ?? block.load.call}`).toBeVisible();
            }
          }
          await expect(page.getByTestId('fallback')).toHaveCount(0);
          expect(problems).toEqual([]);
        });
      }
    }
  });
}
