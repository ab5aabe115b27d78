/**
 * IPO end to end at 390×844: an operator sets up an issue closing in seconds, the
 * investor bids for 3 lots on /ipoDetails, approves the UPI mandate in the in-app sheet that
 * stands for the UPI app (only then is the amount blocked: held, not spent; the timeline shows
 * the mandate approved with its date), another investor applies too (oversubscribed: 6 lots asked, 2 offered), the server's job allots at
 * `allotmentAt` (each applicant gets the minimum lot, the rest is refunded) and lists at
 * `listingAt`: /ipoList shows allotted shares and the refund, /position the new holding.
 * The server's time comes from the server (an issue's `closesInMs`), never the runner's clock.
 */
import path from 'node:path';
import { formatMoney } from '../../src/shared/format';
import { expect, test, type APIRequestContext } from './test';
import { api, fundedInvestor, openWithSession, operatorToken, registerByApi, confirmCommand, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

const iso = (ms: number) => new Date(ms).toISOString();
/** A detail row: its label, then its value. */
const line = (label: string, value: string) => new RegExp(`${label}\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s')}`);

test('apply on /ipoDetails, see the hold, the allotment and refund on /ipoList and the holding after listing', async ({ page, request }) => {
  test.setTimeout(180_000);
  const operator = await operatorToken(request);
  const investor = await fundedInvestor(request, 5000);
  const other = await fundedInvestor(request, 5000);
  const base = { name: 'Probe', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 20 };

  // The server's time, read from the server: an open issue's closesInMs.
  const probe = await api<{ id: string }>(request, operator, 'admin/ipo/save', { ...base, symbol: `PROBE${Date.now() % 100000}`, opensAt: '2026-01-01T00:00:00Z', closesAt: '2030-01-01T00:00:00Z', allotmentAt: '2030-01-01T00:00:00Z', listingAt: '2030-01-01T00:00:00Z' });
  const probed = await api<{ closesInMs: number }>(request, investor.token, 'ipo/details', { id: probe.id });
  await api(request, operator, 'admin/ipo/cancel', { id: probe.id });
  const serverNow = Date.parse('2030-01-01T00:00:00Z') - probed.closesInMs;

  const symbol = `NIVIPO${Date.now() % 10000}`;
  const { id } = await api<{ id: string }>(request, operator, 'admin/ipo/save', {
    ...base, symbol, name: 'Nivesh Green Energy Ltd.', description: 'Solar parks in Rajasthan.',
    opensAt: iso(serverNow - 60_000), closesAt: iso(serverNow + 50_000), allotmentAt: iso(serverNow + 52_000), listingAt: iso(serverNow + 60_000),
  });
  const otherBid = await api<{ id: string }>(request, other.token, 'ipo/purchase', { id, lots: 3 });
  await api(request, other.token, 'ipo/mandate/approve', { id: otherBid.id });

  await openWithSession(page, investor.token, '/ipo');
  const row = page.getByTestId('list-issues').getByTestId('list-row').filter({ hasText: 'Nivesh Green Energy' });
  await expect(row).toContainText('Zeichnung offen');
  await expect(row).toContainText('Endet in');
  // 3 lots asked of 2 offered: the subscription as a multiple in the viewer's language.
  await expect(row).toContainText('gezeichnet 1,50×');
  await page.screenshot({ path: path.join(shots, 'ipo.png') });
  await row.click();

  await expect(page).toHaveURL(/\/ipoDetails\?id=/);
  await expect(page.getByTestId('detail-book')).toContainText(line('Überzeichnung', '1,50×'));
  // The price once: the label names no currency, the value carries it.
  await expect(page.getByTestId('detail-issue')).toContainText(line('Preisspanne von', '100,00 ₹'));
  await expect(page.getByTestId('detail-issue')).toContainText(line('Preisspanne bis', '100,00 ₹'));
  await expect(page.getByTestId('detail-issue')).not.toContainText('₹ 100');
  const form = page.getByTestId('form-apply');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: /Mehr|increase/i }).click();
  await form.getByRole('button', { name: /Mehr|increase/i }).click();
  await expect(form.locator('input').first()).toHaveValue('3');
  // The price × lots calculator: 3 lots = 30 shares = ₹3,000, held in euros at the EUR/INR rate.
  await expect(form.getByTestId('estimate-shares')).toHaveText('30');
  await expect(form.getByTestId('estimate-grossQuote')).toHaveText('3.000,00 ₹');
  await expect(form.getByTestId('estimate-rate')).toContainText(/^1 € = \d+,\d+ ₹$/);
  await expect(form.getByTestId('estimate-amount')).toContainText('€');
  await page.screenshot({ path: path.join(shots, 'ipo-details.png'), fullPage: true });
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByText('Gebot abgegeben – bestätige jetzt das UPI-Mandat, um den Betrag zu reservieren.')).toBeVisible();
  // The bid holds nothing yet: the mandate waits for the investor's approval in the UPI app.
  const mandate = page.getByTestId('detail-mandate');
  await expect(mandate).toContainText(line('Status', 'Mandat ausstehend'));
  await expect(mandate).toContainText(line('Gebotspreis je Aktie', '100,00 ₹'));
  await expect(mandate).toContainText(line('Kategorie', 'Privatanleger (Retail)'));
  expect(await api<{ held: number }>(request, investor.token, 'purse/getAssets', {})).toMatchObject({ held: 0 });
  await expect(page.getByTestId('detail-timeline')).toContainText('Mandat ausstehend');
  await mandate.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'ipo-mandate.png') });
  await mandate.getByRole('button', { name: 'In der UPI-App bestätigen' }).click();
  const sheet = page.getByTestId('action-sheet');
  await expect(sheet).toContainText('UPI-Mandat bestätigen – Gebotsbetrag reservieren');
  await page.screenshot({ path: path.join(shots, 'ipo-mandate-sheet.png') });
  await sheet.getByTestId('action-confirm').click();
  await expect(page.getByText('Mandat bestätigt – Betrag reserviert.')).toBeVisible();
  await expect(page.getByTestId('detail-mandate')).toHaveCount(0);
  // The timeline: applied, the mandate approved (with its date), then what is still to come.
  const timeline = page.getByTestId('detail-timeline');
  await expect(timeline).toContainText(/Gezeichnet\s*\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
  await expect(timeline).toContainText(/Mandat bestätigt\s*\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
  await expect(timeline).toContainText('Zuteilung (geplant)');
  await expect(timeline).toContainText('Börsennotierung (geplant)');
  await timeline.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'ipo-mandate-approved.png') });
  const applied = (await api<{ items: Array<{ amount: number }> }>(request, investor.token, 'ipo/ipoRecord', {})).items[0]!;
  expect(applied.amount).toBeGreaterThan(0);
  expect(applied.amount).toBeLessThan(3000 / 20); // ₹3,000 is far less than €3,000
  const mine = page.getByTestId('detail-mine');
  await expect(mine).toContainText(line('Reserviert', formatMoney(applied.amount)));
  await expect(mine).toContainText('Gezeichnet');
  // Before allotment nothing reads as final: no allotted shares, no refund, only when it happens.
  await expect(mine).not.toContainText('Zugeteilte Aktien');
  await expect(mine).not.toContainText('Freigegeben');
  await expect(page.getByText(/Zuteilung, Zahlung und Freigabe des Rests stehen nach der Zuteilung am \d\d\.\d\d\.\d{4}, \d\d:\d\d fest\./)).toBeVisible();
  await expect(page.getByTestId('form-apply')).toHaveCount(0);
  const assets = await api<{ available: number; held: number }>(request, investor.token, 'purse/getAssets', {});
  expect(assets).toMatchObject({ available: (500_000 - Math.round(applied.amount * 100)) / 100, held: applied.amount });
  await page.screenshot({ path: path.join(shots, 'ipo-applied.png'), fullPage: true });

  // The job allots at allotmentAt: 6 lots asked, 2 offered → one minimum lot each, the rest refunded.
  await page.goto('/ipoList');
  const application = page.getByTestId('list-applications').getByTestId('list-row').first();
  await expect.poll(async () => (await api<{ items: Array<{ status: string }> }>(request, investor.token, 'ipo/ipoRecord', {})).items[0]!.status, { timeout: 60_000 }).toBe('allotted');
  const allotted = (await api<{ items: Array<{ amount: number; refundAmount: number; allottedAmount: number }> }>(request, investor.token, 'ipo/ipoRecord', {})).items[0]!;
  expect(Math.round(allotted.refundAmount * 100) + Math.round(allotted.allottedAmount * 100)).toBe(Math.round(applied.amount * 100));
  await expect(async () => {
    await page.reload();
    await expect(application).toContainText(`Freigegeben ${formatMoney(allotted.refundAmount)}`, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(application).toContainText(`Bezahlt ${formatMoney(allotted.allottedAmount)}`);
  await expect(application).toContainText('Zugeteilt ·');
  await expect(application).toContainText('Zugeteilte Aktien 10');
  await page.screenshot({ path: path.join(shots, 'ipo-list.png') });
  // Held, paid and released as separate lines on the issue.
  await application.click();
  const resolved = page.getByTestId('detail-mineResolved');
  await expect(resolved).toContainText(line('Reserviert', formatMoney(applied.amount)));
  await expect(resolved).toContainText(line('Bezahlt', formatMoney(allotted.allottedAmount)));
  await expect(resolved).toContainText(line('Freigegeben', formatMoney(allotted.refundAmount)));
  await page.screenshot({ path: path.join(shots, 'ipo-allotted.png'), fullPage: true });
  expect(await api<{ available: number; held: number }>(request, investor.token, 'purse/getAssets', {})).toMatchObject({ available: (500_000 - Math.round(allotted.allottedAmount * 100)) / 100, held: 0 });

  // Listing: the allotted shares are a holding, the symbol joins the market.
  await expect.poll(async () => (await api<{ status: string }>(request, investor.token, 'ipo/details', { id })).status, { timeout: 60_000 }).toBe('listed');
  await page.goto('/position');
  await page.getByRole('tab', { name: /Bestand|Holdings/ }).click();
  // The listed symbol is in the instrument master: named, and valued at its live price in euros beside the ₹ price.
  const holding = page.getByTestId('list-row').filter({ hasText: 'Nivesh Green Energy' });
  await expect(holding).toContainText(/Kurs [\d.]+,\d\d\s€ · [\d.]+,\d\d\s₹/);
  const quote = await api<{ symbol: string; currency: string }>(request, investor.token, 'markets/getMarket', { symbol });
  expect(quote).toMatchObject({ symbol, currency: 'INR' });
  await page.screenshot({ path: path.join(shots, 'ipo-holding.png') });

  await openWithSession(page, operator, '/adminIpo');
  await expect(page.getByTestId('list-issues')).toContainText('Nivesh Green Energy');
  await page.screenshot({ path: path.join(shots, 'admin-ipo.png'), fullPage: true });
  await page.getByTestId('list-issues').getByTestId('list-row').filter({ hasText: 'Nivesh Green Energy' }).click();
  await expect(page).toHaveURL(/\/adminIpoEdit\?id=/);
  await expect(page.getByTestId('form-issue')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'admin-ipo-edit.png'), fullPage: true });
});

test('/vip shows the one plan and its fees from the configuration', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/my');
  await page.getByText('Tarif und Gebühren').click();
  await expect(page).toHaveURL(/\/vip$/);
  const fees = page.getByTestId('detail-fees');
  await expect(fees).toContainText('0,1 %'); // COMMISSION_BPS 10
  await expect(fees).toContainText('3 %'); // WITHDRAWAL_FEE_BPS 300
  await expect(page.getByTestId('detail-windows')).toContainText('Montag bis Freitag');
  await page.screenshot({ path: path.join(shots, 'vip.png'), fullPage: true });
});
