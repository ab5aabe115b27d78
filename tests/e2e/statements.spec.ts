/**
 * Charges and documents end to end at 390×844: the /buy ticket lists every charge before the
 * investor confirms; /my leads to /statements, which lists the financial year and the day's
 * contract note; their buttons download the capital-gains CSV and the contract note's PDF
 * (fetched with the session's token) — real files with the right names and contents.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './test';
import { api, fundedInvestor, openWithSession, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;

test('the ticket shows the charges; /statements downloads the statement and the contract note', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 5000);

  await openWithSession(page, user.token, '/buy?symbol=INFY', 'EN');
  const form = page.getByTestId('form-ticket');
  for (const item of ['commission', 'stt', 'exchangeCharge', 'sebiFee', 'stampDuty', 'gst', 'chargesTotal', 'chargesTotalInr', 'total']) {
    await expect(form.getByTestId(`estimate-${item}`)).toBeVisible();
  }
  await expect(form.getByTestId('estimate-chargesTotalInr')).toContainText('₹');
  await page.screenshot({ path: path.join(shots, 'buy-charges.png'), fullPage: true });

  const bought = await api<{ id: string; charges: { total: number } }>(request, user.token, 'order/purchase', { kind: 'stock', symbol: 'INFY', quantity: 2 });
  expect(bought.charges.total).toBeGreaterThan(0);

  await page.goto('/my');
  await page.getByRole('button', { name: 'Statements and contract notes' }).click();
  await expect(page).toHaveURL(/\/statements$/);
  const years = page.getByTestId('list-years');
  await expect(years.getByTestId('list-row').first()).toContainText('FY 2026-27');
  const notes = page.getByTestId('list-notes');
  await expect(notes.getByTestId('list-row')).toHaveCount(1);
  await expect(notes.getByTestId('list-row').first()).toContainText('2026-11-23');
  await expect(notes.getByTestId('list-row').first()).toContainText(/CN-2026-27-[0-9]{6}/);
  await page.screenshot({ path: path.join(shots, 'statements.png'), fullPage: true });

  const [csv] = await Promise.all([page.waitForEvent('download'), years.getByTestId('list-row').first().getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe('capital-gains-2026-27.csv');
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toContain('Capital gains statement,FY 2026-27');

  const [note] = await Promise.all([page.waitForEvent('download'), notes.getByTestId('list-row').first().getByRole('button', { name: 'Download PDF' }).click()]);
  expect(note.suggestedFilename()).toMatch(/^CN-2026-27-[0-9]{6}\.pdf$/);
  expect(fs.readFileSync((await note.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
