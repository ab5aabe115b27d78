/**
 * What an investor reads at 390×844: the bill as one line per business event (a withdrawal's
 * reservation as "reserved", the balance after each line) with a month choice named in the
 * screen's language; details opened without their parameter go to their list; back-office
 * screens stay closed to investors; figures in the screen's language, baskets as tables, rows
 * that keep the name on one line.
 */
import { expect, test } from './test';
import { openWithSession } from './helpers';
import { api, operatorSession, prepare } from '../qa/given';
import { blockOffer } from '../qa/offers';

test('/bill: one line per event, the reservation shown as reserved, the balance after each line, a readable month choice', async ({ page, request }) => {
  const user = await prepare(request, 'investor', { bank: true, identity: 'approved', funded: 5000 });
  const [bank] = await api<Array<{ id: string }>>(request, user.token, 'bank/get', {});
  await api(request, user.token, 'withdrawal', { amount: 1000, bankId: bank!.id });
  await openWithSession(page, user.token!, '/bill');
  const rows = page.getByTestId('list-row');
  // Two events: the deposit and the withdrawal asked for — not four ledger legs.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Auszahlung beantragt');
  await expect(rows.nth(0)).toContainText(/Reserviert 1\.000,00\s€/);
  await expect(rows.nth(0)).toContainText(/Saldo danach 5\.000,00\s€/);
  await expect(rows.nth(0).locator('.list-trailing')).toHaveText('');
  await expect(rows.nth(1)).toContainText('Einzahlung');
  await expect(rows.nth(1).locator('.list-trailing')).toHaveText(/^\+5\.000,00\s€$/);
  await expect(rows.nth(1)).toContainText(/Saldo danach 5\.000,00\s€/);
  // The month choice names months, never a blank picker ("--------- ----").
  const month = page.getByTestId('filter-month');
  await expect(month).toBeVisible();
  await expect(month.locator('option').first()).toHaveText('Alle');
  await expect(month.locator('option').nth(1)).toHaveText(/^[A-Za-zäöü]+ 20\d\d$/);
  await expect(page.locator('.filters')).not.toContainText('----');
  await month.selectOption({ label: 'November 2026' });
  await expect(rows).toHaveCount(2);
  await month.selectOption({ label: 'Oktober 2026' });
  await expect(page.getByText('Noch keine Buchungen.')).toBeVisible();
});

test('/bill: contracts settled together are one line per contract settled, each with its own amount', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await prepare(request, 'investor', { bank: true, funded: 5000 });
  await api(request, user.token, 'order/acknowledgeRisk', {});
  // Three contracts bought at once expire together: the settler settles them in one batch.
  const bought = await Promise.all([1, 2, 1].map((direction, i) =>
    api<{ id: string }>(request, user.token, 'order/purchase', { kind: 'updown', symbol: ['TCS', 'INFY', 'ITC'][i], direction, amount: 100 + i * 10, duration: 10 })));
  let history: Array<{ id: string; pnl: number }> = [];
  await expect.poll(async () => {
    history = (await api<{ items: Array<{ id: string; pnl: number }> }>(request, user.token, 'order/historicalDetails', { pageSize: 50 })).items;
    return history.filter((item) => bought.some((b) => b.id === item.id)).length;
  }, { timeout: 45_000 }).toBe(3);
  await openWithSession(page, user.token!, '/bill');
  const settled = page.getByTestId('list-row').filter({ hasText: 'Kontrakt abgerechnet' });
  await expect(settled).toHaveCount(3);
  await expect(page.getByTestId('list-row').filter({ hasText: 'Kontrakt eröffnet' })).toHaveCount(3);
  // Each line shows its own contract's result (a win's profit, a loss's stake), not the batch's sum.
  const money = (pnl: number) => `${pnl > 0 ? '+' : ''}${pnl.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0€`;
  const shown = (await settled.locator('.list-trailing').allTextContents()).map((text) => text.trim()).sort();
  const expected = history.filter((item) => bought.some((b) => b.id === item.id) && item.pnl !== 0).map((item) => money(item.pnl)).sort();
  expect(shown.filter(Boolean)).toEqual(expected);
  await expect(settled.first()).toContainText(/Saldo danach \d/);
});

test('a detail opened without its parameter goes to its list with a notice, never a Retry or a live trade panel', async ({ page, request }) => {
  const user = await prepare(request, 'investor', {});
  await openWithSession(page, user.token!, '/marketDetails');
  await expect(page).toHaveURL(/\/market$/);
  await expect(page.getByTestId('toast')).toHaveText(/Bitte wähle einen Eintrag aus der Liste\./);
  await expect(page.getByTestId('tabs-trade')).toHaveCount(0);
  for (const [from, to] of [['/ipoDetails', '/ipo'], ['/blockTradingBuy', '/blockTrading'], ['/gatherJoin', '/gather'], ['/aiBlockTradingBuy', '/aiBlockTrading'], ['/etfDetails', '/etf'], ['/buy', '/market'], ['/withdrawDetail', '/widthdrawRecord']] as const) {
    await page.goto(from);
    await expect(page, `${from} → ${to}`).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  }
});

test('an investor never sees an operator form: /gatherController sends them to /my; the gallery /test3 shows only investor-safe samples', async ({ page, request }) => {
  const user = await prepare(request, 'investor', {});
  await openWithSession(page, user.token!, '/gatherController');
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByTestId('toast')).toHaveText(/Dieser Bereich ist dem Betrieb vorbehalten\./);
  await expect(page.locator('form')).toHaveCount(0);
  await page.goto('/test3');
  await expect(page.getByRole('button', { name: 'Hinweis zeigen' }).first()).toBeVisible();
  await expect(page.getByTestId('list-depositQueue')).toHaveCount(0);
  await expect(page.getByText('nicht berechtigt', { exact: false })).toHaveCount(0);
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await expect(page.getByTestId('form-company-de')).toHaveCount(0);
});

test('figures read in the screen language: an ETF basket is a table, /vip keeps "0,1 %" on one line, an offer row keeps its name on one line', async ({ page, request }) => {
  const user = await prepare(request, 'investor', {});
  await blockOffer(request, await operatorSession(request));
  await openWithSession(page, user.token!, '/etf');
  await page.getByTestId('list-row').first().getByRole('button').first().click();
  const basket = page.getByTestId('detail-basket').locator('table.item-table');
  await expect(basket).toBeVisible();
  const firstRow = basket.locator('tr').first();
  await expect(firstRow.locator('td')).toHaveCount(2);
  await expect(firstRow.locator('td').nth(1)).toHaveText(/^\d+(,\d+)?\u00a0%$/);
  expect(await basket.locator('tr').count()).toBeGreaterThan(1);

  await page.goto('/vip');
  const commission = page.locator('[data-field="trading.commissionRate"]');
  await expect(commission).toHaveText(/^0,1\u00a0%$/);
  // The text's line boxes: one line, however tall its row is.
  const lines = await commission.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, 'one line').toBe(1);

  await page.goto('/blockTrading');
  const title = page.getByTestId('list-row').first().locator('.list-text strong');
  await expect(title).toBeVisible();
  const line = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
  expect((await title.boundingBox())!.height, 'the name keeps one line').toBeLessThanOrEqual(line + 2);
});
