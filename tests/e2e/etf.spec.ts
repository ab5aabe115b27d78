/**
 * ETFs end to end at 390×844: from /home to the ETF list, a fund's detail with its
 * basket, "Buy" to the fund's ticket /etfBuy (the share ticket /buy leads there for an ETF),
 * buying units at the iNAV through `etf/buy`; the
 * order shows on /etf and the units in /position. The ticket shows the INR price, the EUR/INR
 * rate and the amount in euros before the investor confirms,
 * for a share (through `order/purchase`) as for a fund; /market rows open it with "Kaufen".
 */
import path from 'node:path';
import { expect, test, type APIRequestContext } from './test';
import { api, fundedInvestor, openWithSession, confirmCommand, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

test('buy an ETF from its detail screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 5000);

  await openWithSession(page, user.token, '/home');
  await page.getByTestId('menu-discover').getByRole('button', { name: 'ETFs', exact: true }).click();
  await expect(page).toHaveURL(/\/etf$/);
  const fund = page.getByTestId('list-funds').getByTestId('list-row').filter({ hasText: 'Nivesh Bank ETF' });
  await expect(fund).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'etf.png') });
  await fund.click();

  await expect(page).toHaveURL(/\/etfDetails\?symbol=NIVBANK/);
  await expect(page.getByTestId('detail-basket')).toContainText('HDFCBANK');
  await page.screenshot({ path: path.join(shots, 'etf-details.png'), fullPage: true });
  await page.getByRole('button', { name: 'Kaufen' }).click();

  // The fund's ticket: its iNAV quote and the ETF form (etf/buy), not the share form.
  await expect(page).toHaveURL(/\/etfBuy\?symbol=NIVBANK/);
  await expect(page.getByTestId('quote-head')).toContainText('Nivesh Bank ETF');
  await expect(page.getByTestId('detail-price')).toContainText('₹');
  await expect(page.getByTestId('form-ticket')).toHaveCount(0);
  const form = page.getByTestId('form-etfTicket');
  await form.getByRole('button', { name: 'Mehr' }).click();
  // The conversion before confirming: iNAV in rupees, the rate, the amount in euros.
  await expect(form.getByTestId('estimate-price')).toContainText('₹');
  await expect(form.getByTestId('estimate-rate')).toContainText(/^1 € = \d+,\d+ ₹$/);
  await expect(form.getByTestId('estimate-total')).toContainText('€');
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByText('ETF-Anteile gekauft.')).toBeVisible();
  // The buy lands on the holding, not on the open contracts.
  await expect(page).toHaveURL(/\/position\?tab=holdings$/);
  await expect(page.getByRole('tab', { name: 'Bestand' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('list-holdings')).toContainText('NIVBANK');
  const orders = await api<{ items: Array<{ symbol: string; quantity: number }> }>(request, user.token, 'etfOrder/page', {});
  expect(orders.items[0]).toMatchObject({ symbol: 'NIVBANK', quantity: 2 });

  await page.goto('/etf');
  await expect(page.getByTestId('list-orders')).toContainText('Kauf');
  await page.goto('/position');
  await page.getByRole('tab', { name: 'Bestand' }).click();
  await expect(page.getByText('NIVBANK').first()).toBeVisible();
});

/** Money shown as `1.234,56 €` / `1.234,56 ₹` → a number. */
const amountOf = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

test('the stand-alone ticket /buy shows price in INR, the rate and the amount in euros, then buys', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 5000);

  // From the market list: the row's "Kaufen" opens the ticket for that share.
  await openWithSession(page, user.token, '/market');
  const row = page.getByTestId('quotes-all').locator('[data-symbol="TCS"]');
  await expect(row).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'market.png') });
  await row.getByTestId('quote-row-action').click();
  await expect(page).toHaveURL(/\/buy\?symbol=TCS$/);
  await expect(page.getByTestId('form-etfTicket')).toHaveCount(0);
  await expect(page.getByTestId('detail-price')).toContainText('₹');
  const form = page.getByTestId('form-ticket');
  await form.getByRole('button', { name: 'Mehr' }).click();
  await expect(form.getByTestId('estimate-rate')).toContainText(/^1 € = \d+,\d+ ₹$/);
  await expect(form.getByTestId('estimate-grossQuote')).toContainText('₹');
  // Two TCS shares at rupee price levels cost their euro equivalent: INR value ÷ rate.
  await expect
    .poll(async () => {
      const inr = amountOf((await form.getByTestId('estimate-grossQuote').textContent()) ?? '');
      const rate = amountOf(((await form.getByTestId('estimate-rate').textContent()) ?? '').split('=')[1] ?? '');
      const eur = amountOf((await form.getByTestId('estimate-amount').textContent()) ?? '');
      return Math.abs(inr / rate - eur) < 0.02 && eur > 0 && eur < inr / 20;
    })
    .toBe(true);
  await expect(form.getByTestId('estimate-total')).toContainText('€');
  await page.screenshot({ path: path.join(shots, 'buy.png'), fullPage: true });
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/position\?tab=holdings$/);
  await expect(page.getByTestId('list-holdings')).toContainText('Tata Consultancy');
  const holdings = await api<{ items: Array<{ symbol: string; quantity: number; currency: string }> }>(request, user.token, 'order/purchaseDetails', { type: 'holdings' });
  expect(holdings.items).toEqual([expect.objectContaining({ symbol: 'TCS', quantity: 2, currency: 'INR' })]);
  const assets = await api<{ available: number }>(request, user.token, 'purse/getAssets', {});
  expect(assets.available).toBeGreaterThan(4800);
});
