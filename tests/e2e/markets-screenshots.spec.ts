/**
 * Phone screenshots of the markets screens. Written to test-results/screenshots;
 * `SCREENSHOTS_DIR=docs/screenshots` refreshes the committed set.
 */
import path from 'node:path';
import { expect, test, type Page } from './test';
import { openWithSession, registerByApi } from './helpers';

const dir = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`) });

test('screenshots of the markets screens', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/userMarket');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await shoot(page, 'userMarket-empty');
  for (const symbol of ['RELIANCE', 'TCS', 'HDFCBANK', 'INFY']) {
    const response = await request.post('/api/collect/add', { data: { symbol }, headers: { authorization: `Bearer ${user.token}` } });
    expect((await response.json()).code).toBe(200);
  }
  await openWithSession(page, user.token, '/home');
  await expect(page.getByTestId('index-card')).toHaveCount(2);
  await expect(page.getByTestId('news-item').first()).toBeVisible();
  await expect(page.getByTestId('slide').first()).toBeVisible();
  await page.waitForTimeout(1500);
  await shoot(page, 'home');

  await page.goto('/market');
  await expect(page.getByTestId('quote-row').first()).toBeVisible();
  await page.waitForTimeout(1200);
  await shoot(page, 'market');

  await page.goto('/marketDetails?symbol=RELIANCE');
  await expect(page.getByTestId('chart')).toHaveAttribute('data-state', 'ready');
  await page.waitForTimeout(800);
  await shoot(page, 'marketDetails');
  await page.getByTestId('range-6M').click();
  await page.getByTestId('style-candles').click();
  await expect(page.getByTestId('chart')).toHaveAttribute('data-state', 'ready');
  await page.waitForTimeout(600);
  await shoot(page, 'marketDetails-candles');

  await page.goto('/userMarket');
  await expect(page.getByTestId('quote-row')).toHaveCount(4);
  await page.waitForTimeout(800);
  await shoot(page, 'userMarket');

  await page.goto('/search');
  await page.getByTestId('search-input').fill('ba');
  await expect(page.getByTestId('search-results').getByTestId('quote-row').first()).toBeVisible();
  await page.waitForTimeout(500);
  await shoot(page, 'search');

  await page.goto('/home');
  await page.getByTestId('news-item').first().click();
  await expect(page.getByTestId('article')).toBeVisible();
  await shoot(page, 'newsDetails');

  await page.goto('/corporationSelect');
  await expect(page.getByTestId('article')).toBeVisible();
  await shoot(page, 'corporationSelect');
});
