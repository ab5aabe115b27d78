/**
 * Hardening at 390×844: the password strength meter on /register and /ChangePassword (a
 * common password shows "very weak" and is refused by the server; a phrase shows "strong"),
 * and the deposit beneficiary card on /pay.
 */
import path from 'node:path';
import { expect, test } from './test';
import { freshEmail, openWithSession, readCode, registerByApi, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

test('the strength meter rates passwords on /register; the server refuses a common one', async ({ page, request }) => {
  const email = freshEmail();
  await page.goto('/register');
  const meter = page.locator('#root_password__strength');
  await expect(meter).toContainText('Mindestens 8 Zeichen');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('password');
  await expect(meter.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
  await expect(meter).toContainText('Sehr schwach');
  await expect(meter).toContainText('häufig verwendetes Passwort');
  await page.screenshot({ path: path.join(shots, 'register-password-weak.png') });

  // The server says the same when the form is sent anyway.
  await page.getByLabel('Passwort bestätigen').fill('password');
  await page.locator('#root_captcha').click();
  const dialog = page.getByTestId('captcha-dialog');
  await dialog.getByTestId('captcha-send').click();
  const code = await readCode(request, email);
  await dialog.getByLabel('Bestätigungscode').fill(code);
  await dialog.getByTestId('captcha-confirm').click();
  await expect(page.getByText('Zu leicht zu erraten').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Passwort', { exact: true }).fill('monsoon chai on the balcony');
  await expect(meter.getByRole('meter')).toHaveAttribute('aria-valuenow', '4');
  await expect(meter).toContainText('Stark');
  await page.screenshot({ path: path.join(shots, 'register-password-strong.png') });
});

test('the strength meter on /ChangePassword', async ({ page }) => {
  await page.goto('/ChangePassword');
  const meter = page.locator('#root_newPassword__strength');
  await page.getByLabel('E-Mail').fill('someone@example.com');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('12345678');
  await expect(meter).toContainText('Sehr schwach');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Tulpen-am-Ganges-7');
  await expect(meter.getByRole('meter')).toHaveAttribute('aria-valuenow', /[34]/);
  await page.screenshot({ path: path.join(shots, 'change-password-meter.png') });
});

test('the deposit beneficiary card on /pay and /payBalance: details, copy buttons, UPI QR code', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/pay');
  const card = page.getByTestId('beneficiary');
  await expect(card).toContainText('Überweise an');
  await expect(card.getByTestId('beneficiary-holderName')).toContainText('Nivesh Demo Client Account');
  await expect(card.getByTestId('beneficiary-bankName')).toContainText('HDFC Bank');
  await expect(card.getByTestId('beneficiary-accountNumber')).toContainText('50200012345678');
  await expect(card.getByTestId('beneficiary-ifsc')).toContainText('HDFC0000240');
  await expect(card.getByTestId('beneficiary-upiId')).toContainText('nivesh.demo@hdfcbank');
  const qr = card.getByTestId('beneficiary-qr');
  await expect(qr).toHaveAttribute('href', /^upi:\/\/pay\?pa=nivesh\.demo%40hdfcbank/);
  await expect(qr.locator('img')).toHaveJSProperty('complete', true);
  expect(await qr.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await card.getByTestId('copy-accountNumber').click();
  await expect(page.getByTestId('toast')).toContainText('Kontonummer kopiert');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('50200012345678');
  await card.getByRole('button', { name: 'IFSC kopieren' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('HDFC0000240');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'pay-beneficiary.png') });
  // Nothing is squeezed: the card fits the 390 px viewport.
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await page.goto('/payBalance');
  await expect(page.getByTestId('beneficiary').getByTestId('beneficiary-upiId')).toContainText('nivesh.demo@hdfcbank');
});
