/**
 * Phone screenshots of the delivered screens. Written to test-results/screenshots; run with
 * `SCREENSHOTS_DIR=docs/screenshots npx playwright test screenshots` to refresh the committed set.
 */
import path from 'node:path';
import { expect, test, type Page } from './test';
import { openWithSession, registerByApi } from './helpers';

const dir = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`) });

test('screenshots of the walking skeleton', async ({ page, request }) => {
  await page.goto('/page');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await shoot(page, 'page');

  await page.goto('/login');
  await expect(page.getByTestId('submit')).toBeVisible();
  await shoot(page, 'login');

  await page.goto('/register');
  await page.getByTestId('submit').click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  await shoot(page, 'register-errors');

  await page.getByLabel('E-Mail').fill('asha@example.com');
  await page.locator('#root_captcha').click();
  await expect(page.getByTestId('captcha-dialog')).toBeVisible();
  await page.waitForTimeout(300); // let the sheet finish rising
  await shoot(page, 'captcha-dialog');

  const user = await registerByApi(request);
  for (const bank of [
    { holderName: 'Asha Verma', bankName: 'HDFC Bank', accountNumber: '50100123456789', ifsc: 'HDFC0001234', phone: '9876543210' },
    { holderName: 'Asha Verma', bankName: 'State Bank of India', accountNumber: '32145678901', ifsc: 'SBIN0000813', phone: '9876543210' },
  ]) {
    const response = await request.post('/api/bank/addBank', { data: bank, headers: { authorization: `Bearer ${user.token}` } });
    expect((await response.json()).code).toBe(200);
  }
  await openWithSession(page, user.token, '/bindBank');
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  await shoot(page, 'bindBank');

  await page.goto('/my');
  await expect(page.getByTestId('total-assets')).toBeVisible();
  await shoot(page, 'my');

  await page.goto('/home');
  await page.getByTestId('open-drawer').click();
  await expect(page.getByTestId('drawer').getByTestId('user-uid')).toBeVisible();
  await page.waitForTimeout(300); // let the slide-in finish
  await shoot(page, 'drawer');

  await page.goto('/language');
  await expect(page.getByRole('radio')).toHaveCount(4);
  await shoot(page, 'language');
});
