/**
 * Block trading over the API, on SQLite and
 * `TEST_DB=pg`: the operator's price band, audited saves and closes; 50 concurrent purchases
 * against a smaller remaining quantity sell exactly what remains; stale feed prices refused;
 * locked shares cannot be sold before their date and can after; every bad input refused with
 * its own code and nothing changed. Ledger invariants after every test.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { lastPrice, trader } from '../support/trading.js';
import { balances, deliveryBuyCharges, inUnits, minor, saveOffer, sharesOf, type Breakdown, type Offer, useOfferingsServer } from '../support/offerings.js';
import { commissionMinor } from '../../src/shared/trade.js';
import { offeringsDb } from '../../src/server/db/offerings-tables.js';

// The offerings' arithmetic on an INR account (no conversion); tests/api/currency.test.ts converts
// offering buys to the EUR account at the feed's EUR/INR rate.
const ctx = useOfferingsServer({ ACCOUNT_CURRENCY: 'INR' });

describe('operator desk', () => {
  it('saves offers within the band around the feed price, refuses others, audits and closes', async () => {
    const market = await lastPrice(ctx.server, 'INFY');
    const edge = Math.floor(minor(market) * 1.01) / 100;
    const offer = await saveOffer(ctx.server, ctx.operator, { symbol: 'INFY', price: edge, quantity: 40, minQuantity: 5 });
    expect(offer).toMatchObject({ symbol: 'INFY', price: edge, remaining: 40, minQuantity: 5, lockDays: 3, status: 'open' });
    expect(offer.marketPrice).toBe(market);

    const out = expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), price: Math.ceil(minor(market) * 1.011) / 100 }, { token: ctx.operator }), 400, 1751);
    expect(out.message).toContain('1 %');
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), price: Math.floor(minor(market) * 0.985) / 100 }, { token: ctx.operator }), 400, 1751);
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), quantity: 0 }, { token: ctx.operator }), 400, 1759);
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), minQuantity: 101 }, { token: ctx.operator }), 400, 1759);
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), closesAt: ctx.server.clock.now() - 5000 }, { token: ctx.operator }), 400, 1758);
    expect(expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), opensAt: 'tomorrow' }, { token: ctx.operator }), 400, 1768).message).toContain('“tomorrow”');
    // Impossible calendar dates are refused, not rolled over (2026-02-30 is not 2026-03-02).
    for (const bad of ['2026-02-30T10:00', '2026-11-31T10:00', '2026-04-10T24:00', '2026-13-01T10:00']) {
      expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), closesAt: bad }, { token: ctx.operator }), 400, 1768);
    }
    // A window that already ended (closing in the past) is refused with its own code and text.
    const ended = expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), opensAt: ctx.server.clock.now() - 10 * 86_400_000, closesAt: ctx.server.clock.now() - 5000 }, { token: ctx.operator }), 400, 1769);
    expect(ended.message).toBe(localeText('en', 'error.offerWindowEnded'));
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('INFY'), price: 10.001 }, { token: ctx.operator }), 400, 1203);
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('NIFTY50') }, { token: ctx.operator }), 400, 1408);
    expectCall(await ctx.server.call('admin/blockTrading/save', { ...body('NOPE') }, { token: ctx.operator }), 404, 1300);
    expectCall(await ctx.server.call('admin/blockTrading/save', { symbol: 'INFY' }, { token: ctx.operator }), 400, 1203); // the first missing field's own code (the form's schema)
    const investor = await trader(ctx.server, ctx.operator, 0);
    expectCall(await ctx.server.call('admin/blockTrading/save', body('INFY'), { token: investor.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/blockTrading/list', {}, { token: investor.token }), 403, 1040);

    const list = expectOk(await ctx.server.call<{ items: Array<Offer & { sold: number }> }>('admin/blockTrading/list', {}, { token: ctx.operator }));
    expect(list.items.map((o) => o.id)).toEqual([offer.id]);

    const edited = expectOk(await ctx.server.call<Offer>('admin/blockTrading/save', { ...body('INFY'), id: offer.id, price: market, quantity: 60, minQuantity: 5 }, { token: ctx.operator }));
    expect(edited).toMatchObject({ id: offer.id, remaining: 60, price: market });
    const closed = expectOk(await ctx.server.call<Offer>('admin/blockTrading/close', { id: offer.id }, { token: ctx.operator }));
    expect(closed.status).toBe('closed');
    expectCall(await ctx.server.call('admin/blockTrading/close', { id: offer.id }, { token: ctx.operator }), 409, 1753);
    expectCall(await ctx.server.call('admin/blockTrading/close', { id: 'missing' }, { token: ctx.operator }), 404, 1750);
    const audit = await ctx.server.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', offer.id).orderBy('created_at').execute();
    expect(audit.map((a) => a.action)).toEqual(['blockOffer.create', 'blockOffer.update', 'blockOffer.close']);
  });
});

function body(symbol: string) {
  const now = ctx.server.clock.now();
  return { symbol, price: 100, quantity: 100, minQuantity: 1, opensAt: now - 1000, closesAt: now + 86_400_000, lockDays: 1 };
}

describe('investor purchases', () => {
  it('buys at the offer price with brokerage and the statutory charges, shows the market price, records the purchase with its lock', async () => {
    const user = await trader(ctx.server, ctx.operator, 90_000);
    const offer = await saveOffer(ctx.server, ctx.operator, { symbol: 'TCS', quantity: 50, minQuantity: 10, lockDays: 3 });
    const listed = expectOk(await ctx.server.call<{ items: Offer[] }>('blockTrading/list', {}, { token: user.token })).items.find((o) => o.id === offer.id)!;
    expect(listed).toMatchObject({ price: offer.price, remaining: 50, minQuantity: 10, status: 'open', premiumPct: 0 });
    expect(listed.marketPrice).toBe(offer.price);
    const before = await balances(ctx.server, user.token);
    // The ticket before confirming shows what the purchase then charges.
    const quote = expectOk(await ctx.server.call<{ price: number; quantity: number; grossQuote: number; rate: number; commission: number; total: number; currency: string }>('blockTrading/quote', { id: offer.id, quantity: 12 }, { token: user.token }));
    expect(quote).toMatchObject({ price: offer.price, quantity: 12, grossQuote: (minor(offer.price) * 12) / 100, currency: 'INR' });
    expect(quote.rate).toBeGreaterThan(0);
    expectCall(await ctx.server.call('blockTrading/quote', { id: offer.id, quantity: 5 }, { token: user.token }), 400, 1754);
    const receipt = expectOk(await ctx.server.call<{ id: string; price: number; quantity: number; commission: number; amount: number; lockedUntil: number; charges: Breakdown; chargesInr: Breakdown }>('blockTrading/purchase', { id: offer.id, quantity: 12 }, { token: user.token }));
    expect(quote).toMatchObject({ commission: receipt.commission, total: receipt.amount, charges: receipt.charges });
    // Brokerage and the statutory charges of a delivery buy, to the paisa (INR account).
    const turnover = minor(offer.price) * 12;
    const c = deliveryBuyCharges(turnover);
    const fee = c.brokerage;
    expect(fee).toBe(commissionMinor(turnover, 10));
    const charges = c.total;
    expect(receipt.charges).toEqual(inUnits(c));
    expect(receipt.chargesInr).toEqual(receipt.charges);
    expect(receipt).toMatchObject({ price: offer.price, quantity: 12, commission: fee / 100, amount: (turnover + charges) / 100, lockedUntil: ctx.server.clock.now() + 3 * 86_400_000 });
    expect((await balances(ctx.server, user.token)).available).toBe(before.available - minor(receipt.amount));
    expect(await sharesOf(ctx.server, user.token, 'TCS')).toBe(12);
    const records = expectOk(await ctx.server.call<{ items: Array<{ id: string; locked: boolean; quantity: number; pnl: number | null }> }>('blockTrading/recordList', {}, { token: user.token }));
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({ id: receipt.id, locked: true, quantity: 12 });
    const holding = expectOk(await ctx.server.call<{ items: Array<{ symbol: string; lockedQuantity: number; lockedUntil: number | null }> }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token })).items[0]!;
    expect(holding).toMatchObject({ symbol: 'TCS', lockedQuantity: 12, lockedUntil: receipt.lockedUntil });
    expect(expectOk(await ctx.server.call<{ items: Offer[] }>('blockTrading/list', {}, { token: user.token })).items.find((o) => o.id === offer.id)!.remaining).toBe(38);
  });

  it('50 concurrent purchases against 30 remaining shares sell exactly 30', async () => {
    const offer = await saveOffer(ctx.server, ctx.operator, { symbol: 'ITC', quantity: 30, minQuantity: 1 });
    const users = [];
    for (let i = 0; i < 50; i++) users.push(await trader(ctx.server, ctx.operator, 5_000));
    const results = await Promise.all(users.map((u) => ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 1 }, { token: u.token })));
    const sold = results.filter((r) => r.body.code === 200).length;
    const refused = results.filter((r) => r.body.code === 1755);
    expect(sold).toBe(30);
    expect(refused).toHaveLength(20);
    const row = await offeringsDb(ctx.server.deps.db).selectFrom('block_offers').select('remaining').where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(Number(row.remaining)).toBe(0);
    const purchases = await offeringsDb(ctx.server.deps.db).selectFrom('block_purchases').select('quantity').where('offer_id', '=', offer.id).execute();
    expect(purchases.reduce((s, p) => s + Number(p.quantity), 0)).toBe(30);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 1 }, { token: users[0]!.token }), 409, 1755);
  }, 120_000);

  it('refuses when the feed price has moved outside the band since the offer was saved', async () => {
    const user = await trader(ctx.server, ctx.operator, 100_000);
    const market = await lastPrice(ctx.server, 'RELIANCE');
    const offer = await saveOffer(ctx.server, ctx.operator, { symbol: 'RELIANCE', price: Math.floor(minor(market) * 1.01) / 100 });
    // At the top edge of the band: any fall of the feed price puts the offer more than 1 % above it.
    let now = market;
    for (let i = 0; i < 500 && now >= market; i++) {
      ctx.server.clock.advance(15_000);
      now = await lastPrice(ctx.server, 'RELIANCE');
    }
    expect(now).toBeLessThan(market);
    const before = await balances(ctx.server, user.token);
    const refused = expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 1 }, { token: user.token }), 409, 1756);
    expect(refused.message).toContain(String(offer.price));
    expect(await balances(ctx.server, user.token)).toEqual(before);
    expect(await sharesOf(ctx.server, user.token, 'RELIANCE')).toBe(0);
  });

  it('locked shares cannot be sold before the unlock date and can after', async () => {
    const user = await trader(ctx.server, ctx.operator, 100_000);
    const offer = await saveOffer(ctx.server, ctx.operator, { symbol: 'HDFCBANK', lockDays: 2 });
    const receipt = expectOk(await ctx.server.call<{ lockedUntil: number }>('blockTrading/purchase', { id: offer.id, quantity: 5 }, { token: user.token }));
    expectOk(await ctx.server.call('order/purchase', { kind: 'stock', symbol: 'HDFCBANK', quantity: 2 }, { token: user.token }));
    // The 2 shares bought at market are free; the 5 block shares are not.
    expectOk(await ctx.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 2 }, { token: user.token }));
    const refused = expectCall(await ctx.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 1 }, { token: user.token }), 409, 1757);
    // The unlock time in India time, formatted as the English texts format dates (en-IN).
    const until = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(receipt.lockedUntil);
    expect(refused.message).toContain(until);
    expect(refused.message).toContain('5');
    ctx.server.clock.set(receipt.lockedUntil - 1000);
    expectCall(await ctx.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 5 }, { token: user.token }), 409, 1757);
    ctx.server.clock.set(receipt.lockedUntil + 60_000);
    expectOk(await ctx.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 5 }, { token: user.token }));
    expect(await sharesOf(ctx.server, user.token, 'HDFCBANK')).toBe(0);
    const record = expectOk(await ctx.server.call<{ items: Array<{ locked: boolean }> }>('blockTrading/recordList', {}, { token: user.token })).items[0]!;
    expect(record.locked).toBe(false);
  });

  it('refuses every bad purchase with its own code and changes nothing; a retried key buys once', async () => {
    const user = await trader(ctx.server, ctx.operator, 3_000);
    const offer = await saveOffer(ctx.server, ctx.operator, { symbol: 'WIPRO', quantity: 20, minQuantity: 4 });
    const later = await saveOffer(ctx.server, ctx.operator, { symbol: 'WIPRO', opensAt: ctx.server.clock.now() + 3_600_000 });
    const closed = await saveOffer(ctx.server, ctx.operator, { symbol: 'WIPRO' });
    expectOk(await ctx.server.call('admin/blockTrading/close', { id: closed.id }, { token: ctx.operator }));
    const before = await balances(ctx.server, user.token);
    const t = { token: user.token };
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 0 }, t), 400, 1406);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 4.5 }, t), 400, 1406);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 3 }, t), 400, 1754);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 21 }, t), 409, 1755);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: 'missing', quantity: 5 }, t), 404, 1750);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: later.id, quantity: 5 }, t), 409, 1752);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: closed.id, quantity: 5 }, t), 409, 1753);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 20 }, t), 409, 1210);
    // The purchase form's schema on both sides: a missing quantity is 1406 like a bad one.
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id }, t), 400, 1406);
    expectCall(await ctx.server.call('blockTrading/purchase', { quantity: 4 }, t), 400, 1000);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 4, extra: 1 }, t), 400, 1001);
    expectCall(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 4 }), 401, 501);
    expect(await balances(ctx.server, user.token)).toEqual(before);
    expect(expectOk(await ctx.server.call<{ items: Offer[] }>('blockTrading/list', {}, t)).items.find((o) => o.id === offer.id)!.remaining).toBe(20);

    const headers = { 'idempotency-key': 'block-wipro-1' };
    const first = expectOk(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 4 }, { ...t, headers }));
    const again = expectOk(await ctx.server.call('blockTrading/purchase', { id: offer.id, quantity: 4 }, { ...t, headers }));
    expect(again).toEqual(first);
    expect(await sharesOf(ctx.server, user.token, 'WIPRO')).toBe(4);
  });
});
