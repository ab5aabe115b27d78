/**
 * Trading end to end at 390×844: accept the risk disclosure, buy 'up' on a stock for
 * the shortest duration, watch the trade-result dialog count down and show the result, check
 * balance and bill flow; buy and sell shares and see them with P/L on /position.
 * The e2e server offers a 10-second shortest duration (UPDOWN_DURATIONS in playwright.config.ts).
 */
import path from 'node:path';
import { expect, test, type APIRequestContext } from './test';
import { api, fundedInvestor, openWithSession, confirmCommand, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

const euros = (text: string) => Number(text.replace(/[^\d,+-]/g, '').replace(',', '.'));

test('buy up for the shortest duration: countdown, result, balance and bill flow', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request);
  await openWithSession(page, user.token, '/marketDetails?symbol=RELIANCE');
  const trade = page.getByTestId('tabs-trade');
  await trade.scrollIntoViewIfNeeded();

  // The risk disclosure comes first.
  await expect(trade.getByTestId('form-updown')).toHaveCount(0);
  await trade.getByRole('button', { name: 'Ich verstehe das Risiko' }).click();
  const form = trade.getByTestId('form-updown');
  await expect(form).toBeVisible();

  await expect(form.getByRole('radio', { name: 'Steigt' })).toHaveAttribute('aria-checked', 'true');
  await form.getByRole('button', { name: '100 €' }).click();
  const shortest = form.locator('.duration-chip').first();
  await expect(shortest).toContainText('10 s');
  await expect(shortest).toContainText('+85,00 €');
  await shortest.click();
  await page.screenshot({ path: path.join(shots, 'trade-panel.png') });
  await form.getByTestId('submit').click();
  await confirmCommand(page);

  const dialog = page.getByTestId('trade-result');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('trade-direction')).toHaveText('Steigt gekauft');
  await expect(dialog.getByTestId('trade-name')).toContainText('Reliance');
  const first = Number(await dialog.getByTestId('countdown').locator('.countdown-value').textContent());
  expect(first).toBeGreaterThanOrEqual(8);
  await expect.poll(async () => Number(await dialog.getByTestId('countdown').locator('.countdown-value').textContent())).toBeLessThan(first);
  await page.screenshot({ path: path.join(shots, 'trade-result-countdown.png') });
  await expect(dialog.getByTestId('countdown').locator('.countdown-value')).toHaveText('0', { timeout: 15_000 });
  await expect(dialog.getByTestId('trade-outcome')).toBeVisible({ timeout: 20_000 });
  const outcome = (await dialog.getByTestId('trade-outcome').textContent())!;
  const profit = euros((await dialog.getByTestId('trade-profit').textContent())!);
  await page.screenshot({ path: path.join(shots, 'trade-result.png') });
  if (outcome.startsWith('Gewonnen')) expect(profit).toBe(85);
  else if (outcome.startsWith('Verloren')) expect(profit).toBe(-100);
  else expect(profit).toBe(0);
  await dialog.getByTestId('continue-trading').click();
  await expect(dialog).toHaveCount(0);

  // Balance and bill flow agree with the result.
  await page.goto('/my');
  await expect(page.getByTestId('total-assets')).toHaveText(new RegExp(`^${(1000 + profit).toLocaleString('de-DE', { minimumFractionDigits: 2 })}\\s€$`));
  await page.goto('/bill');
  await expect(page.getByTestId('list-row').first()).toContainText('Kontrakt abgerechnet');
});

test('buy and sell shares; holdings with P/L on /position', async ({ page, request }) => {
  const user = await fundedInvestor(request, 20_000);
  await openWithSession(page, user.token, '/marketDetails?symbol=INFY');
  const trade = page.getByTestId('tabs-trade');
  await trade.getByRole('tab', { name: 'Aktien' }).click();
  const buy = trade.getByTestId('form-buyShares');
  await buy.getByRole('button', { name: 'Mehr' }).click();
  await expect(buy.locator('input')).toHaveValue('2');
  await buy.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toContainText('Order ausgeführt');

  // Selling more than held is refused with a clear message.
  const sell = trade.getByTestId('form-sellShares');
  await sell.locator('input').fill('5');
  await sell.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toBeVisible();

  await page.goto('/position');
  await page.getByRole('tab', { name: 'Bestand' }).click();
  const holding = page.getByTestId('list-holdings').getByTestId('list-row').first();
  await expect(holding).toContainText('Infosys');
  await expect(holding).toContainText('Stk. 2');
  await expect(holding.locator('.list-trailing')).toHaveText(/^[+-]?[\d.]+,\d{2}\s€$/);
  await page.screenshot({ path: path.join(shots, 'position.png') });

  await holding.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/marketDetails\?symbol=INFY$/);
  await page.getByTestId('tabs-trade').getByRole('tab', { name: 'Aktien' }).click();
  await page.getByTestId('form-sellShares').getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toContainText('Order übermittelt');
  await page.goto('/position');
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  await expect(page.getByTestId('list-history').getByTestId('list-row').first()).toContainText('Verkauft');
});
