/**
 * One currency story, on SQLite and `TEST_DB=pg`: instruments quote in INR, the
 * account keeps EUR (the default); `order/quote` shows the INR price, the feed's EUR/INR rate
 * and the amount in EUR before confirming, and the order then charges exactly that; IPO
 * applications hold the converted amount at a rate fixed when applying; offering buys convert
 * the same way; an INR deployment converts nothing; the rate is a feed price but never listed.
 * Ledger invariants (which recompute every converted gross) after every test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAccountMinor } from '../../src/shared/currency.js';
import { commissionMinor } from '../../src/shared/trade.js';
import { chargesView, computeCharges, NSE_DELIVERY_RATES } from '../../src/server/domain/trading/charges.js';
import { accountCurrencyOf } from '../../src/server/money-config.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { assets, credit, investor, operatorToken, startMoneyServer, useMoneyServer } from '../support/money.js';
import type { TestServer } from '../support/server.js';
import { lastPrice, trader } from '../support/trading.js';

const ctx = useMoneyServer({ env: { IPO_REQUIRES_IDENTITY: '0' }, resetClock: false });
const minor = (units: number) => Math.round(units * 100);

type Quote = { symbol: string; side: string; quantity: number; price: number; grossQuote: number; amount: number; commission: number; total: number; currency: string; accountCurrency: string; rate: number };

describe('EUR account, INR instruments', () => {
  it('the ticket quote shows INR price, EUR/INR rate and the EUR amount, and the order charges exactly that', async () => {
    const user = await trader(ctx.server, ctx.operator, 5000);
    const rate = await lastPrice(ctx.server, 'EURINR');
    const price = await lastPrice(ctx.server, 'TCS');
    const quote = expectOk(await ctx.server.call<Quote>('order/quote', { symbol: 'TCS', quantity: 3 }, { token: user.token }));
    const gross = toAccountMinor(minor(price) * 3, minor(rate));
    // Brokerage on the EUR gross; the statutory charges from rupees, converted (docs/trading.md, Charges).
    const charges = computeCharges({ side: 'buy', turnoverInrMinor: minor(price) * 3, grossAccountMinor: gross, fxRateMinor: minor(rate) }, NSE_DELIVERY_RATES);
    expect(charges.account.brokerage).toBe(commissionMinor(gross, 10));
    const fee = charges.account.total;
    const c = chargesView(charges.account);
    expect(quote).toEqual({
      symbol: 'TCS', side: 'buy', quantity: 3, price, grossQuote: (minor(price) * 3) / 100, amount: gross / 100, commission: c.brokerage, total: (gross + fee) / 100,
      stt: c.stt, exchangeCharge: c.exchangeCharge, sebiFee: c.sebiFee, stampDuty: c.stampDuty, gst: c.gst, chargesTotal: c.total, chargesTotalInr: charges.inr.total / 100,
      charges: c, chargesInr: chargesView(charges.inr), currency: 'INR', accountCurrency: 'EUR', rate,
    });
    // A share at rupee price levels costs its euro equivalent, not one euro per rupee.
    expect(gross * 50).toBeLessThan(minor(price) * 3);
    const bought = expectOk(await ctx.server.call<{ total: number; rate: number; price: number }>('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 3 }, { token: user.token }));
    expect(bought).toMatchObject({ total: quote.total, rate, price });
    expect(minor((await assets(ctx.server, user.token)).available)).toBe(500_000 - (gross + fee));
    const sell = expectOk(await ctx.server.call<Quote>('order/quote', { symbol: 'TCS', quantity: 3, side: 'sell' }, { token: user.token }));
    // The charge is truncated to the cent (never above the exact amount); a sale's proceeds are rounded up.
    expect(gross).toBeLessThanOrEqual((minor(price) * 3 * 100) / minor(rate));
    const proceeds = toAccountMinor(minor(price) * 3, minor(rate), 'credit');
    expect(proceeds).toBeGreaterThanOrEqual((minor(price) * 3 * 100) / minor(rate));
    const sold = computeCharges({ side: 'sell', turnoverInrMinor: minor(price) * 3, grossAccountMinor: proceeds, fxRateMinor: minor(rate) }, NSE_DELIVERY_RATES);
    expect(sell.total).toBe((proceeds - sold.account.total) / 100);
    expectCall(await ctx.server.call('order/quote', { symbol: 'NIFTY50', quantity: 1 }, { token: user.token }), 400, 1408);
    expectCall(await ctx.server.call('order/quote', { symbol: 'EURINR', quantity: 1 }, { token: user.token }), 400, 1408);
    expectCall(await ctx.server.call('order/quote', { symbol: 'TCS', quantity: 0 }, { token: user.token }), 400, 1000);
  });

  it('the rate moves like the other simulated prices and is never listed', async () => {
    const before = await lastPrice(ctx.server, 'EURINR');
    ctx.server.clock.advance(10 * 60_000);
    const after = await lastPrice(ctx.server, 'EURINR');
    expect(after).not.toBe(before);
    expect(Math.abs(after / before - 1)).toBeLessThan(0.01);
    const all = expectOk(await ctx.server.call<Array<{ symbol: string; currency: string | null; kind: string }>>('markets/getAllMarkets', {}));
    expect(all.map((q) => q.symbol)).not.toContain('EURINR');
    expect(all.find((q) => q.symbol === 'TCS')).toMatchObject({ currency: 'INR', kind: 'equity' });
    expect(all.find((q) => q.symbol === 'NIFTY50')).toMatchObject({ currency: null, kind: 'index' });
  });

  it('an IPO application holds the EUR amount at the rate of the moment; allotment and refund use that rate', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const now = ctx.server.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const { id } = expectOk(await ctx.server.call<{ id: string }>('admin/ipo/save', {
      symbol: `FXIPO${process.pid % 1000}`, name: 'Currency Test Ltd.', price: 250, lotSize: 20, minLots: 1, maxLots: 4, totalShares: 40,
      opensAt: iso(now + 60_000), closesAt: iso(now + 3_600_000), allotmentAt: iso(now + 2 * 3_600_000), listingAt: iso(now + 3 * 3_600_000),
    }, { token: ctx.operator }));
    ctx.server.clock.advance(2 * 60_000);
    const quote = expectOk(await ctx.server.call<{ lots: number; shares: number; price: number; grossQuote: number; amount: number; rate: number; currency: string; accountCurrency: string }>('ipo/quote', { id, lots: 3 }, { token: user.token }));
    expect(quote).toMatchObject({ lots: 3, shares: 60, price: 250, grossQuote: 15_000, currency: 'INR', accountCurrency: 'EUR' });
    expect(minor(quote.amount)).toBe(toAccountMinor(1_500_000, minor(quote.rate)));
    expectCall(await ctx.server.call('ipo/quote', { id, lots: 5 }, { token: user.token }), 400, 1702);
    const applied = expectOk(await ctx.server.call<{ id: string; amount: number; rate: number }>('ipo/purchase', { id, lots: 3 }, { token: user.token }));
    expect(applied).toMatchObject({ amount: quote.amount, rate: quote.rate });
    // Approving the UPI mandate holds the amount fixed at bidding.
    expect(expectOk(await ctx.server.call<{ heldAmount: number }>('ipo/mandate/approve', { id: applied.id }, { token: user.token })).heldAmount).toBe(quote.amount);
    expect(minor((await assets(ctx.server, user.token)).held)).toBe(minor(quote.amount));
    // Demand 60 shares for 40 offered: 2 lots allotted at the application's rate, the rest released.
    ctx.server.clock.advance(2 * 3_600_000);
    await ctx.server.ipo.run(ctx.server.clock.now());
    const [mine] = expectOk(await ctx.server.call<{ items: Array<{ allottedShares: number; amount: number; refundAmount: number }> }>('ipo/ipoRecord', {}, { token: user.token })).items;
    expect(mine!.allottedShares).toBe(40);
    const allotted = toAccountMinor(40 * 25_000, minor(quote.rate));
    expect(minor(mine!.refundAmount)).toBe(minor(quote.amount) - allotted);
    const after = await assets(ctx.server, user.token);
    expect(minor(after.held)).toBe(0);
    expect(minor(after.available)).toBe(100_000 - allotted);
  });

  it('a basket buy converts: invested + leftover = amount in EUR, and each line is its INR gross at the rate', async () => {
    const user = await trader(ctx.server, ctx.operator, 20_000);
    const baskets = expectOk(await ctx.server.call<{ items: Array<{ id: string; minAmount: number }> }>('aiRecommend/page', {}, { token: user.token })).items;
    const basket = baskets[0]!;
    const rate = await lastPrice(ctx.server, 'EURINR');
    const amount = Math.max(basket.minAmount, 10_000);
    const receipt = expectOk(await ctx.server.call<{ orders: Array<{ symbol: string; quantity: number; price: number }>; invested: number; leftover: number; rate: number }>('aiRecommend/buy', { id: basket.id, amount }, { token: user.token }));
    expect(receipt.rate).toBe(rate);
    expect(minor(receipt.invested) + minor(receipt.leftover)).toBe(minor(amount));
    // Each line: its EUR gross, brokerage on it and the statutory charges converted from rupees.
    const expected = receipt.orders.reduce((s, o) => {
      const gross = toAccountMinor(minor(o.price) * o.quantity, minor(rate));
      return s + gross + computeCharges({ side: 'buy', turnoverInrMinor: minor(o.price) * o.quantity, grossAccountMinor: gross, fxRateMinor: minor(rate) }, NSE_DELIVERY_RATES).account.total;
    }, 0);
    expect(minor(receipt.invested)).toBe(expected);
    expect(minor((await assets(ctx.server, user.token)).available)).toBe(2_000_000 - expected);
  });
});

describe('INR deployment (ACCOUNT_CURRENCY=INR)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startMoneyServer({ ACCOUNT_CURRENCY: 'inr' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('converts nothing: rate 1, the amount is the INR gross', async () => {
    const operator = await operatorToken(server);
    const user = await trader(server, operator, 10_000);
    const price = await lastPrice(server, 'INFY');
    const quote = expectOk(await server.call<Quote>('order/quote', { symbol: 'INFY', quantity: 2 }, { token: user.token }));
    expect(quote).toMatchObject({ currency: 'INR', accountCurrency: 'INR', rate: 1, price, amount: (minor(price) * 2) / 100 });
    const bought = expectOk(await server.call<{ total: number }>('order/purchase', { kind: 'stock', symbol: 'INFY', quantity: 2 }, { token: user.token }));
    expect(bought.total).toBe(quote.total);
  });

  it('an unknown ACCOUNT_CURRENCY refuses to start', () => {
    expect(accountCurrencyOf(undefined)).toBe('EUR');
    expect(accountCurrencyOf('inr')).toBe('INR');
    expect(() => accountCurrencyOf('USD')).toThrow(/ACCOUNT_CURRENCY/);
  });
});
