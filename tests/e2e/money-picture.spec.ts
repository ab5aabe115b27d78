/**
 * The investor's money picture at 390×844: /position's figures (invested, current value, day's
 * and total P&L, realized P&L) and holdings priced in euros beside the rupee price after a buy
 * that lands on the holding; /withdraw with the available balance, the "withdraw all" chip, no
 * stale fee on an invalid amount and a confirmation sheet with amount, fee and net; the money
 * windows' state before the forms, open on the shared server and closed on an own server whose
 * windows open later that day (the form disabled, the next opening named).
 */
import path from 'node:path';
import fs from 'node:fs';
import { expect, test } from './test';
import { api, confirmCommand, fundedInvestor, openWithSession, registerByApi, SHOTS_DIR } from './helpers';
import { basePort, freshDataDir, startServer } from './server';

const shots = SHOTS_DIR;

test('a share buy lands on the holding; /position shows the money picture in euros with the rupee price', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 5000);
  await openWithSession(page, user.token, '/buy?symbol=INFY');
  const form = page.getByTestId('form-ticket');
  await expect(form.getByTestId('estimate-total')).toContainText('€');
  await form.getByTestId('submit').click();
  await confirmCommand(page);

  await expect(page).toHaveURL(/\/position\?tab=holdings$/);
  await expect(page.getByRole('tab', { name: 'Bestand' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('list-holdings').getByTestId('list-row').filter({ hasText: 'Infosys' });
  // Average cost and last price both in euros, the rupee price beside them.
  await expect(row).toContainText(/Ø\s*[\d.]+,\d\d\s€/);
  await expect(row).toContainText(/Kurs\s*[\d.]+,\d\d\s€/);
  await expect(row).toContainText('₹');

  const summary = await api<{ invested: number; currentValue: number }>(request, user.token, 'purse/getAssets', {});
  expect(summary.invested).toBeGreaterThan(0);
  const stats = page.getByTestId('stats').first();
  for (const label of ['Investiert', 'Aktueller Wert', 'Heute G/V', 'Heute %', 'Gesamt G/V', 'Gesamt %', 'Realisiert G/V']) await expect(stats).toContainText(label);
  await expect(stats).toContainText(new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(summary.invested));
  await page.screenshot({ path: path.join(shots, 'position-holdings.png'), fullPage: true });

  // The realized P&L of a sale shows in the history and in the figures.
  const sale = await api<{ realizedPnl: number }>(request, user.token, 'order/sell', { symbol: 'INFY', quantity: 1 });
  await page.reload();
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  await expect(page.getByTestId('list-history').getByTestId('list-row').filter({ hasText: 'Infosys' })).toBeVisible();
  const realized = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(sale.realizedPnl));
  await expect(stats).toContainText(realized);
});

test('/withdraw: available balance, "withdraw all", no fee for an invalid amount, a sheet with amount, fee and net', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 2000);
  await api(request, user.token, 'bank/addBank', { holderName: 'Asha Verma', bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234', phone: '9876543210' });
  await openWithSession(page, user.token, '/withdraw');
  await expect(page.getByText('Auszahlungen sind jetzt geöffnet')).toBeVisible();
  const form = page.getByTestId('form-withdraw');
  await expect(form.getByTestId('money-available')).toContainText('Verfügbar');
  await expect(form.getByTestId('money-available')).toContainText('2.000,00 €');

  const amount = form.getByLabel('Auszahlungsbetrag');
  await amount.fill('99999999');
  await expect(form.getByTestId('money-breakdown')).toHaveCount(0); // more than available
  await amount.fill('1000');
  await expect(form.getByTestId('fee')).toHaveText(/^30,00\s€$/);
  await amount.fill('-5');
  await expect(amount).toHaveValue('-5');
  await expect(form.getByTestId('money-breakdown')).toHaveCount(0);

  await form.getByTestId('money-all').click();
  await expect(amount).toHaveValue('2000');
  await expect(form.getByTestId('fee')).toHaveText(/^60,00\s€$/);
  await expect(form.getByTestId('net')).toHaveText(/^1\.940,00\s€$/);
  await page.screenshot({ path: path.join(shots, 'withdraw-all.png'), fullPage: true });

  await form.getByRole('radio').first().click();
  await form.getByTestId('submit').click();
  const sheet = page.getByTestId('command-sheet');
  await expect(sheet.getByTestId('command-amount')).toHaveText(/^2\.000,00\s€$/);
  await expect(sheet.getByTestId('command-fee')).toHaveText(/^60,00\s€$/);
  await expect(sheet.getByTestId('command-net')).toHaveText(/^1\.940,00\s€$/);
  await page.screenshot({ path: path.join(shots, 'withdraw-confirm.png') });
  await sheet.getByTestId('command-cancel').click();
});

test('deposit and withdrawal screens say the window is closed before the form, name the opening and disable the form', async ({ page, playwright }) => {
  test.setTimeout(300_000);
  // The e2e clock stands at Monday 11:30 India time; these windows open at 12:00 that day.
  const port = Number(process.env.E2E_WINDOWS_PORT ?? basePort() + 9);
  const dataDir = freshDataDir();
  const base = `http://localhost:${port}`;
  const server = await startServer(port, dataDir, { DEPOSIT_WINDOW: '12:00-22:00', WITHDRAWAL_WINDOW: '12:00-17:30' });
  try {
    const request = await playwright.request.newContext({ baseURL: base });
    const user = await registerByApi(request);
    await page.goto(`${base}/page`);
    await page.evaluate((token) => localStorage.setItem('token', token), user.token);
    for (const [route, text, form] of [
      ['/pay', 'Einzahlungen sind gerade geschlossen. Sie öffnen wieder am 23.11.2026, 12:00', 'form-deposit'],
      ['/payBalance', 'Einzahlungen sind gerade geschlossen. Sie öffnen wieder am 23.11.2026, 12:00', 'form-institution'],
      ['/withdraw', 'Auszahlungen sind gerade geschlossen. Sie öffnen wieder am 23.11.2026, 12:00', 'form-withdraw'],
    ] as const) {
      await page.goto(`${base}${route}`);
      const notice = page.getByText(text);
      await expect(notice).toBeVisible();
      const submit = page.getByTestId(form).getByTestId('submit');
      await expect(submit).toBeDisabled();
      await expect(page.getByTestId(form).getByRole('textbox').first()).toBeDisabled();
      // The state comes before the form.
      const [noticeBox, formBox] = await Promise.all([notice.boundingBox(), page.getByTestId(form).boundingBox()]);
      expect(noticeBox!.y).toBeLessThan(formBox!.y);
      await page.screenshot({ path: path.join(shots, `window-closed-${route.slice(1)}.png`) });
    }
    await request.dispose();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('/pay says the deposit window is open now before the form', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/pay');
  const notice = page.getByText('Einzahlungen sind jetzt geöffnet, heute bis 22:00 Uhr');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('form-deposit').getByTestId('submit')).toBeEnabled();
});
