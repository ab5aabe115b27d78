/**
 * The walking skeleton end to end on a phone-sized Chromium: visitor → /page,
 * register with the emailed code, log in, tabs and drawer, bank binding, language, the 501
 * flow and log out.
 */
import { expect, test } from './test';
import { countCalls, demoInvestor, freshEmail, openWithSession, outboxIds, readCode, registerByApi } from './helpers';

test('a visitor lands on the landing page from any guarded route', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/page$/);
  await expect(page.getByRole('heading', { name: 'Investiere in Indiens Märkte' })).toBeVisible();
  await page.goto('/bindBank');
  await expect(page).toHaveURL(/\/page$/);
  await page.goto('/ChangePassword');
  await expect(page).toHaveURL(/\/ChangePassword$/);
});

test('register with the emailed code, then log out and log in again', async ({ page, request }) => {
  const email = freshEmail();
  const password = 'Mein-Passwort-1';
  const registers = countCalls(page, 'user/register');
  await page.goto('/page');
  await page.getByRole('button', { name: 'Konto eröffnen' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Empty submit: every required field says so.
  await page.getByTestId('submit').click();
  await expect(page.locator('.field-error', { hasText: 'Darf nicht leer sein' })).toHaveCount(4);

  await page.getByLabel('E-Mail').fill('nicht-gueltig');
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill('anders-123');
  await page.getByTestId('submit').click();
  await expect(page.getByText('E-Mail-Format fehlerhaft')).toBeVisible();
  await expect(page.getByText('Neues Passwort und Bestätigung stimmen nicht überein')).toBeVisible();

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.locator('#root_captcha').click();
  const dialog = page.getByTestId('captcha-dialog');
  await expect(dialog).toContainText(email);
  await dialog.getByTestId('captcha-send').click();
  await expect(dialog.getByTestId('captcha-send')).toContainText(/Erneut senden in (59|60) s/);
  await expect(dialog.getByTestId('captcha-send')).toBeDisabled();
  const code = await readCode(request, email);
  await dialog.getByLabel('Bestätigungscode').fill(code);
  await dialog.getByTestId('captcha-confirm').click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('index-cards')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  // Confirming the code submitted the form once: no second request failing with a used code.
  expect(registers).toEqual(['POST']);
  await expect(page.getByText('Der Bestätigungscode ist falsch.')).toHaveCount(0);

  // Log out from /my, then log in with the same credentials.
  await page.getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('falsch-falsch');
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('toast')).toContainText('E-Mail oder Passwort');
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('tabs, header icons and the side drawer', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/');
  await expect(page).toHaveURL(/\/home$/);
  for (const [label, path] of [['Markt', '/market'], ['Depot', '/position'], ['Favoriten', '/userMarket'], ['Profil', '/my'], ['Start', '/home']] as const) {
    await page.getByRole('navigation', { name: 'tabs' }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.getByTestId('open-drawer').click();
  const drawer = page.getByTestId('drawer');
  await expect(drawer.getByTestId('user-uid')).toHaveText(/^N\d{7}$/);
  await expect(drawer.getByTestId('total-assets')).toHaveText(/^0,00\s€$/);
  await drawer.getByRole('button', { name: 'Bankkarte verknüpfen' }).click();
  await expect(page).toHaveURL(/\/bindBank$/);
  // Back from /bindBank goes to /my (docs/product.md, Routes).
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/my$/);
});

test('bind a bank account: validation, list after reload, delete', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/bindBank', 'EN');
  await expect(page.getByTestId('empty-state')).toBeVisible();

  const form = page.getByTestId('form-add');
  await form.getByTestId('submit').click();
  await expect(form.locator('.field-error', { hasText: 'Cannot be Empty' })).toHaveCount(5);

  await form.getByLabel('Account holder').fill('Asha Verma');
  await form.getByLabel('Bank').fill('HDFC Bank');
  await form.getByLabel('Account number').fill('50100123456789');
  await form.getByLabel('IFSC').fill('hdfc1234567');
  await form.getByLabel('Mobile number').fill('9876543210');
  await form.getByTestId('submit').click();
  await expect(form.getByText('Invalid IFSC (e.g. HDFC0001234)')).toBeVisible();

  await form.getByLabel('IFSC').fill('hdfc0001234');
  await expect(form.getByLabel('IFSC')).toHaveValue('HDFC0001234');
  await form.getByTestId('submit').click();
  await expect(page.getByTestId('toast')).toContainText('Bank account bound');
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('HDFC Bank');
  await expect(rows.first()).toContainText('•••• 6789');

  await page.reload();
  await expect(page.getByTestId('list-row')).toHaveCount(1);

  await page.getByTestId('list-row').first().getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('confirm-sheet').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('switching to English survives a reload; the popup offers English and German', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/my');
  await page.getByRole('button', { name: 'Sprache' }).click();
  await expect(page).toHaveURL(/\/language$/);
  await expect(page.getByRole('radio')).toHaveCount(4);
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('EN');
  await page.goto('/my');
  await expect(page.getByRole('navigation', { name: 'tabs' }).getByRole('link', { name: 'My' })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  const popup = page.getByTestId('language-popup');
  await expect(popup.getByRole('radio')).toHaveText(['English', 'Deutsch']);
  await popup.getByRole('radio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
});

test('a bogus token triggers the 501 flow: storage cleared, reload with marker, then /page', async ({ page }) => {
  await openWithSession(page, 'bogus-token', '/my');
  await expect(page).toHaveURL(/\/page$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('change password as a visitor with the emailed code', async ({ page, request }) => {
  // The seeded demo investor: no registration code was mailed, so no resend cooldown applies.
  const user = demoInvestor();
  const changes = countCalls(page, 'user/changePassword');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/ChangePassword$/);
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Neues Passwort').fill('Neu-Passwort-22');
  await page.getByLabel('Passwort bestätigen').fill('Neu-Passwort-22');
  await page.locator('#root_captcha').click();
  const before = await outboxIds(request, user.email);
  await page.getByTestId('captcha-send').click();
  const code = await readCode(request, user.email, before);
  await page.getByTestId('captcha-dialog').getByLabel('Bestätigungscode').fill(code);
  await page.getByTestId('captcha-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Passwort geändert');
  await expect(page.getByTestId('toast')).not.toContainText('Der Bestätigungscode ist falsch.');
  expect(changes).toEqual(['POST']);
  const login = await request.post('/api/user/login', { data: { email: user.email, password: 'Neu-Passwort-22' } });
  expect((await login.json()).code).toBe(200);
});
