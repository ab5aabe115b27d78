/**
 * Money end to end at 390×844: deposit with a screenshot → operator approves →
 * balance and bill flow update → withdraw with the fee shown → operator pays out → records
 * show the states. The server's clock starts on a Monday inside both windows (CLOCK_START).
 */
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from './test';
import { demoOperator, openWithSession, registerByApi, confirmCommand, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;
const utr = () => String(Math.floor(1e11 + Math.random() * 9e11));
/** A German number as shown (`521.000,00 ₹`, `1 € = 104,2 ₹` → its last number) → the number. */
const germanNumber = (text: string) => Number(/([\d.]+,\d+)\s*₹\s*$/.exec(text.replace(/\u00a0/g, ' '))![1]!.replace(/\./g, '').replace(',', '.'));
/** Rupee paise for cents at a rate in rupees per euro, rounded up (what the server keeps). */
const rupeePaise = (cents: number, rate: number) => Math.ceil((cents * Math.round(rate * 100)) / 100);

const image = (label: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1600"><rect width="100%" height="100%" fill="#f5f7fa"/><text x="60" y="200" font-size="70" font-family="sans-serif" fill="#0b6b57">${label}</text><text x="60" y="320" font-size="50" font-family="sans-serif" fill="#333">₹ 5,000 · SUCCESS</text></svg>`))
    .jpeg()
    .toBuffer();

async function api<T>(request: APIRequestContext, token: string, call: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/${call}`, { headers: { authorization: `Bearer ${token}` }, data });
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, `${call}: ${body.message}`).toBe(200);
  return body.data;
}

/** An investor with a bound bank account and approved identity. */
async function verifiedInvestor(request: APIRequestContext, operatorToken: string) {
  const user = await registerByApi(request);
  await api(request, user.token, 'bank/addBank', { holderName: 'Asha Verma', bankName: 'HDFC Bank', accountNumber: '50100123456789', ifsc: 'HDFC0001234', phone: '9876543210' });
  const photos: string[] = [];
  for (const side of ['FRONT', 'BACK']) {
    const response = await request.post('/api/oss/uploadPhoto', { headers: { authorization: `Bearer ${user.token}` }, multipart: { file: { name: 'id.jpg', mimeType: 'image/jpeg', buffer: await image(side) } } });
    photos.push(((await response.json()) as { data: { id: string } }).data.id);
  }
  await api(request, user.token, 'authentication/save', { name: 'Asha Verma', idType: 'pan', idNumber: 'ABCDE1234F', frontPhotoId: photos[0], backPhotoId: photos[1] });
  const queue = await api<{ items: Array<{ id: string; email: string }> }>(request, operatorToken, 'admin/authentication/list', { pageSize: 100 });
  await api(request, operatorToken, 'admin/authentication/approve', { id: queue.items.find((i) => i.email === user.email)!.id });
  return user;
}

async function operatorPage(page: Page, token: string) {
  await openWithSession(page, token, '/admin');
  await expect(page.getByRole('heading', { name: 'Backoffice' })).toBeVisible();
}

test('deposit → approve → bill → withdraw with fee → pay out → records', async ({ page, browser, request }) => {
  const operatorToken = (await api<{ token: string }>(request, '', 'user/login', demoOperator())).token;
  const user = await verifiedInvestor(request, operatorToken);
  const reference = utr();

  // Deposit by bank transfer with a screenshot.
  const quoteBodies: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/pay/quote')) quoteBodies.push(sent.postData() ?? '');
  });
  await openWithSession(page, user.token, '/pay');
  // The window's state first, then the window itself.
  await expect(page.getByTestId('notice').first()).toContainText('Einzahlungen sind jetzt geöffnet, heute bis 22:00 Uhr');
  await expect(page.getByTestId('notice').nth(1)).toContainText('09:00 bis 22:00');
  const form = page.getByTestId('form-deposit');
  await form.getByTestId('submit').click();
  await expect(form.locator('.field-error', { hasText: 'Darf nicht leer sein' })).toHaveCount(3);
  // No rupee quote is asked for before there is an amount.
  expect(quoteBodies).toEqual([]);
  await form.getByLabel('Betrag').fill('5000');
  // The rupees to transfer to the Indian account at the current rate, beside the euro credit.
  await expect(form.getByTestId('estimate-amountQuote')).toHaveText(/^\d{3}\.\d{3},\d\d\s₹$/);
  await expect(form.getByTestId('estimate-rate')).toHaveText(/^1 € = \d{2,3},\d{2,4} ₹$/);
  await expect(form.getByTestId('estimate-amount')).toHaveText(/^5\.000,00\s€$/);
  await expect(form.getByTestId('estimate')).toContainText('UPI/IMPS');
  expect(quoteBodies.every((body) => 'amount' in (JSON.parse(body) as object))).toBe(true);
  const shownRate = germanNumber((await form.getByTestId('estimate-rate').textContent())!);
  expect(Math.round(germanNumber((await form.getByTestId('estimate-amountQuote').textContent())!) * 100)).toBe(rupeePaise(500_000, shownRate));
  await expect(form.getByRole('radio', { name: /HDFC Bank/ })).toHaveAttribute('aria-checked', 'true');
  await form.getByLabel('UTR-Nummer').fill(reference);
  await form.getByTestId('photo-screenshotId').locator('input[type=file]').setInputFiles({ name: 'pay.jpg', mimeType: 'image/jpeg', buffer: await image('UPI') });
  await expect(form.getByTestId('photo-screenshotId')).toHaveAttribute('data-phase', 'done');
  await page.screenshot({ path: path.join(shots, 'pay.png') });
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/rechargeRecord$/);
  await expect(page.getByTestId('list-row').first()).toContainText('5.000,00');
  await expect(page.getByTestId('list-row').first()).toContainText('Prüfung ausstehend');

  // The same UTR can never be reported twice.
  await page.goto('/pay');
  await form.getByLabel('Betrag').fill('10');
  await form.getByLabel('UTR-Nummer').fill(reference);
  await form.getByTestId('photo-screenshotId').locator('input[type=file]').setInputFiles({ name: 'pay.jpg', mimeType: 'image/jpeg', buffer: await image('AGAIN') });
  await expect(form.getByTestId('photo-screenshotId')).toHaveAttribute('data-phase', 'done');
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(page).toHaveURL(/\/pay$/);

  // The operator approves it from the back office.
  const ops = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await operatorPage(ops, operatorToken);
  await ops.getByTestId('list-depositQueue').getByTestId('list-row').filter({ hasText: user.email }).getByRole('button').first().click();
  await expect(ops.getByTestId('detail-deposit')).toContainText(reference);
  await expect(ops.getByTestId('detail-deposit')).toContainText('50100123456789');
  // The operator matches the rupees that arrived against the rupee amount kept with the deposit.
  const keptRupees = (await ops.locator('[data-field=amountQuote]').textContent())!;
  const keptRate = germanNumber((await ops.locator('[data-field=rate]').textContent())!);
  expect(keptRupees).toMatch(/^\d{3}\.\d{3},\d\d\s₹$/);
  expect(Math.round(germanNumber(keptRupees) * 100)).toBe(rupeePaise(500_000, keptRate));
  expect(Math.abs(keptRate / shownRate - 1)).toBeLessThan(0.01);
  await expect(ops.locator('.detail-photos img')).toHaveCount(1);
  await ops.screenshot({ path: path.join(shots, 'admin-deposit.png') });
  await ops.getByRole('button', { name: 'Genehmigen und gutschreiben' }).click();
  await ops.getByTestId('action-confirm').click();
  await expect(ops.locator('[data-field=status]')).toHaveText('Prüfung bestanden');

  // Balance and bill flow.
  await page.goto('/my');
  await expect(page.getByTestId('total-assets')).toHaveText(/^5\.000,00\s€$/);
  await page.goto('/bill');
  await expect(page.getByTestId('list-row').first()).toContainText('+5.000,00');

  // Withdraw 1.000: the fee (3 %) and the amount that arrives are shown before submitting.
  await page.goto('/withdraw');
  const withdraw = page.getByTestId('form-withdraw');
  await withdraw.getByLabel('Auszahlungsbetrag').fill('1000');
  await expect(withdraw.getByTestId('fee')).toHaveText(/^30,00\s€$/);
  await expect(withdraw).toContainText('Gebühr (3 %)'); // withdraw.fee carries the configured {fee}
  await expect(withdraw.getByTestId('net')).toHaveText(/^970,00\s€$/);
  await expect(page.getByText('bis zu 48 Std.')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'withdraw.png') });
  await withdraw.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/widthdrawRecord$/);
  await expect(page.getByTestId('list-row').first()).toContainText('Prüfung ausstehend');
  await page.goto('/my');
  await expect(page.getByTestId('total-assets')).toHaveText(/^5\.000,00\s€$/); // held, still his

  // The operator pays it out.
  await ops.goto('/admin');
  await ops.getByTestId('list-withdrawalQueue').getByTestId('list-row').filter({ hasText: user.email }).getByRole('button').first().click();
  await expect(ops.getByTestId('detail-withdrawal')).toContainText('970,00');
  await ops.getByRole('button', { name: 'Als ausgezahlt markieren' }).click();
  await ops.getByTestId('action-confirm').click();
  await expect(ops.locator('[data-field=status]')).toHaveText('Ausgezahlt');
  await ops.close();

  // Records and bill show the final states.
  await page.goto('/widthdrawRecord');
  await expect(page.getByTestId('list-row').first()).toContainText('Ausgezahlt');
  await page.getByTestId('list-row').first().getByRole('button').click();
  await expect(page).toHaveURL(/\/withdrawDetail\?id=/);
  await expect(page.locator('[data-field=fee]')).toHaveText(/^30,00\s€$/);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await page.goto('/my');
  await expect(page.getByTestId('total-assets')).toHaveText(/^4\.000,00\s€$/);
  await page.goto('/bill');
  await expect(page.getByTestId('list-row')).not.toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'bill.png') });
  await page.getByRole('radio', { name: 'Einzahlung' }).click();
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await page.goto('/rechargeRecord');
  await expect(page.getByTestId('list-row').first()).toContainText('Prüfung bestanden');
  await page.getByTestId('list-row').first().getByRole('button').click();
  await expect(page.locator('[data-field=utr]')).toHaveText(reference);
  await expect(page.locator('[data-field=amountQuote]')).toHaveText(keptRupees);
  await expect(page.locator('[data-field=rate]')).toHaveText(/^1 € = \d{2,3},\d{2,4} ₹$/);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/rechargeRecord$/);
});

test('the institution deposit form keeps its draft when leaving and coming back', async ({ page, request }) => {
  const user = await registerByApi(request);
  await openWithSession(page, user.token, '/payBalance');
  await expect(page.getByLabel('Betrag')).toHaveAttribute('placeholder', /Mindestens 2\.000,00/);
  await page.getByLabel('Betrag').fill('2500');
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/my$/);
  await page.getByRole('button', { name: 'Institutionelle Einzahlung' }).click();
  await expect(page.getByLabel('Betrag')).toHaveValue('2500');
});
