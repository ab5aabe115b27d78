/**
 * The app's fonts on a phone: Noto Sans SC's declarations are not part of the render-blocking
 * stylesheet. A German screen has no Noto Sans SC face; the language list, which names Chinese
 * in itself ("中文"), loads them and draws that name in Noto Sans SC; a German screen that shows
 * Chinese text from data (the operator's banners in every language) loads them too; a Chinese
 * screen has them from its first render.
 */
import { expect, test } from './test';
import { openWithSession, operatorToken, registerByApi } from './helpers';

/** How many of the document's font faces belong to Noto Sans SC. */
const cjkFaces = () => [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Noto Sans SC Variable').length;

test('Noto Sans SC loads with the language list, not with every screen', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/my');
  await expect(page.getByRole('button', { name: 'Sprache' })).toBeVisible();
  expect(await page.evaluate(cjkFaces)).toBe(0);

  await page.getByRole('button', { name: 'Sprache' }).click();
  await expect(page.getByRole('radio', { name: '中文' })).toBeVisible();
  await expect.poll(() => page.evaluate(cjkFaces)).toBeGreaterThan(50);
  // The name is drawn in the app's own Chinese face once its slice has arrived.
  await expect
    .poll(() => page.evaluate(async () => {
      await document.fonts.load('16px "Noto Sans SC Variable"', '中文');
      return document.fonts.check('16px "Noto Sans SC Variable"', '中文');
    }))
    .toBe(true);
});

test('a German screen showing Chinese text from data loads Noto Sans SC for it', async ({ page, request }) => {
  await openWithSession(page, await operatorToken(request), '/adminBanners');
  await expect(page.getByText(/[\u4e00-\u9fff]/).first()).toBeVisible();
  await expect.poll(() => page.evaluate(cjkFaces)).toBeGreaterThan(50);
});

test('a Chinese screen has the Noto Sans SC faces from its first render', async ({ page, request }) => {
  const user = await registerByApi(request);
  await page.addInitScript(() => localStorage.setItem('lang', 'ZH'));
  await openWithSession(page, user.token, '/my');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('navigation', { name: 'tabs' })).toBeVisible();
  expect(await page.evaluate(cjkFaces)).toBeGreaterThan(50);
});
