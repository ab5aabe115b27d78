/**
 * Identity verification end to end at 390×844: the investor photographs both sides
 * (progress, preview), submits, sees 'pending review'; the operator approves in /admin; the
 * investor sees 'review approved'. Also a rejection with its reason and the resubmission form.
 */
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from './test';
import { demoOperator, openWithSession, registerByApi, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;
const AADHAAR = '234123412346';

async function photo(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="100%" height="100%" fill="#e4ecf4"/><rect x="60" y="60" width="380" height="460" rx="24" fill="#9db0c4"/><text x="500" y="180" font-size="90" font-family="sans-serif" fill="#12304d">${label}</text><text x="500" y="300" font-size="60" font-family="sans-serif" fill="#35506b">Asha Verma</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Slows uploads a little so the progress state is observable. */
async function slowUploads(page: Page) {
  await page.route('**/api/oss/uploadPhoto**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

async function fillIdentity(page: Page, form: ReturnType<Page['getByTestId']>) {
  await form.getByLabel('Vollständiger Name').fill('Asha Verma');
  await form.getByRole('radio', { name: 'Aadhaar' }).click();
  await form.getByLabel('Ausweisnummer').fill('2341 2341 2346');
  await expect(form.getByLabel('Ausweisnummer')).toHaveValue(AADHAAR);
  for (const [id, label] of [['frontPhotoId', 'FRONT'], ['backPhotoId', 'BACK']] as const) {
    const widget = form.getByTestId(`photo-${id}`);
    await widget.locator('input[type=file]').setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await photo(label) });
    await expect(widget.getByRole('progressbar')).toBeVisible();
    await expect(widget).toHaveAttribute('data-phase', 'done');
    await expect(widget.locator('img')).toBeVisible();
  }
}

test('investor submits identity, operator approves in /admin, investor sees approval', async ({ page, browser, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/realName');
  await expect(page.getByTestId('status-label')).toHaveText('Noch nicht verifiziert');
  const form = page.getByTestId('form-submit');
  await page.screenshot({ path: path.join(shots, 'realName-form.png') });

  // Empty submit names every empty field (the document type starts on Aadhaar).
  await form.getByTestId('submit').click();
  await expect(form.locator('.field-error', { hasText: 'Darf nicht leer sein' })).toHaveCount(4);

  await slowUploads(page);
  await fillIdentity(page, form);
  await form.getByLabel('Ausweisnummer').fill('234123412347');
  await form.getByTestId('submit').click();
  await expect(form.getByText('Diese Nummer ist ungültig (Prüfziffer)')).toBeVisible();
  await form.getByLabel('Ausweisnummer').fill(AADHAAR);
  await form.getByTestId('submit').click();

  await expect(page.getByTestId('status-label')).toHaveText('Prüfung ausstehend');
  await expect(page.getByTestId('status-card')).toContainText('XXXX XXXX 2346');
  await expect(page.getByTestId('form-submit')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('status-label')).toHaveText('Prüfung ausstehend');
  await page.screenshot({ path: path.join(shots, 'realName-pending.png') });

  // The operator, on their own phone, approves it from the back office.
  const operator = demoOperator();
  const login = await request.post('/api/user/login', { data: operator });
  const operatorToken = ((await login.json()) as { data: { token: string } }).data.token;
  const ops = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openWithSession(ops, operatorToken, '/my');
  await ops.getByRole('button', { name: 'Backoffice' }).click();
  await expect(ops).toHaveURL(/\/admin$/);
  const row = ops.getByTestId('list-row').filter({ hasText: user.email });
  await expect(row).toContainText('Prüfung ausstehend');
  await ops.screenshot({ path: path.join(shots, 'admin-queue.png') });
  await row.getByRole('button').first().click();
  await expect(ops).toHaveURL(/\/adminIdentity\?id=/);
  await expect(ops.getByTestId('detail-submission')).toContainText('XXXX XXXX 2346');
  await expect(ops.locator('.detail-photos img')).toHaveCount(2);
  await ops.screenshot({ path: path.join(shots, 'admin-identity.png') });
  await ops.getByRole('button', { name: 'Genehmigen' }).click();
  await ops.getByTestId('action-confirm').click();
  await expect(ops.getByTestId('toast')).toContainText('Genehmigt');
  await expect(ops.locator('[data-field=status]')).toHaveText('Prüfung bestanden');
  await ops.close();

  await page.reload();
  await expect(page.getByTestId('status-label')).toHaveText('Prüfung bestanden');
  await page.screenshot({ path: path.join(shots, 'realName-approved.png') });
});

test('a rejection shows its reason and the resubmission form', async ({ page, request }) => {
  const user = await registerByApi(request);
  const auth = { authorization: `Bearer ${user.token}` };
  const ids: string[] = [];
  for (const label of ['FRONT', 'BACK']) {
    const response = await request.post('/api/oss/uploadPhoto', { headers: auth, multipart: { file: { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await photo(label) } } });
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
  }
  await request.post('/api/authentication/save', { headers: auth, data: { name: 'Asha Verma', idType: 'pan', idNumber: 'ABCDE1234F', frontPhotoId: ids[0], backPhotoId: ids[1] } });
  const operatorToken = ((await (await request.post('/api/user/login', { data: demoOperator() })).json()) as { data: { token: string } }).data.token;
  const list = (await (await request.post('/api/admin/authentication/list', { headers: { authorization: `Bearer ${operatorToken}` }, data: { pageSize: 100 } })).json()) as { data: { items: Array<{ id: string; email: string }> } };
  const id = list.data.items.find((item) => item.email === user.email)!.id;

  // Reject through the desk UI: the reason is required.
  await openWithSession(page, operatorToken, `/adminIdentity?id=${id}`);
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(page.getByTestId('action-confirm')).toBeDisabled();
  await page.getByTestId('action-sheet').locator('textarea').fill('Das Foto der Rückseite ist unscharf.');
  await page.getByTestId('action-confirm').click();
  await expect(page.locator('[data-field=status]')).toHaveText('Prüfung abgelehnt');

  await openWithSession(page, user.token, '/realName');
  await expect(page.getByTestId('status-label')).toHaveText('Prüfung abgelehnt');
  await expect(page.getByTestId('status-reason')).toContainText('Das Foto der Rückseite ist unscharf.');
  await expect(page.getByTestId('form-resubmit')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'realName-rejected.png') });
});
