/**
 * AI baskets over the API, on SQLite and
 * `TEST_DB=pg`: baskets carry their method and out-of-sample record; a basket buy's orders are
 * `floor(amount × weight ÷ price)` whole shares at the feed price (one share at a time off the
 * largest line while brokerage and the statutory charges push it over), `invested + leftover =
 * amount` and the balance falls by exactly `invested`; records show value and P/L; bad inputs
 * refused with their own codes and nothing changed. The refit is a background job, once per
 * `AI_REFIT_HOURS` across servers, on the injected clock; reads never fit. Ledger invariants
 * after every test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { lastPrice, trader } from '../support/trading.js';
import { balances, deliveryBuyCharges, inUnits, minor, sharesOf, type Breakdown, useOfferingsServer } from '../support/offerings.js';
import { buildServer } from '../../src/server/app.js';
import { offeringsDb } from '../../src/server/db/offerings-tables.js';
import { jobRunsDb } from '../../src/server/jobs/tables.js';

// The offerings' arithmetic on an INR account (no conversion); tests/api/currency.test.ts converts
// offering buys to the EUR account at the feed's EUR/INR rate.
const ctx = useOfferingsServer({ ACCOUNT_CURRENCY: 'INR' });
// The baskets are fitted by the refit job's start-up pass (reads never fit).
beforeAll(async () => {
  await ctx.server.jobs.started;
});

interface Basket {
  id: string; name: string; description: string; method: string; asOf: string; minAmount: number; riskLevel: string; disclaimer: string;
  symbols: Array<{ symbol: string; weight: number; reason: string }>;
  backtest: { from: string; to: string; cagr: number; maxDrawdown: number; hitRate: number; benchmarkCagr: number };
}

describe('AI baskets', () => {
  it('lists the fitted baskets with method, weights and out-of-sample record, in the asked language', async () => {
    const user = await trader(ctx.server, ctx.operator, 0);
    const page = expectOk(await ctx.server.call<{ items: Basket[]; total: number }>('aiRecommend/page', {}, { token: user.token }));
    expect(page.total).toBe(2);
    for (const b of page.items) {
      expect(b.symbols).toHaveLength(5);
      expect(b.symbols.reduce((s, x) => s + x.weight, 0)).toBeCloseTo(1, 10);
      expect(b.backtest.from < b.backtest.to).toBe(true);
      expect(b.backtest.hitRate).toBeGreaterThanOrEqual(0);
      expect(b.backtest.maxDrawdown).toBeGreaterThan(0);
      expect(['low', 'medium', 'high']).toContain(b.riskLevel);
      expect(b.method).toContain(b.backtest.from);
      expect(b.disclaimer).toMatch(/Not investment advice/);
      expect(b.minAmount).toBe(5000);
    }
    const german = expectOk(await ctx.server.call<{ items: Basket[] }>('aiRecommend/page', { pageSize: 1 }, { token: user.token, lang: 'de' }));
    expect(german.items).toHaveLength(1);
    expect(german.items[0]!.disclaimer).toMatch(/Keine Anlageberatung/);
    // A second fit of the same data stores no second basket.
    await ctx.server.offerings.refit();
    expect(expectOk(await ctx.server.call<{ total: number }>('aiRecommend/page', {}, { token: user.token })).total).toBe(2);
  });

  it('a basket buy: floor(amount × weight ÷ price) shares, invested + leftover = amount, balance falls by invested', async () => {
    const user = await trader(ctx.server, ctx.operator, 60_000);
    const basket = expectOk(await ctx.server.call<{ items: Basket[] }>('aiRecommend/page', {}, { token: user.token })).items[0]!;
    const before = await balances(ctx.server, user.token);
    const prices = new Map<string, number>();
    for (const s of basket.symbols) prices.set(s.symbol, minor(await lastPrice(ctx.server, s.symbol)));
    // The ticket previews the very split the order makes: shares per stock and the leftover.
    const quote = expectOk(await ctx.server.call<{ lines: Array<{ symbol: string; name: string; quantity: number; price: number; amount: number; charges: Breakdown }>; amount: number; invested: number; leftover: number; rate: number; charges: Breakdown }>('aiRecommend/quote', { id: basket.id, amount: 50_000.55 }, { token: user.token }));
    const receipt = expectOk(await ctx.server.call<{ id: string; orders: Array<{ symbol: string; quantity: number; price: number; amount: number; charges: Breakdown }>; invested: number; leftover: number; charges: Breakdown; chargesInr: Breakdown }>('aiRecommend/buy', { id: basket.id, amount: 50_000.55 }, { token: user.token }));
    expect(quote).toMatchObject({ amount: 50_000.55, invested: receipt.invested, leftover: receipt.leftover, charges: receipt.charges });
    expect(quote.lines.map((l) => [l.symbol, l.quantity, l.price, l.amount, l.charges])).toEqual(receipt.orders.map((o) => [o.symbol, o.quantity, o.price, o.amount, o.charges]));
    expect(quote.lines.every((l) => l.name.length > 0 && l.amount > 0)).toBe(true);
    expect(Math.round(quote.lines.reduce((sum, l) => sum + l.amount * 100, 0))).toBe(Math.round(quote.invested * 100));
    const amount = 5_000_055;
    // The split worked out here: floor per weight, then one share off the largest line while
    // gross + brokerage + statutory charges exceed the amount.
    const split = basket.symbols.map((s) => ({ symbol: s.symbol, price: prices.get(s.symbol)!, quantity: Math.floor((amount * s.weight) / prices.get(s.symbol)!) }));
    const cost = (l: (typeof split)[number]) => (l.quantity ? l.price * l.quantity + deliveryBuyCharges(l.price * l.quantity).total : 0);
    while (split.reduce((s, l) => s + cost(l), 0) > amount) split.filter((l) => l.quantity > 0).sort((a, b) => b.price * b.quantity - a.price * a.quantity)[0]!.quantity--;
    let invested = 0;
    const total = { brokerage: 0, stt: 0, exchangeCharge: 0, sebiFee: 0, stampDuty: 0, gst: 0, total: 0 };
    for (const { symbol, price, quantity } of split) {
      const order = receipt.orders.find((o) => o.symbol === symbol);
      if (quantity === 0) {
        expect(order).toBeUndefined();
        continue;
      }
      const charges = deliveryBuyCharges(price * quantity);
      for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += charges[k];
      expect(order).toEqual({ symbol, quantity, price: price / 100, amount: (price * quantity + charges.total) / 100, charges: inUnits(charges) });
      invested += price * quantity + charges.total;
      expect(await sharesOf(ctx.server, user.token, symbol)).toBe(quantity);
    }
    expect(receipt.charges).toEqual(inUnits(total));
    expect(receipt.chargesInr).toEqual(receipt.charges);
    expect(minor(receipt.invested)).toBe(invested);
    expect(minor(receipt.invested) + minor(receipt.leftover)).toBe(amount);
    expect(await balances(ctx.server, user.token)).toEqual({ available: before.available - invested, held: before.held });

    const records = expectOk(await ctx.server.call<{ items: Array<{ id: string; amount: number; invested: number; leftover: number; currentValue: number; pnl: number; orders: unknown[] }>; total: number }>('aiRecommendRecord/page', {}, { token: user.token }));
    expect(records.total).toBe(1);
    const r = records.items[0]!;
    expect(r).toMatchObject({ id: receipt.id, amount: 50_000.55, invested: receipt.invested, leftover: receipt.leftover });
    const value = receipt.orders.reduce((s, o) => s + prices.get(o.symbol)! * o.quantity, 0);
    expect(minor(r.currentValue)).toBe(value);
    expect(minor(r.pnl)).toBe(value - invested);
  });

  it('refuses every bad basket order with its own code and changes nothing; a retried key buys once', async () => {
    const user = await trader(ctx.server, ctx.operator, 6_000);
    const basket = expectOk(await ctx.server.call<{ items: Basket[] }>('aiRecommend/page', {}, { token: user.token })).items[0]!;
    const before = await balances(ctx.server, user.token);
    const t = { token: user.token };
    // The basket's own minimum, as money like every amount in a refusal.
    expect(expectCall(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 4999.99 }, t), 400, 1771).message).toMatch(/^The minimum for this basket is 5\.000,00\s/);
    expectCall(await ctx.server.call('aiRecommend/quote', { id: basket.id, amount: 4999.99 }, t), 400, 1771);
    expectCall(await ctx.server.call('aiRecommend/quote', { id: basket.id }, t), 400, 1203);
    expectCall(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 5000.001 }, t), 400, 1203);
    expectCall(await ctx.server.call('aiRecommend/buy', { id: 'momentum-1999-01-01', amount: 5000 }, t), 404, 1770);
    expectCall(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 50_000 }, t), 409, 1210);
    // The order form's schema on both sides: a missing amount is 1203 too.
    expectCall(await ctx.server.call('aiRecommend/buy', { id: basket.id }, t), 400, 1203);
    expectCall(await ctx.server.call('aiRecommend/buy', { amount: 5000 }, t), 400, 1000);
    expectCall(await ctx.server.call('aiRecommend/page', { pageSize: 0 }, t), 400, 1000);
    expect(await balances(ctx.server, user.token)).toEqual(before);
    expect(expectOk(await ctx.server.call<{ total: number }>('aiRecommendRecord/page', {}, t)).total).toBe(0);
    const headers = { 'idempotency-key': 'basket-1' };
    const first = expectOk(await ctx.server.call<{ invested: number }>('aiRecommend/buy', { id: basket.id, amount: 5000 }, { ...t, headers }));
    expect(expectOk(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 5000 }, { ...t, headers }))).toEqual(first);
    expect((await balances(ctx.server, user.token)).available).toBe(before.available - minor(first.invested));
  });
});

describe('the refit job', () => {
  const DAY = 24 * 3_600_000;
  const fits = async () =>
    (await offeringsDb(ctx.server.deps.db).selectFrom('ai_baskets').select(['id', 'fitted_at']).where('current', '=', 1).orderBy('id').execute()).map((r) => ({ id: r.id, at: Number(r.fitted_at) }));

  it('fits at start, never on read, and once per period across two servers on the injected clock', async () => {
    const user = await trader(ctx.server, ctx.operator, 0);
    const started = await fits();
    expect(started).toHaveLength(2);
    const fittedAt = started[0]!.at;
    // A read long after the period leaves the stored fit alone: refitting is the job's.
    ctx.server.clock.set(fittedAt + 2 * DAY);
    expect(expectOk(await ctx.server.call<{ total: number }>('aiRecommend/page', {}, { token: user.token })).total).toBe(2);
    expect(await fits()).toEqual(started);

    const second = await buildServer(ctx.server.config, { clock: ctx.server.clock, db: ctx.server.deps.db, logger: false });
    try {
      // The second server's start-up pass finds a stale fit and takes this period's slot.
      await second.jobs.started;
      const now = ctx.server.clock.now();
      expect((await fits()).map((f) => f.at)).toEqual([now, now]);
      // Both servers' periodic passes in the same period: neither fits again.
      ctx.server.clock.advance(3_600_000);
      expect(await Promise.all([ctx.server.jobs.runOnce('ai.refit'), second.jobs.runOnce('ai.refit')])).toEqual([false, false]);
      expect((await fits()).map((f) => f.at)).toEqual([now, now]);
      // The next period: exactly one of the two runs the fit.
      ctx.server.clock.set(now + DAY);
      const ran = await Promise.all([ctx.server.jobs.runOnce('ai.refit'), second.jobs.runOnce('ai.refit')]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect((await fits()).map((f) => f.at)).toEqual([now + DAY, now + DAY]);
      const slot = Math.floor((now + DAY) / DAY);
      const runs = await jobRunsDb(ctx.server.deps.db).selectFrom('job_runs').selectAll().where('job', '=', 'ai.refit').where('slot', '=', slot).execute();
      expect(runs).toHaveLength(1);
      // Same data day: still one basket per model, the ids unchanged.
      expect((await fits()).map((f) => f.id)).toEqual(started.map((f) => f.id));
    } finally {
      await second.close();
    }
  });
});
