/**
 * A published screen cannot act for the person who opens it, at 390×844 in Chromium: a
 * booby-trapped layout that slipped past the studio's checks (served here by rewriting the
 * screen payload on its way to the phone) loads a command when the screen opens — the operator
 * opening /admin with a notice loading `admin/beneficiary/save`, the investor opening /my with
 * one loading `aiRecommend/buy`. The renderer marks the load `X-Nivesh-Intent: load`, the
 * server answers 1810 and the beneficiary and the balance are unchanged. A money command runs
 * only after its confirmation sheet (the call's name and amount, drawn from its declaration).
 */
import path from 'node:path';
import { expect, test, type Page } from './test';
import { api, fundedInvestor, openWithSession, operatorToken, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;
const EVIL = { holderName: 'Mallory', bankName: 'Evil Bank', accountNumber: '999999999999', ifsc: 'EVIL0000001', upiId: 'mallory@evilupi' };

/** Serves screen `id` with `block` put first into its layout, as if it had been published. */
async function boobyTrap(page: Page, id: string, block: Record<string, unknown>) {
  await page.route(new RegExp(`/api/ui/screens/${id}(\\?|$)`), async (route) => {
    const response = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    const envelope = (await response.json()) as { data: { layout: { blocks: unknown[] } } };
    envelope.data.layout.blocks.unshift(block);
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'cache-control': 'no-store' }, body: JSON.stringify(envelope) });
  });
}

test('an operator opening a booby-trapped /admin does not change the beneficiary (1810)', async ({ page, request }) => {
  const operator = await operatorToken(request);
  const before = await api(request, operator, 'admin/beneficiary/get', {});
  await boobyTrap(page, 'admin', { kind: 'notice', text: 'admin.title', load: { call: 'admin/beneficiary/save', params: EVIL } });
  const trapped = page.waitForResponse((r) => r.url().includes('/api/admin/beneficiary/save'));
  await openWithSession(page, operator, '/admin');
  const response = await trapped;
  expect(response.request().headers()['x-nivesh-intent']).toBe('load');
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { code: number }).code).toBe(1810);
  await expect(page.getByText('Empfänger für Einzahlungen')).toBeVisible();
  expect(await api(request, operator, 'admin/beneficiary/get', {})).toEqual(before);
  expect(await api(request, operator, 'admin/beneficiary/pending', {})).toMatchObject({ pending: false, change: null });
});

test('an investor opening a booby-trapped /my buys nothing (1810)', async ({ page, request }) => {
  const user = await fundedInvestor(request, 20_000);
  const basket = (await api<{ items: Array<{ id: string }> }>(request, user.token, 'aiRecommend/page', {})).items[0]!;
  const before = await api<{ available: number }>(request, user.token, 'purse/getAssets', {});
  await boobyTrap(page, 'my', { kind: 'notice', text: 'my.title', load: { call: 'aiRecommend/buy', params: { id: basket.id, amount: 5000 } } });
  const trapped = page.waitForResponse((r) => r.url().includes('/api/aiRecommend/buy'));
  await openWithSession(page, user.token, '/my');
  const response = await trapped;
  expect(response.request().headers()['x-nivesh-intent']).toBe('load');
  expect(((await response.json()) as { code: number }).code).toBe(1810);
  await expect(page.getByTestId('summary').first()).toBeVisible();
  const after = await api<{ available: number }>(request, user.token, 'purse/getAssets', {});
  expect(after.available).toBe(before.available);
  expect((await api<{ total: number }>(request, user.token, 'aiRecommendRecord/page', {})).total).toBe(0);
});

test('a money command shows the confirmation sheet and runs only after confirm', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 30_000);
  const basket = (await api<{ items: Array<{ id: string }> }>(request, user.token, 'aiRecommend/page', {})).items[0]!;
  await openWithSession(page, user.token, `/aiBlockTradingBuy?id=${basket.id}`);
  const form = page.getByTestId('form-buy');
  await form.getByLabel('Betrag').fill('20000');
  let posted = 0;
  page.on('request', (r) => r.url().includes('/api/aiRecommend/buy') && (posted += 1));
  await form.getByTestId('submit').click();
  const sheet = page.getByTestId('command-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('command-summary')).toContainText('KI-Korb-Kauf');
  await expect(sheet.getByTestId('command-amount')).toContainText('20.000,00');
  await page.screenshot({ path: path.join(shots, 'command-confirm.png') });
  // Cancelling sends nothing.
  await sheet.getByTestId('command-cancel').click();
  await expect(sheet).toBeHidden();
  expect(posted).toBe(0);
  expect((await api<{ total: number }>(request, user.token, 'aiRecommendRecord/page', {})).total).toBe(0);
  // Confirming buys.
  await form.getByTestId('submit').click();
  await page.getByTestId('command-confirm').click();
  await expect(page).toHaveURL(/\/aiBlockTradingRecordList/);
  expect(posted).toBe(1);
  expect((await api<{ total: number }>(request, user.token, 'aiRecommendRecord/page', {})).total).toBe(1);
});
