/**
 * Offerings end to end at 390×844: one purchase in each product — a block offer, a
 * gather plan that runs its tranches on the server, an AI basket — and each record screen;
 * the operator desks. Offers and plans are set up through the operator API at the live price.
 * Screenshots go to SCREENSHOTS_DIR (default test-results/screenshots; `docs/screenshots` for
 * the committed set).
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './test';
import { api, fundedInvestor, openWithSession, operatorToken, confirmCommand, SHOTS_DIR } from './helpers';

const shots = SHOTS_DIR;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** A funded investor and the operator's token. */
async function setup(request: APIRequestContext, amount: number) {
  return { user: await fundedInvestor(request, amount), operator: await operatorToken(request) };
}

test('block trading: buy from an offer, see it locked in the records; the operator desk', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { user, operator } = await setup(request, 50_000);
  const market = await api<{ last: number }>(request, '', 'markets/getMarket', { symbol: 'TCS' });
  await api(request, operator, 'admin/blockTrading/save', { symbol: 'TCS', price: market.last, quantity: 500, minQuantity: 2, opensAt: '2026-11-23T00:00', closesAt: '2030-01-01T00:00', lockDays: 5 });
  await openWithSession(page, user.token, '/blockTrading');
  const row = page.getByTestId('list-offers').getByTestId('list-row').first();
  await expect(row).toContainText('Tata Consultancy');
  await expect(row).toContainText('offen');
  await shot(page, 'blockTrading');
  await row.click();
  await expect(page).toHaveURL(/\/blockTradingBuy\?id=/);
  await expect(page.getByTestId('detail-offer')).toContainText('Marktpreis');
  const form = page.getByTestId('form-buy');
  await form.getByLabel('Stückzahl').fill('3');
  // Before confirming: the offer price in ₹, the EUR/INR rate and the total in euros.
  await expect(form.getByTestId('estimate-price')).toContainText('₹');
  await expect(form.getByTestId('estimate-rate')).toContainText(/^1 € = \d+,\d+ ₹$/);
  await expect(form.getByTestId('estimate-total')).toContainText('€');
  // Every charge of a delivery buy, as on the share ticket.
  for (const item of ['commission', 'stt', 'exchangeCharge', 'sebiFee', 'stampDuty', 'gst']) await expect(form.getByTestId(`estimate-${item}`)).toContainText('€');
  await shot(page, 'blockTradingBuy');
  await form.getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/blockTradingRecordList/);
  const record = page.getByTestId('list-purchases').getByTestId('list-row').first();
  await expect(record).toContainText('gesperrt');
  await expect(record).toContainText('3');
  await shot(page, 'blockTradingRecordList');
  // /position shows the lock on the holding.
  await page.goto('/position');
  await page.getByRole('tab', { name: 'Bestand' }).click();
  await expect(page.getByTestId('list-holdings').getByTestId('list-row').filter({ hasText: 'Tata Consultancy' })).toContainText('Gesperrt bis');

  await openWithSession(page, operator, '/blockTradingController');
  await expect(page.getByTestId('list-offers').getByTestId('list-row').first()).toContainText('Verkauft');
  await shot(page, 'blockTradingController');
});

test('gather: join a plan, the server runs both tranches, the record shows the fills; the operator desk', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { user, operator } = await setup(request, 50_000);
  const plan = await api<{ id: string }>(request, operator, 'admin/gather/save', { name: 'Infosys in 2 Schritten', symbol: 'INFY', tranches: 2, intervalSeconds: 5, minAmount: 1000, opensAt: '2026-11-23T00:00', closesAt: '2030-01-01T00:00' });
  await openWithSession(page, user.token, '/gather');
  const row = page.getByTestId('list-plans').getByTestId('list-row').filter({ hasText: 'Infosys in 2 Schritten' });
  await expect(row).toContainText('Beitritt möglich'); // the plan's own status text, not the IPO's "Zeichnung offen"
  await shot(page, 'gather');
  await row.click();
  await expect(page).toHaveURL(/\/gatherJoin\?id=/);
  await page.getByTestId('form-join').getByLabel('Betrag').fill('10000');
  // Before confirming: the ₹ price, the rate, the amount in ₹ and what a tranche buys today.
  await expect(page.getByTestId('form-join').getByTestId('estimate-price')).toContainText('₹');
  await expect(page.getByTestId('form-join').getByTestId('estimate-rate')).toContainText(/^1 € = \d+,\d+ ₹$/);
  await expect(page.getByTestId('form-join').getByTestId('estimate-amountQuote')).toContainText('₹');
  await expect(page.getByTestId('form-join').getByTestId('estimate-sharesPerTranche')).toHaveText(/^\d+$/);
  await shot(page, 'gatherJoin');
  await page.getByTestId('form-join').getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/gatherRecord/);
  const record = page.getByTestId('list-participations').getByTestId('list-row').first();
  await expect(record).toContainText('Läuft');
  await expect(record.getByRole('button', { name: 'Beenden' })).toBeVisible();
  await shot(page, 'gatherRecord-running');
  // The runner executes a tranche every 5 s of server time.
  await expect.poll(async () => {
    await page.reload();
    return page.getByTestId('list-participations').getByTestId('list-row').first().textContent();
  }, { timeout: 40_000, intervals: [2000] }).toContain('Abgeschlossen');
  const done = page.getByTestId('list-participations').getByTestId('list-row').first();
  // Fills are formatted (time · × quantity · price in ₹); a completed plan offers no "cancel".
  await expect(done).toContainText(/× \d+ · [\d.]+,\d\d\s₹/);
  await expect(done.getByRole('button', { name: 'Beenden' })).toHaveCount(0);
  await shot(page, 'gatherRecord');

  await openWithSession(page, operator, `/gatherControllerRecord?id=${plan.id}`);
  await expect(page.getByTestId('list-participants').getByTestId('list-row').first()).toContainText(user.email);
  await shot(page, 'gatherControllerRecord');
  await page.goto('/gatherController');
  await expect(page.getByTestId('form-plan')).toBeVisible();
  await shot(page, 'gatherController');
});

test('AI baskets: method and record shown, buy a basket, see it with value and P/L', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { user } = await setup(request, 50_000);
  await openWithSession(page, user.token, '/aiBlockTrading');
  const row = page.getByTestId('list-baskets').getByTestId('list-row').first();
  await expect(row).toContainText('Trefferquote', { timeout: 30_000 });
  await expect(page.getByText('keine Anlageberatung')).toBeVisible();
  await shot(page, 'aiBlockTrading');
  await row.click();
  await expect(page).toHaveURL(/\/aiBlockTradingBuy\?id=/);
  await expect(page.getByTestId('detail-basket')).toContainText('Methode');
  await expect(page.getByTestId('list-symbols').getByTestId('list-row')).toHaveCount(5);
  await page.getByTestId('form-buy').getByLabel('Betrag').fill('20000');
  // Before confirming: shares per stock (one line each, in ₹ and €), the rate and the leftover.
  const lines = page.getByTestId('form-buy').getByTestId('estimate-lines');
  await expect(lines).toContainText('× ');
  expect((await lines.innerText()).split('\n').filter((l) => l.includes('₹') && l.includes('€')).length).toBeGreaterThan(0);
  await expect(page.getByTestId('form-buy').getByTestId('estimate-rate')).toContainText(/^1 € = \d+,\d+ ₹$/);
  await expect(page.getByTestId('form-buy').getByTestId('estimate-leftover')).toContainText('€');
  await expect(page.getByTestId('form-buy').getByTestId('estimate-chargesTotal')).toContainText('€');
  await shot(page, 'aiBlockTradingBuy');
  await page.getByTestId('form-buy').getByTestId('submit').click();
  await confirmCommand(page);
  await expect(page).toHaveURL(/\/aiBlockTradingRecordList/);
  const record = page.getByTestId('list-orders').getByTestId('list-row').first();
  await expect(record).toContainText('Investiert');
  await shot(page, 'aiBlockTradingRecordList');
});
