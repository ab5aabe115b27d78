/**
 * Markets end to end on a phone-sized Chromium: /home's indices move within
 * 3 s, the market list ticks, search finds 'Reliance' by 'relia', the detail chart renders
 * every range, a star puts the stock in /userMarket, a news article opens, pull-to-refresh
 * reloads, and the live stream reconnects after the server restarts.
 */
import fs from 'node:fs';
import { expect, test, type Page } from './test';
import { openWithSession, registerByApi } from './helpers';
import { basePort, freePort, freshDataDir, startServer } from './server';

const texts = (page: Page, testId: string) => page.getByTestId(testId).allInnerTexts();

test('home shows NIFTY 50 and SENSEX moving live, banners, rankings and news', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/home');
  await expect(page.getByTestId('simulated-label')).toHaveText('Simulierte Kurse');
  const cards = page.getByTestId('index-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('NIFTY 50');
  await expect(cards.nth(1)).toContainText('SENSEX');
  const before = await texts(page, 'index-value');
  const started = Date.now();
  await expect
    .poll(async () => {
      const now = await texts(page, 'index-value');
      return now[0] !== before[0] && now[1] !== before[1];
    }, { timeout: 3_000, intervals: [100] })
    .toBe(true);
  expect(Date.now() - started).toBeLessThan(3_000);
  await expect(page.getByTestId('slide').first()).toBeVisible();
  await expect(page.getByTestId('tabs-rankings').getByTestId('quote-row').first()).toBeVisible();
  await page.getByTestId('tabs-rankings').getByRole('tab', { name: 'Meistgehandelt' }).click();
  await expect(page.getByTestId('tabs-rankings').getByTestId('quote-row')).toHaveCount(5);
  await expect(page.getByTestId('news-item').first()).toBeVisible();
});

test('the market list ticks and sorts; pull-to-refresh reloads it', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/market');
  const rows = page.getByTestId('quote-row');
  // Every listed instrument (52 from the NSE data, plus IPOs listed by earlier specs).
  const listed = ((await (await request.post('/api/markets/getAllMarkets')).json()) as { data: unknown[] }).data.length;
  expect(listed).toBeGreaterThanOrEqual(52);
  await expect(rows).toHaveCount(listed);
  const before = await texts(page, 'quote-price');
  await expect.poll(async () => (await texts(page, 'quote-price')).filter((t, i) => t !== before[i]).length, { timeout: 5_000 }).toBeGreaterThan(3);

  await page.getByTestId('sort-chips').getByRole('button', { name: 'Veränd. %' }).click();
  const pct = await page.locator('[data-testid="quote-row"] .change-pill').allInnerTexts();
  const values = pct.map((t) => Number(t.replace(/[^\d,+-]/g, '').replace(',', '.')));
  expect(values[0]!).toBeGreaterThanOrEqual(values.at(-1)!);

  // Pull down from the top of the list.
  let reloads = 0;
  page.on('request', (r) => r.url().includes('/api/markets/getAllMarkets') && reloads++);
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    const target = document.querySelector('.ptr')!;
    const touch = (y: number) => new Touch({ identifier: 1, target, clientX: 200, clientY: y });
    target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(200)], changedTouches: [touch(200)] }));
    for (const y of [240, 300, 360, 400]) {
      target.dispatchEvent(new TouchEvent('touchmove', { bubbles: true, touches: [touch(y)], changedTouches: [touch(y)] }));
      await new Promise((r) => setTimeout(r, 20));
    }
    target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(400)] }));
  });
  await expect.poll(() => reloads).toBeGreaterThan(0);
});

test("search finds 'Reliance' by 'relia' and remembers it", async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/market');
  await page.getByRole('button', { name: 'Suche' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByTestId('search-input').fill('relia');
  const first = page.getByTestId('search-results').getByTestId('quote-row').first();
  await expect(first).toHaveAttribute('data-symbol', 'RELIANCE');
  await expect(first).toContainText('Reliance Industries');
  await first.click();
  await expect(page).toHaveURL(/\/marketDetails\?symbol=RELIANCE$/);
  await expect(page.getByTestId('quote-head')).toContainText('Reliance Industries Ltd.');
  await page.goBack();
  await expect(page.getByTestId('recent-searches')).toContainText('RELIANCE');
  await page.getByTestId('search-input').fill('zzzz');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('the detail chart renders every range, as a line and as candles', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/marketDetails?symbol=TCS');
  const chart = page.getByTestId('chart');
  await expect(page.getByTestId('quote-head')).toContainText('Tata Consultancy Services');
  await expect(page.getByTestId('stats')).toContainText('52-W-Hoch');
  for (const range of ['1D', '5D', '1M', '6M', '1Y']) {
    await page.getByTestId(`range-${range}`).click();
    await expect(chart).toHaveAttribute('data-range', range);
    await expect(chart).toHaveAttribute('data-state', 'ready');
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(range === '1D' ? 1 : 4);
    await expect(chart.getByTestId('chart-preview').locator('path.chart-preview-line')).toHaveAttribute('d', /^M[\d.,]+(L[\d.,]+)+$/);
  }
  await page.getByTestId('style-candles').click();
  await expect(chart).toHaveAttribute('data-style', 'candles');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('.chart-box')).toHaveAttribute('data-mode', 'interactive');
  await expect(chart.locator('canvas').first()).toBeVisible();
});

test('the chart names its dates in the screen language (Intl, India time), not the library English', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/marketDetails?symbol=TCS');
  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await chart.locator('.chart-box').click();
  await expect(chart.locator('.chart-box')).toHaveAttribute('data-mode', 'interactive');
  const canvas = chart.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  const crosshair = chart.getByTestId('chart-crosshair');
  // Daily bars (1Y): the date only, German month names ("26. Nov. 2026 · 3.012,40").
  await page.getByTestId('range-1Y').click();
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(crosshair).toHaveText(/^\d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? \d{4} · \d[\d.]*,\d\d$/);
  await expect(crosshair).not.toContainText("'");
  // Intraday bars (1D): date and India time.
  await page.getByTestId('range-1D').click();
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await expect(crosshair).toHaveText(/^\d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? \d{4}, \d\d:\d\d · /);
});

test('the chart library loads when the investor reaches for the chart, not with the page', async ({ page, request }) => {
  const user = await registerByApi(request);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await openWithSession(page, user.token, '/marketDetails?symbol=RELIANCE');
  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.getByTestId('chart-preview')).toBeVisible();
  await expect(chart.getByTestId('chart-preview')).toHaveAttribute('aria-label', /^Kursverlauf 1 Tag: von \d[\d.]*,\d\d bis \d[\d.]*,\d\d$/);
  // The page has settled (the quote is live) and still nothing of lightweight-charts was asked for.
  await expect(page.getByTestId('quote-head')).toContainText('Reliance Industries');
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
  expect(scripts.filter((url) => url.includes('InteractiveChart'))).toEqual([]);
  await expect(chart.locator('canvas')).toHaveCount(0);

  await chart.locator('.chart-box').click();
  await expect(chart.locator('.chart-box')).toHaveAttribute('data-mode', 'interactive');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByTestId('chart-preview')).toHaveCount(0);
  expect(scripts.filter((url) => url.includes('InteractiveChart'))).toHaveLength(1);
  // Drawn, it stays: another range keeps the interactive chart.
  await page.getByTestId('range-5D').click();
  await expect(chart).toHaveAttribute('data-range', '5D');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByTestId('chart-preview')).toHaveCount(0);
});

test('a star puts the stock into /userMarket, and removing it empties the list', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/userMarket');
  await expect(page.getByTestId('empty-state')).toContainText('Noch keine Favoriten');
  await page.goto('/marketDetails?symbol=HDFCBANK');
  const star = page.getByTestId('favourite-toggle');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('toast')).toContainText('Favoriten hinzugefügt');
  await page.goto('/userMarket');
  await expect(page.getByTestId('quote-row')).toHaveCount(1);
  await expect(page.getByTestId('quote-row')).toHaveAttribute('data-symbol', 'HDFCBANK');
  await page.getByTestId('quote-row').click();
  await expect(page).toHaveURL(/symbol=HDFCBANK/);
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/userMarket');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('a news article opens from /home', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/home');
  const item = page.getByTestId('news-item').first();
  const title = (await item.locator('.news-title').innerText()).trim();
  await item.click();
  await expect(page).toHaveURL(/\/newsDetails\?id=/);
  await expect(page.getByTestId('article').getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(page.getByTestId('article')).toContainText('Demo');
  await page.goto('/newsDetails?id=does-not-exist');
  await expect(page.getByText('Diesen Artikel gibt es nicht oder nicht mehr.')).toBeVisible();
  await page.goto('/corporationSelect');
  await expect(page.getByTestId('article')).toContainText('Nivesh Technologies');
});

/** The restarted server runs on the real clock, as a production server does. */
const OWN_ENV = { CLOCK_START: '' };

test('the live stream reconnects after the server restarts', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  // A second server of our own, so the test can stop and restart it on the same port: a free
  // one, or with fixed ports the last of the run's range (E2E_PORT + 8), past every worker's.
  const port = process.env.E2E_RESTART_PORT ? Number(process.env.E2E_RESTART_PORT) : process.env.E2E_PORT ? basePort() + 8 : await freePort();
  const dataDir = freshDataDir();
  const base = `http://localhost:${port}`;
  let server = await startServer(port, dataDir, OWN_ENV);
  try {
    const api = await playwright.request.newContext({ baseURL: base });
    const user = await registerByApi(api);
    await page.goto(`${base}/page`);
    await page.evaluate((token) => localStorage.setItem('token', token), user.token);
    await page.goto(`${base}/home`);
    const dot = page.getByTestId('stream-state');
    await expect(dot).toHaveAttribute('data-state', 'open');
    const values = () => texts(page, 'index-value');

    await server.stop();
    await expect(dot).not.toHaveAttribute('data-state', 'open', { timeout: 15_000 });
    const frozen = await values();

    server = await startServer(port, dataDir, OWN_ENV);
    // The client's next attempt may be a whole backoff away: at most 30 s, jittered up to
    // 37.5 s, once the server stayed away long enough (its restart is slow on a busy machine).
    await expect(dot).toHaveAttribute('data-state', 'open', { timeout: 60_000 });
    await expect.poll(async () => (await values())[0] !== frozen[0], { timeout: 10_000 }).toBe(true);
    await api.dispose();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
