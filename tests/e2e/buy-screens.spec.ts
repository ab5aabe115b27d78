/**
 * The ticket's entry points at 390×844: /home's quote lists and a share's
 * /marketDetails open /buy for that symbol; an index's ticket explains it is not tradable and
 * points to the ETFs; an ETF's leads to the fund's own ticket /etfBuy. Screenshots for
 * docs/screenshots.
 */
import path from 'node:path';
import { expect, test } from './test';
import { fundedInvestor, openWithSession, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

test('home lists and a share detail open the ticket; an index is not tradable', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 1000);

  await openWithSession(page, user.token, '/home');
  const row = page.getByTestId('quotes-gainers').getByTestId('quote-row').first();
  await expect(row).toBeVisible();
  const symbol = await row.getAttribute('data-symbol');
  await page.screenshot({ path: path.join(shots, 'home-buy.png'), fullPage: true });
  await row.getByTestId('quote-row-action').click();
  await expect(page).toHaveURL(new RegExp(`/buy\\?symbol=${symbol}$`));
  await expect(page.getByTestId('form-ticket')).toBeVisible();

  await page.goto('/marketDetails?symbol=INFY');
  await expect(page.getByTestId('quote-head')).toContainText('INFY');
  await page.getByRole('button', { name: 'Kaufen', exact: true }).click();
  await expect(page).toHaveURL(/\/buy\?symbol=INFY$/);
  await expect(page.getByTestId('quote-head')).toContainText('INFY');

  await page.goto('/buy?symbol=NIFTY50');
  await expect(page.getByText('Ein Index ist nicht handelbar.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('form-ticket')).toHaveCount(0);
  await expect(page.getByTestId('form-etfTicket')).toHaveCount(0);

  await page.goto('/buy?symbol=NIVBANK');
  await expect(page.getByTestId('quote-head')).toContainText('Nivesh Bank ETF');
  await expect(page.getByTestId('form-ticket')).toHaveCount(0);
  await page.getByRole('button', { name: 'Anteile kaufen', exact: true }).click();
  await expect(page).toHaveURL(/\/etfBuy\?symbol=NIVBANK$/);
  await expect(page.getByTestId('form-etfTicket')).toBeVisible();
});
