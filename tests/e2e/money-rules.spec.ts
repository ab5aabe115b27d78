/**
 * A money screen's rule changed in the studio, on the investor's phone at 390×844: an editor
 * raises the AI basket order's minimum to 6,000 and a second editor approves it; the basket
 * screen's least amount, the amount field's hint and the field's error all state 6.000,00 €,
 * and the server refuses the smaller amount naming the same value. The ETF order's unit bounds,
 * published on its screen /etfBuy, are the line under its stepper and the refusal of `etf/buy`;
 * the ticket, whose layout starts at one unit, opens at the published five and keeps to it.
 * The screens are rolled back afterwards (workers share one server across
 * spec files). The pictures are in docs/studio.md (`npm run docs:screenshots`).
 */
import { expect, test } from './test';
import { api, demoEditor, fundedInvestor, openWithSession, publishApprovedByApi, rollbackApprovedByApi, shotPath } from './helpers';

interface StudioScreen {
  layout: Record<string, unknown>;
  schema: { properties: Record<string, Record<string, unknown>> };
}

test('a minimum raised in the studio is the hint, the field error and the refusal of /aiBlockTradingBuy', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 20_000);
  const editor = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  const current = await api<StudioScreen>(request, editor, 'studio/screens/get', { id: 'aiBlockTradingBuy' });
  const schema = structuredClone(current.schema);
  schema.properties.amount!.minimum = 6000;
  const published = await publishApprovedByApi(request, { id: 'aiBlockTradingBuy', layout: current.layout, schema, note: 'Baskets from 6,000' });
  try {
    await openWithSession(page, user.token, '/aiBlockTrading');
    await page.getByTestId('list-baskets').getByTestId('list-row').first().click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/aiBlockTradingBuy\?id=/);
    // The basket's least amount and the amount's hint: the published minimum.
    await expect(page.getByTestId('detail-basket')).toContainText(/Mindestbetrag\s*6\.000,00\s€/);
    const form = page.getByTestId('form-buy');
    const amount = form.getByLabel('Betrag');
    await expect(amount).toHaveAttribute('placeholder', /^Mindestens 6\.000,00\s€$/);
    await amount.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('studio-money-rule-hint-390.png') });
    // 5,500 passes the basket's own 5,000 but not the published 6,000: the field says so.
    await amount.fill('5500');
    await form.getByTestId('submit').click();
    await expect(form).toContainText(/Mindestens 6\.000,00\s€/);
    await expect(page.getByTestId('command-sheet')).toHaveCount(0);
    await amount.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('studio-money-rule-390.png') });
    // The server refuses the same amount with the same value, in the investor's language.
    const basketId = new URL(page.url()).searchParams.get('id');
    const refused = await request.post('/api/aiRecommend/buy?lang=de', { headers: { authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() }, data: { id: basketId, amount: 5500 } });
    const body = (await refused.json()) as { code: number; message: string };
    expect(body).toMatchObject({ code: 1216 });
    expect(body.message).toMatch(/^Der Betrag muss mindestens 6\.000,00\s€ sein\.$/);
  } finally {
    if (published.status === 'published') await rollbackApprovedByApi(request, 'aiBlockTradingBuy', 0);
  }
});

test('ETF unit bounds published in the studio are the units /etfBuy opens at and keeps to, the line under its stepper and the refusal', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await fundedInvestor(request, 20_000);
  const editor = (await api<{ token: string }>(request, '', 'user/login', demoEditor())).token;
  const current = await api<StudioScreen>(request, editor, 'studio/screens/get', { id: 'etfBuy' });
  const schema = structuredClone(current.schema);
  Object.assign(schema.properties.quantity!, { minimum: 5, maximum: 100 });
  const published = await publishApprovedByApi(request, { id: 'etfBuy', layout: current.layout, schema, note: 'ETF units 5 to 100' });
  try {
    await openWithSession(page, user.token, '/etfDetails?symbol=NIVBANK');
    await page.getByRole('button', { name: 'Kaufen', exact: true }).click();
    await expect(page).toHaveURL(/\/etfBuy\?symbol=NIVBANK$/);
    const form = page.getByTestId('form-etfTicket');
    // The layout starts the ticket at one unit, below the published five: it opens at five.
    const units = form.getByLabel('Anteile', { exact: true });
    await expect(units).toHaveValue('5');
    // The stepper states the published bounds.
    await expect(form.getByTestId('stepper-bounds')).toHaveText('Ganze Anteile, 5 bis 100; Provision wie bei Aktien.');
    await form.getByTestId('stepper-bounds').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('studio-etf-rule-hint-390.png') });
    // Fewer units typed: the stepper keeps to the bound.
    await units.fill('3');
    await expect(units).toHaveValue('5');
    // The server refuses the layout's one unit with the published minimum, in the investor's language.
    const refused = await request.post('/api/etf/buy?lang=de', { headers: { authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() }, data: { symbol: 'NIVBANK', quantity: 1 } });
    expect(await refused.json()).toMatchObject({ code: 1417, message: 'Die Stückzahl muss mindestens 5 betragen.' });
  } finally {
    if (published.status === 'published') await rollbackApprovedByApi(request, 'etfBuy', 0);
  }
});
