/**
 * Every form sends one request per tap at 390×844, whatever the speed of the taps: a double tap
 * on the submit button and a double tap on the confirmation sheet of a money command. Each test
 * counts the requests of its call. The code confirmation that submits a form (register, change
 * password) is counted in skeleton.spec.ts.
 */
import sharp from 'sharp';
import { expect, test, type Page } from './test';
import { countCalls, freshEmail, openWithSession, readCode, registerByApi } from './helpers';

/** Waits until the answer to `/api/<call>` arrived. */
const answered = (page: Page, call: string) => page.waitForResponse((response) => new URL(response.url()).pathname === `/api/${call}`);

const CODE_WRONG = 'Der Bestätigungscode ist falsch.';

/** Types the mailed code into the code sheet and confirms it (the sheet then submits the form). */
async function confirmCode(page: Page, email: string, seen: Set<string>) {
  await page.locator('#root_captcha').click();
  const dialog = page.getByTestId('captcha-dialog');
  await dialog.getByTestId('captcha-send').click();
  await dialog.getByLabel('Bestätigungscode').fill(await readCode(page.request, email, seen));
  await dialog.getByTestId('captcha-confirm').click();
}

test('register: a double tap on submit sends user/register once and lands on /home without a code error', async ({ page }) => {
  const sent = countCalls(page, 'user/register');
  const email = freshEmail();
  await page.goto('/register');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('Mein-Passwort-1');
  await page.getByLabel('Passwort bestätigen').fill('anders-als-oben');
  // The code sheet submits the form; the mismatch stops it in the browser.
  await confirmCode(page, email, new Set());
  await expect(page.getByText('Neues Passwort und Bestätigung stimmen nicht überein')).toBeVisible();
  expect(sent).toEqual([]);

  await page.getByLabel('Passwort bestätigen').fill('Mein-Passwort-1');
  const answer = answered(page, 'user/register');
  await page.getByTestId('submit').dblclick();
  expect(((await (await answer).json()) as { code: number }).code).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('index-cards')).toBeVisible();
  expect(sent).toEqual(['POST']);
  await expect(page.getByText(CODE_WRONG)).toHaveCount(0);
});

test('login: a double tap on submit sends user/login once', async ({ page, request }) => {
  const user = await registerByApi(request);
  const sent = countCalls(page, 'user/login');
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByTestId('submit').dblclick();
  await expect(page).toHaveURL(/\/home$/);
  expect(sent).toEqual(['POST']);
});

test('bind bank: a double tap on submit binds one account', async ({ page, request }) => {
  const user = await registerByApi(request);
  const sent = countCalls(page, 'bank/addBank');
  await openWithSession(page, user.token, '/bindBank');
  const form = page.getByTestId('form-add');
  await form.getByLabel('Kontoinhaber').fill('Asha Verma');
  await form.getByLabel('Bank').fill('HDFC Bank');
  await form.getByLabel('Kontonummer').fill('50100123456789');
  await form.getByLabel('IFSC').fill('HDFC0001234');
  await form.getByLabel('Handynummer').fill('9876543210');
  await form.getByTestId('submit').dblclick();
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  expect(sent).toEqual(['POST']);
});

test('deposit: double taps on submit and on the confirmation sheet report one deposit', async ({ page, request }) => {
  const user = await registerByApi(request);
  const sent = countCalls(page, 'pay/recharge');
  await openWithSession(page, user.token, '/pay');
  const form = page.getByTestId('form-deposit');
  await form.getByLabel('Betrag').fill('100');
  await form.getByLabel('UTR-Nummer').fill(String(Math.floor(1e11 + Math.random() * 9e11)));
  const shot = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#0b6b57' } }).jpeg().toBuffer();
  await form.getByTestId('photo-screenshotId').locator('input[type=file]').setInputFiles({ name: 'pay.jpg', mimeType: 'image/jpeg', buffer: shot });
  await expect(form.getByTestId('photo-screenshotId')).toHaveAttribute('data-phase', 'done');
  await form.getByTestId('submit').dblclick();
  await page.getByTestId('command-sheet').getByTestId('command-confirm').dblclick();
  await expect(page).toHaveURL(/\/rechargeRecord$/);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  expect(sent).toEqual(['POST']);
});
