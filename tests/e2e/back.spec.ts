/**
 * The back arrow at 390×844: the named targets (/bindBank → /my), otherwise one step back in
 * the history — /my → "Meine Zeichnungen" → back returns to /my, /market → ETFs → back
 * returns to /market — and a screen opened without history goes to /home.
 */
import { expect, test } from './test';
import { openWithSession, registerByApi } from './helpers';

const back = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Zurück' }).click();

test('back goes one step back from the IPO applications and the ETF list', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/my');
  await page.getByRole('button', { name: 'Meine Zeichnungen' }).click();
  await expect(page).toHaveURL(/\/ipoList$/);
  await back(page);
  await expect(page).toHaveURL(/\/my$/);

  await page.getByRole('navigation', { name: 'tabs' }).getByRole('link', { name: 'Markt' }).click();
  await expect(page).toHaveURL(/\/market$/);
  await page.getByRole('button', { name: 'ETFs kaufen' }).click();
  await expect(page).toHaveURL(/\/etf$/);
  await back(page);
  await expect(page).toHaveURL(/\/market$/);
});

test('named targets hold; without history back goes to /home', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/market');
  await page.goto('/bindBank');
  await back(page);
  await expect(page).toHaveURL(/\/my$/);

  await page.goto('/etf'); // a new document: no history inside the app
  await back(page);
  await expect(page).toHaveURL(/\/home$/);
});
