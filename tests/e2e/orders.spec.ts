/**
 * Resting orders end to end at 390×844 (docs/trading.md, Orders): on /buy the investor
 * switches the ticket to a limit order (the limit price field appears, the trigger price does
 * not), places it below the market, reaches /orders from /position, sees it open with its held
 * money, cancels it after the confirmation sheet and finds the money released; the order's
 * detail shows the timeline.
 */
import path from 'node:path';
import { expect, test } from './test';
import { api, fundedInvestor, openWithSession, confirmCommand, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

test('a limit buy from /buy rests on /orders and is cancelled there', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 20_000);
  const quote = await api<{ last: number }>(request, '', 'markets/getMarket', { symbol: 'INFY' });
  const limit = (Math.floor(quote.last * 0.95 * 20) / 20).toFixed(2);

  await openWithSession(page, user.token, '/buy?symbol=INFY');
  const form = page.getByTestId('form-ticket');
  await expect(form.getByRole('radio', { name: 'Markt', exact: true })).toBeVisible();
  await expect(form.getByLabel(/Limitpreis/)).toHaveCount(0);
  await form.getByRole('radio', { name: 'Limit', exact: true }).click();
  const price = form.getByLabel(/Limitpreis/);
  await expect(price).toBeVisible();
  await expect(form.getByLabel(/Auslösepreis/)).toHaveCount(0);
  await price.fill(limit.replace('.', ','));
  await form.getByRole('radio', { name: 'Bis auf Widerruf', exact: true }).click();
  await page.screenshot({ path: path.join(shots, 'buy-limit.png'), fullPage: true });
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toContainText('Order übermittelt');
  await expect(page).toHaveURL(/\/position\?tab=holdings$/);

  const open = await api<{ items: Array<{ id: string; status: string; limitPrice: number; validity: string; held: number }> }>(request, user.token, 'order/openOrders', { page: 1, pageSize: 10 });
  expect(open.items).toHaveLength(1);
  expect(open.items[0]).toMatchObject({ status: 'open', limitPrice: Number(limit), validity: 'gtc' });
  const held = await api<{ held: number; available: number }>(request, user.token, 'purse/getAssets', {});
  expect(held.held).toBe(open.items[0]!.held);

  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.getByTestId('list-openOrders').getByTestId('list-row').filter({ hasText: 'Infosys' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Limit');
  await page.screenshot({ path: path.join(shots, 'orders.png'), fullPage: true });

  await row.getByRole('button', { name: 'Stornieren' }).click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toContainText('Diese Order stornieren?');
  await page.screenshot({ path: path.join(shots, 'orders-cancel.png') });
  await sheet.getByRole('button', { name: 'Stornieren' }).click();
  await expect(page.getByTestId('toast')).toContainText('Order storniert');
  await expect(page.getByText(/Keine offenen Orders/)).toBeVisible();
  const after = await api<{ held: number; available: number }>(request, user.token, 'purse/getAssets', {});
  expect(after.held).toBe(0);
  expect(after.available).toBe(20_000);

  // The detail: status cancelled and the timeline placed → cancelled; no cancel button any more.
  await page.goto(`/orderDetail?id=${open.items[0]!.id}`);
  await expect(page.getByTestId('detail-order')).toContainText('Storniert');
  const timeline = page.getByTestId('detail-timeline');
  await expect(timeline).toContainText('Erteilt');
  await expect(timeline).toContainText('Storniert');
  await expect(page.getByTestId('detail-order').getByRole('button', { name: 'Stornieren' })).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'order-detail.png'), fullPage: true });
});
