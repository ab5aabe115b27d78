/**
 * Patterns on the phone, at 390×844 in Chromium. bindBank's patterns are all code-owned (its
 * contract's), which the server runs on `RegExp`, so the phone does too and never fetches the
 * RE2 chunk (that is only for staff-written patterns): a holder name of a no-break space (white
 * space to `RegExp`'s `\S`, not to RE2's) and letters in the account number are refused on the
 * phone, as the server would refuse them; the corrected form binds the account.
 */
import { expect, test } from './test';
import { openWithSession, registerByApi, shotPath } from './helpers';

test('bind bank: code-owned patterns run on RegExp without the RE2 chunk and answer as the server does', async ({ page, request }) => {
  const user = await registerByApi(request);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/linear-regexp-[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/bank/addBank')) sent.push(r.method());
  });
  await openWithSession(page, user.token, '/bindBank');
  const form = page.getByTestId('form-add');
  await form.getByLabel('Kontoinhaber').fill('\u00a0');
  await form.getByLabel('Bank').fill('HDFC Bank');
  await form.getByLabel('Kontonummer').fill('50100123456a');
  await form.getByLabel('IFSC').fill('HDFC0001234');
  await form.getByLabel('Handynummer').fill('9876543210');
  await form.getByTestId('submit').click();
  await expect(form.getByLabel('Kontoinhaber')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Kontonummer')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('IFSC')).not.toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: shotPath('form-pattern-refused-390.png') });
  expect(chunks).toEqual([]);
  expect(sent).toEqual([]);

  await form.getByLabel('Kontoinhaber').fill('Asha Verma');
  await form.getByLabel('Kontonummer').fill('50100123456789');
  await form.getByTestId('submit').click();
  await expect(page.getByTestId('list-row')).toHaveCount(1);
});
