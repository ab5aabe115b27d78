/**
 * Phone-grade delivery in Chromium at 390×844: the Content-Security-Policy refuses an inline
 * script and the page reports it (each route's own check is in the route checks), forms validate with the server-compiled
 * validators (no ajv compiler, no eval), the boot skeleton paints before any script, dark mode
 * follows the system and the /my switch, the app is installable (manifest + service worker)
 * and the offline banner shows.
 */
import { expect, test, type Page } from './test';
import { demoInvestor, shotPath } from './helpers';

/** Collects CSP violations (DOM event and console reports) from the first byte of every page. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function login(page: Page, who: { email: string; password: string }) {
  const response = await page.request.post('/api/user/login', { data: who });
  const { token } = ((await response.json()) as { data: { token: string } }).data;
  await page.goto('/page');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/** Opens a route and waits until the screen replaced the boot and loading skeletons. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.boot')).toHaveCount(0);
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
}

const withQuery = (path: string) =>
  path === '/marketDetails' ? '/marketDetails?symbol=RELIANCE' : path === '/newsDetails' ? '/newsDetails?id=1' : path;

// Every route, as its role and in de and en, is checked for CSP violations by the route checks
// (tests/cases/generated.spec.ts, the same listener); this test proves such a listener sees one.
test('an inline script is refused by the Content-Security-Policy and reported to the page', async ({ page }) => {
  const violations = await watchCsp(page);
  await visit(page, '/page');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 1';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(1);
  expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
  // The app's own routes add none: a visitor's and an investor's first screens.
  violations.length = 0;
  await visit(page, '/home');
  await login(page, demoInvestor());
  await visit(page, withQuery('/marketDetails'));
  expect(violations).toEqual([]);
});

test('forms validate with the precompiled validator module, never sending invalid data', async ({ page }) => {
  const violations = await watchCsp(page);
  const validatorLoads: string[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/ui/validators/')) validatorLoads.push(new URL(request.url()).pathname);
    if (request.url().includes('/api/user/register')) calls.push(request.url());
  });
  await page.goto('/register');
  await page.getByTestId('submit').click();
  await expect(page.locator('.field-error', { hasText: 'Darf nicht leer sein' })).toHaveCount(4);
  await page.getByLabel('E-Mail').fill('nicht-gueltig');
  await page.getByLabel('Passwort', { exact: true }).fill('Mein-Passwort-1');
  await page.getByLabel('Passwort bestätigen').fill('anders-123');
  await page.getByTestId('submit').click();
  await expect(page.getByText('E-Mail-Format fehlerhaft')).toBeVisible();
  await expect(page.getByText('Neues Passwort und Bestätigung stimmen nicht überein')).toBeVisible();
  expect(validatorLoads).toEqual(['/api/ui/validators/register.js']);
  expect(calls).toEqual([]);
  expect(violations).toEqual([]);
});

test('the boot skeleton paints from the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.locator('.boot-bar')).toHaveText('Nivesh');
  await expect(page.locator('.boot-card')).toHaveCount(3);
  await page.screenshot({ path: shotPath('delivery-boot-skeleton.png') });
  await context.close();
});

test('dark mode follows the system; /my switches it and remembers the choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, demoInvestor());
  await visit(page, '/my');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(11, 18, 32)');
  // A screen's blocks arrive one per frame after the first two: scroll once the theme switch is there.
  await page.getByTestId('theme-system').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('theme-system')).toBeInViewport();
  await page.screenshot({ path: shotPath('delivery-my-dark.png') });
  await page.getByTestId('theme-light').click();
  await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-checked', 'true');
  expect(await background()).toBe('rgb(243, 245, 248)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe('rgb(243, 245, 248)');
  await page.getByTestId('theme-system').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  expect(await background()).toBe('rgb(11, 18, 32)');
  await visit(page, '/home');
  await page.screenshot({ path: shotPath('delivery-home-dark.png') });
});

test('the first screens do not shift when their data arrives, and the entry screen\'s calls are made once', async ({ page }) => {
  await login(page, demoInvestor());
  // Slowed like a mid-range phone, so skeletons are on screen long enough to be replaced.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
        if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((source) => (source.node as Element | undefined)?.className).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const [path, ready] of [['/marketDetails?symbol=RELIANCE', 'quote-head'], ['/market', 'quotes-all'], ['/home', 'slide'], ['/bindBank', 'form-add']] as const) {
    const calls: string[] = [];
    const count = (request: { url: () => string; method: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() === 'POST') calls.push(url.pathname.slice(5));
    };
    page.on('request', count);
    await visit(page, path);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', count);
    // A live tick that changes a figure's width moves its own text by a few pixels (≈ 0.0001
    // each); a block arriving at another size than its skeleton moved the page by 0.05–0.18.
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
    const total = shifts.reduce((sum, line) => sum + Number(line.split(' ')[0]), 0);
    expect(total, `${path}: ${shifts.join(' | ')}`).toBeLessThan(0.005);
    if (path.startsWith('/marketDetails')) {
      // quote, stats and the Buy button's condition share one prefetched markets/getMarket.
      expect(calls.filter((name) => name === 'markets/getMarket')).toHaveLength(1);
      await expect(page.getByRole('link', { name: /Kaufen/ }).or(page.getByRole('button', { name: /Kaufen/ })).first()).toBeVisible();
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test.describe('installable', () => {
  test.use({ serviceWorkers: 'allow' });

  test('manifest with icons, a service worker that precaches the shell, the offline banner', async ({ page, context }) => {
    await page.goto('/page');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href!)).json()) as { display: string; start_url: string; icons: Array<{ sizes: string; purpose: string }> };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(precached).toContain('/index.html');
    expect(precached.some((url) => /^\/assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(precached.some((url) => url.startsWith('/api/') && !url.startsWith('/api/ui/'))).toBe(false);

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
});
