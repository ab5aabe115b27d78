/**
 * The money screens' rules in the studio, on a real server (SQLite, or PostgreSQL with
 * TEST_DB=pg): each money screen edits its form's schema within the contract; a minimum an
 * editor raises and a second editor approves is what the server enforces, what the screen's
 * hint states (the screen's schema and the least amount its calls answer) and what the refusal
 * says, as money, in all four languages; an IPO form's lower lot maximum narrows the issue's;
 * the ETF order's unit bounds, published on its own screen `etfBuy`, are the refusal's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { trader } from '../support/trading.js';
import { useOfferingsServer } from '../support/offerings.js';
import { editorToken, publishApproved } from '../support/studio.js';
import { ERRORS } from '../../src/shared/codes.js';
import type { SchemaNode } from '../../src/shared/validation.js';

const ctx = useOfferingsServer();
let editor: string;
let editor2: string;
beforeAll(async () => {
  await ctx.server.jobs.started; // the baskets are fitted by the refit job's start-up pass
  editor = await editorToken(ctx.server);
  editor2 = await editorToken(ctx.server);
});

interface StudioScreen {
  layout: Record<string, unknown>;
  schema: (SchemaNode & { properties: Record<string, SchemaNode> }) | null;
}
type FormSchemas = Record<string, SchemaNode & { properties: Record<string, SchemaNode> }>;
/** The data schemas `GET /api/ui/screens/:id` serves with a screen. */
async function servedSchemas(id: string, token: string): Promise<FormSchemas> {
  const res = await ctx.server.app.inject({ method: 'GET', url: `/api/ui/screens/${id}?lang=en`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { schemas: FormSchemas } }).data.schemas;
}
const studioScreen = async (id: string) => expectOk(await ctx.server.call<StudioScreen>('studio/screens/get', { id }, { token: editor }));

/** Publishes `id` with its form's `field` bound `keyword` set to `value`, approved by the second editor. */
async function raiseMinimum(id: string, value: number, field = 'amount', keyword: 'minimum' | 'maximum' = 'minimum') {
  const { layout, schema } = await studioScreen(id);
  const next = structuredClone(schema!);
  next.properties[field]![keyword] = value;
  return publishApproved(ctx.server, editor, editor2, { id, layout, schema: next, note: `${field} ${keyword} ${value}` });
}

describe('the money screens in the studio', () => {
  it('edit their form schema: withdraw, pay, buy and ipoDetails name the form they change', async () => {
    const forms = { withdraw: 'WithdrawalRequest', pay: 'RechargeRequest', aiBlockTradingBuy: 'AiBasketBuyForm' } as const;
    for (const [id, title] of Object.entries(forms)) expect((await studioScreen(id)).schema?.title).toBe(title);
    expect((await studioScreen('buy')).schema?.title).toBe('StockBuyOrder');
    expect((await studioScreen('ipoDetails')).schema?.title).toBe('IpoApplyForm');
    // The ETF order has a screen of its own, which edits its form.
    expect((await studioScreen('etfBuy')).schema?.title).toBe('EtfBuyForm');
    // payBalance shows the deposit form, which is edited on pay.
    expect((await studioScreen('payBalance')).schema).toBeNull();
  });

  it('refuse a schema that loosens the contract: a minimum below 0.01', async () => {
    const { layout, schema } = await studioScreen('withdraw');
    const next = structuredClone(schema!);
    next.properties.amount!.minimum = 0;
    const answer = expectOk(await ctx.server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id: 'withdraw', layout, schema: next }, { token: editor }));
    expect(answer).toEqual({ errors: [{ pointer: '/schema/properties/amount/minimum', message: expect.stringContaining('loosens the contract') }] });
  });
});

describe('a minimum raised in the studio', () => {
  it('aiBlockTradingBuy at 6000: 5500 is refused naming 6.000,00 in every language, the screen and the basket say 6000', async () => {
    const user = await trader(ctx.server, ctx.operator, 20_000);
    const basket = expectOk(await ctx.server.call<{ items: Array<{ id: string; minAmount: number }> }>('aiRecommend/page', {}, { token: user.token })).items[0]!;
    expect(basket.minAmount).toBe(5000);
    expect(await raiseMinimum('aiBlockTradingBuy', 6000)).toMatchObject({ status: 'published' });

    // The screen's payload carries the published minimum (the form's hint and field error).
    expect((await servedSchemas('aiBlockTradingBuy', user.token)).aiBlockTradingBuy!.properties.amount!.minimum).toBe(6000);
    // The basket's least amount ("Mindestbetrag" on the screen) is the published one.
    expect(expectOk(await ctx.server.call<{ minAmount: number }>('aiRecommend/detail', { id: basket.id }, { token: user.token })).minAmount).toBe(6000);
    expect(expectOk(await ctx.server.call<{ items: Array<{ minAmount: number }> }>('aiRecommend/page', {}, { token: user.token })).items.every((b) => b.minAmount === 6000)).toBe(true);

    const expected = { de: 'Der Betrag muss mindestens 6.000,00 € sein.', en: 'The amount must be at least 6.000,00 €.', hi: 'राशि कम से कम 6.000,00 € होनी चाहिए।', zh: '金额不得低于 6.000,00 €。' };
    for (const [lang, message] of Object.entries(expected)) {
      const refused = expectCall(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 5500 }, { token: user.token, lang, headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.amountBelowMinimum.code);
      expect(refused.message.replace(/\u00a0/g, ' ')).toBe(message);
    }
    // The ticket refuses the same amount the same way; the raised minimum itself passes the form.
    expectCall(await ctx.server.call('aiRecommend/quote', { id: basket.id, amount: 5500 }, { token: user.token }), 400, ERRORS.amountBelowMinimum.code);
    expect(expectOk(await ctx.server.call<{ invested: number; leftover: number }>('aiRecommend/quote', { id: basket.id, amount: 6000 }, { token: user.token }))).toMatchObject({ invested: expect.any(Number), leftover: expect.any(Number) });
  });

  it('withdraw at 250: the least amount the form loads is 250 and 150 is refused naming 250,00', async () => {
    const user = await trader(ctx.server, ctx.operator, 1_000);
    expect(expectOk(await ctx.server.call<{ minAmount: number }>('withdrawal/getServiceChargeProportion', {}, { token: user.token })).minAmount).toBe(100);
    expect(await raiseMinimum('withdraw', 250)).toMatchObject({ status: 'published' });
    expect(expectOk(await ctx.server.call<{ minAmount: number }>('withdrawal/getServiceChargeProportion', {}, { token: user.token })).minAmount).toBe(250);
    // /vip's minimums too.
    expect(expectOk(await ctx.server.call<{ minimums: { withdrawal: number; institutionDeposit: number } }>('config/getSystemConfig', { keys: ['minimums'] })).minimums).toEqual({ withdrawal: 250, institutionDeposit: 2000 });
    expect((await servedSchemas('withdraw', user.token)).withdrawal!.properties.amount!.minimum).toBe(250);
    const refused = expectCall(await ctx.server.call('withdrawal', { amount: 150, bankId: 'any' }, { token: user.token, lang: 'en', headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.amountBelowMinimum.code);
    expect(refused.message.replace(/\u00a0/g, ' ')).toBe('The amount must be at least 250,00 €.');
  });

  it('pay at 3000: the institution minimum the deposit screens show is 3000 and a 2500 deposit is refused naming 3.000,00', async () => {
    const user = await trader(ctx.server, ctx.operator, 0);
    expect(await raiseMinimum('pay', 3000)).toMatchObject({ status: 'published' });
    expect(expectOk(await ctx.server.call<{ institutionMinimum: number }>('pay/getTime', {}, { token: user.token })).institutionMinimum).toBe(3000);
    const refused = expectCall(await ctx.server.call('pay/recharge', { amount: 2500, channel: 'bank', utr: '412345678901', screenshotId: 'upload-1' }, { token: user.token, lang: 'de', headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.amountBelowMinimum.code);
    expect(refused.message.replace(/\u00a0/g, ' ')).toBe('Der Betrag muss mindestens 3.000,00 € sein.');
  });

  it('ipoDetails with at most 3 lots: the issue shows 3 as its maximum and 4 lots are refused naming 1 and 3', async () => {
    const operator = ctx.operator;
    const now = ctx.server.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const { id } = expectOk(await ctx.server.call<{ id: string }>('admin/ipo/save', { symbol: 'RULES1', name: 'Rules Ltd.', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 100, opensAt: iso(now + 600_000), closesAt: iso(now + 7_200_000), allotmentAt: iso(now + 10_800_000), listingAt: iso(now + 14_400_000) }, { token: operator }));
    const user = await trader(ctx.server, ctx.operator, 0);
    expect(expectOk(await ctx.server.call<{ minLots: number; maxLots: number }>('ipo/details', { id }, { token: user.token }))).toMatchObject({ minLots: 1, maxLots: 5 });
    expect(await raiseMinimum('ipoDetails', 3, 'lots', 'maximum')).toMatchObject({ status: 'published' });
    expect(expectOk(await ctx.server.call<{ minLots: number; maxLots: number }>('ipo/details', { id }, { token: user.token }))).toMatchObject({ minLots: 1, maxLots: 3 });
    const refused = expectCall(await ctx.server.call('ipo/quote', { id, lots: 4, cutOff: true }, { token: user.token, lang: 'en' }), 400, ERRORS.ipoLotsInvalid.code);
    expect(refused.message).toBe('Apply for whole lots between 1 and 3.');
  });

  it('buy at 5 shares: 3 are refused naming 5, and the field error of the form names 5 too', async () => {
    const user = await trader(ctx.server, ctx.operator, 0);
    expect(await raiseMinimum('buy', 5, 'quantity')).toMatchObject({ status: 'published' });
    const quantity = (await servedSchemas('buy', user.token)).stockBuy!.properties.quantity!;
    expect(quantity.minimum).toBe(5);
    expect(quantity['x-messages']).toMatchObject({ minimum: 'validation.quantityMin' });
    const refused = expectCall(await ctx.server.call('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 3 }, { token: user.token, lang: 'en', headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.quantityBelowMinimum.code);
    expect(refused.message).toBe('The quantity must be at least 5.');
    // A fraction stays the plain quantity refusal.
    expectCall(await ctx.server.call('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 5.5 }, { token: user.token, headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.quantityInvalid.code);
  });

  it('etfBuy from 5 to 100 units: 3 and 101 units are refused naming 5 and 100 in every language, 5 units are bought', async () => {
    const user = await trader(ctx.server, ctx.operator, 20_000);
    const { layout, schema } = await studioScreen('etfBuy');
    const next = structuredClone(schema!);
    Object.assign(next.properties.quantity!, { minimum: 5, maximum: 100 });
    expect(await publishApproved(ctx.server, editor, editor2, { id: 'etfBuy', layout, schema: next, note: 'ETF units 5 to 100' })).toMatchObject({ status: 'published' });

    // The ticket's payload carries the published bounds (the stepper's line and field errors).
    const quantity = (await servedSchemas('etfBuy', user.token)).etfBuyForm!.properties.quantity!;
    expect(quantity).toMatchObject({ minimum: 5, maximum: 100, 'x-messages': { minimum: 'validation.unitsMin', maximum: 'validation.unitsMax' } });

    const below = { de: 'Die Stückzahl muss mindestens 5 betragen.', en: 'The quantity must be at least 5.', hi: 'मात्रा कम से कम 5 होनी चाहिए।', zh: '数量不得少于 5。' };
    const above = { de: 'Die Stückzahl darf höchstens 100 betragen.', en: 'The quantity must be at most 100.', hi: 'मात्रा अधिकतम 100 हो सकती है।', zh: '数量不得超过 100。' };
    for (const [lang, message] of Object.entries(below)) {
      const refused = expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVBANK', quantity: 3 }, { token: user.token, lang, headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.quantityBelowMinimum.code);
      expect(refused.message).toBe(message);
    }
    for (const [lang, message] of Object.entries(above)) {
      const refused = expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVBANK', quantity: 101 }, { token: user.token, lang, headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.quantityAboveMaximum.code);
      expect(refused.message).toBe(message);
    }
    // A fraction stays the plain quantity refusal; the published minimum itself is bought.
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVBANK', quantity: 5.5 }, { token: user.token, headers: { 'Idempotency-Key': crypto.randomUUID() } }), 400, ERRORS.quantityInvalid.code);
    expect(expectOk(await ctx.server.call<{ quantity: number }>('etf/buy', { symbol: 'NIVBANK', quantity: 5 }, { token: user.token, headers: { 'Idempotency-Key': crypto.randomUUID() } }))).toMatchObject({ quantity: 5 });
  });
});
