/**
 * Staff safety in Chromium at 390×844, on a server of its own (built in this process on a free
 * port, SQLite, a manual clock) with `STAFF_TOTP=required` and `CONTENT_LINK_ORIGINS`:
 * - an article whose stored HTML is hostile renders without its page-wide style, script, form
 *   or phishing link (its text stays); the allow-listed link opens externally with the marker;
 *   no CSP violation;
 * - the seeded operator signs in with password and then, when the form asks for it, the
 *   authenticator code (RFC 6238 from the secret in demo-credentials.json); a wrong code is
 *   refused in place;
 * - a new operator who has not enrolled is sent to /staffTotp, scans (the QR is shown), enters
 *   a code and gets the recovery codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './test';
import { loadConfig } from '../../src/server/config';
import { buildServer, type Server } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { seedDemo, type DemoCredentials } from '../../src/server/demo/seed';
import { createUser } from '../../src/server/domain/users';
import { saveNews } from '../../src/server/domain/news-admin';
import { totpCode } from '../../src/server/domain/staff-totp';
import { ALLOWED_ORIGIN, MALICIOUS_HTML } from '../support/malicious-html';
import { SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;
let server: Server;
let clock: ManualClock;
let base: string;
let dataDir: string;
let demo: DemoCredentials;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-staff-e2e-'));
  const config = loadConfig({
    NIVESH_MODE: 'demo',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    STAFF_TOTP: 'required',
    CONTENT_LINK_ORIGINS: ALLOWED_ORIGIN,
    LOGIN_PER_IP_PER_15MIN: '1000',
    CLIENT_DIR: process.env.CLIENT_DIR ?? path.join(process.cwd(), 'dist/client'),
  });
  clock = new ManualClock(Date.UTC(2026, 10, 23, 6, 0, 0));
  server = await buildServer(config, { clock, logger: false, strictScreens: true });
  demo = await seedDemo(server.deps);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await server?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Collects CSP violations of a page. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByTestId('submit').click();
}

test('an article with hostile stored HTML renders without its style, form or phishing link', async ({ page }) => {
  const violations = watchCsp(page);
  const operator = await server.deps.db.selectFrom('users').select('id').where('role', '=', 'operator').executeTakeFirstOrThrow();
  const { id } = await saveNews(server.deps, operator.id, { lang: 'de', title: 'Marktbericht', bodyHtml: '<p>x</p>', status: 'published' });
  await server.deps.db.updateTable('news').set({ body_html: MALICIOUS_HTML }).where('id', '=', id).execute();
  const login = await (await page.request.post(`${base}/api/user/login`, { data: demo.investor })).json();
  await page.goto(`${base}/page`);
  await page.evaluate((t) => localStorage.setItem('token', t), login.data.token as string);
  await page.goto(`${base}/newsDetails?id=${id}`);
  const body = page.getByTestId('article').locator('.article-body');
  await expect(body).toContainText('Deposit to our new account');
  await expect(body.locator('style, script, form, input, iframe, object, [style], [onclick]')).toHaveCount(0);
  await expect(body.locator('a[href*="evil.example"], a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);
  const external = body.locator(`a[href^="${ALLOWED_ORIGIN}"]`);
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(external).toHaveClass(/external/);
  expect(await external.evaluate((a) => getComputedStyle(a, '::after').content)).toContain('↗');
  // The page's own styles are untouched: the body is not red, the card is shown.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(204, 0, 0)');
  await expect(page.getByTestId('article')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'article-hostile-html.png') });
  expect(violations).toEqual([]);
});

test('the operator signs in with password and authenticator code', async ({ page }) => {
  const violations = watchCsp(page);
  await signIn(page, demo.operator.email, demo.operator.password);
  // The server asks for the second step: the code field appears with its message.
  const otp = page.getByLabel('Code aus der Authenticator-App');
  await expect(otp).toBeVisible();
  await expect(page.locator('.field-error').first()).toContainText('6-stelligen Code');
  await page.screenshot({ path: path.join(shots, 'login-staff-otp.png') });
  await otp.fill('000000' === totpCode(demo.operator.totpSecret!, clock.now()) ? '111111' : '000000');
  await page.getByTestId('submit').click();
  await expect(page.locator('.field-error').first()).toContainText('falsch oder schon benutzt');
  await expect(page).toHaveURL(/\/login$/);
  clock.advance(30_000);
  await otp.fill(totpCode(demo.operator.totpSecret!, clock.now()));
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${base}/admin`);
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
  expect(violations).toEqual([]);
});

test('a new operator is sent to /staffTotp, enrols with the QR code and gets recovery codes', async ({ page }) => {
  const email = `op-${randomUUID().slice(0, 8)}@example.com`;
  await createUser(server.deps, { email, password: 'operator password 9', role: 'operator' });
  await signIn(page, email, 'operator password 9');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${base}/admin`);
  await expect(page).toHaveURL(/\/staffTotp$/);
  await page.getByRole('button', { name: 'Authenticator einrichten' }).click();
  const qr = page.locator('.detail-photos img');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const key = (await page.locator('dd[data-field="secret"]').innerText()).replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: path.join(shots, 'staff-totp-enrol.png') });
  await page.getByRole('button', { name: 'Code eingeben' }).click();
  await page.locator('textarea').fill(totpCode(key, clock.now()));
  await page.getByTestId('action-confirm').click();
  const sheet = page.getByTestId('result-sheet');
  await expect(sheet).toContainText(/([a-z2-9]{4}-){3}[a-z2-9]{4}/);
  await page.screenshot({ path: path.join(shots, 'staff-totp-recovery.png') });
  await expect(page.locator('dd[data-field="state"]')).toContainText('Aktiv');
});
