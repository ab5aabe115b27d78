/**
 * ETFs over the API, on SQLite and `TEST_DB=pg`: the funds with their baskets
 * (weights add up to 1, NAV = base × Σ weight × last / reference from the feed's quotes),
 * buying whole units at the iNAV with stock commission, my ETF orders, the units in holdings
 * and sold with `order/sell`, bad inputs refused. The iNAV is INR and the account EUR: the
 * gross converts at the feed's EUR/INR rate, and holdings of units are valued at the iNAV.
 * Ledger invariants after every test.
 */
import { describe, expect, it } from 'vitest';
import { commissionMinor } from '../../src/shared/trade.js';
import { toAccountMinor } from '../../src/shared/currency.js';
import { buildEtfs, navMinor } from '../../src/server/domain/etf/catalogue.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { assets, credit, investor, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer();
const minor = (units: number) => Math.round(units * 100);

type EtfView = { symbol: string; name: string; nav: number; change: number; changePct: number; expenseRatio: number; benchmark: string; holdings: Array<{ symbol: string; weight: number }> };

describe('ETFs', () => {
  it('lists a NIFTY 50 ETF and a bank ETF priced from their baskets', async () => {
    const user = await investor(ctx.server);
    const page = expectOk(await ctx.server.call<{ items: EtfView[]; total: number }>('etf/page', {}, { token: user.token }));
    expect(page.total).toBe(2);
    const [nifty, bank] = page.items;
    expect(nifty).toMatchObject({ symbol: 'NIVNIFTY', benchmark: 'NIFTY 50', expenseRatio: 0.0005 });
    expect(nifty!.holdings).toHaveLength(50);
    expect(bank!.holdings.map((h) => h.symbol).sort()).toEqual(['AXISBANK', 'HDFCBANK', 'ICICIBANK', 'KOTAKBANK', 'SBIN']);
    for (const etf of page.items) expect(etf.holdings.reduce((s, h) => s + h.weight, 0)).toBeCloseTo(1, 3);
    // The NAV is the basket at the feed's prices.
    const feed = await ctx.server.market.ready();
    const etfs = buildEtfs(ctx.server.market.instruments);
    for (const [i, etf] of etfs.entries()) {
      expect(minor(page.items[i]!.nav)).toBe(navMinor(etf, (s) => feed.quote(s)?.last ?? null));
      const prev = navMinor(etf, (s) => feed.quote(s)?.prevClose ?? null);
      expect(minor(page.items[i]!.change)).toBe(minor(page.items[i]!.nav) - prev);
    }
    expect(page.items[0]!.nav).not.toBe(page.items[1]!.nav);
  });

  it('markets/getMarket quotes an ETF at its iNAV (the ticket /buy), without ranges or a favourite star', async () => {
    const user = await investor(ctx.server);
    const fund = expectOk(await ctx.server.call<{ items: EtfView[] }>('etf/page', {}, { token: user.token })).items[1]!;
    const quote = expectOk(await ctx.server.call<Record<string, unknown>>('markets/getMarket', { symbol: 'nivbank' }, { token: user.token }));
    expect(quote).toMatchObject({
      symbol: 'NIVBANK', name: fund.name, kind: 'etf', sector: fund.benchmark, currency: 'INR', last: fund.nav, change: fund.change, changePct: fund.changePct,
      isin: null, lotSize: 1, yearHigh: null, yearLow: null, favourite: null, volume: 0,
    });
    expect(minor(quote.prevClose as number)).toBe(minor(fund.nav) - minor(fund.change));
    // A share still answers its own quote, kind equity.
    expect(expectOk(await ctx.server.call<{ kind: string }>('markets/getMarket', { symbol: 'TCS' })).kind).toBe('equity');
  });

  it('buys whole units at the iNAV with commission, shows them in holdings and orders, sells them with order/sell', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 5000);
    const before = expectOk(await ctx.server.call<{ items: EtfView[] }>('etf/page', {}, { token: user.token })).items[1]!;
    const rate = expectOk(await ctx.server.call<{ last: number }>('markets/getMarket', { symbol: 'EURINR' })).last;
    const buy = expectOk(await ctx.server.call<{ id: string; price: number; quantity: number; commission: number; amount: number; rate: number }>('etf/buy', { symbol: 'NIVBANK', quantity: 3 }, { token: user.token, headers: { 'idempotency-key': 'etf-buy-1' } }));
    expect(buy.price).toBe(before.nav);
    const gross = toAccountMinor(minor(buy.price) * 3, minor(rate));
    const fee = commissionMinor(gross, 10);
    expect(buy).toMatchObject({ quantity: 3, commission: fee / 100, amount: (gross + fee) / 100, currency: 'INR', accountCurrency: 'EUR', rate });
    const again = expectOk(await ctx.server.call('etf/buy', { symbol: 'NIVBANK', quantity: 3 }, { token: user.token, headers: { 'idempotency-key': 'etf-buy-1' } }));
    expect(again).toEqual(buy);
    expect((await assets(ctx.server, user.token)).available).toBe((500_000 - minor(buy.amount)) / 100);

    // Units are valued at the iNAV of the moment (not at cost), converted at the current rate.
    ctx.server.clock.advance(60_000);
    const navNow = expectOk(await ctx.server.call<{ items: EtfView[] }>('etf/page', {}, { token: user.token })).items[1]!.nav;
    const rateNow = expectOk(await ctx.server.call<{ last: number }>('markets/getMarket', { symbol: 'EURINR' })).last;
    expect(navNow).not.toBe(buy.price);
    const holdings = expectOk(await ctx.server.call<{ items: Array<{ symbol: string; quantity: number; lastPrice: number; marketValue: number; unrealizedPnl: number }> }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token }));
    expect(holdings.items).toEqual([expect.objectContaining({ symbol: 'NIVBANK', quantity: 3, lastPrice: navNow, marketValue: toAccountMinor(minor(navNow) * 3, minor(rateNow)) / 100 })]);
    expect(minor(holdings.items[0]!.unrealizedPnl)).toBe(toAccountMinor(minor(navNow) * 3, minor(rateNow)) - (gross + fee));
    ctx.server.clock.advance(5_000);
    const sell = expectOk(await ctx.server.call<{ price: number; quantity: number }>('order/sell', { symbol: 'NIVBANK', quantity: 2 }, { token: user.token }));
    const nav = expectOk(await ctx.server.call<{ items: EtfView[] }>('etf/page', {}, { token: user.token })).items[1]!.nav;
    expect(sell).toMatchObject({ quantity: 2, price: nav });
    const orders = expectOk(await ctx.server.call<{ items: Array<{ symbol: string; side: string; quantity: number }>; total: number }>('etfOrder/page', {}, { token: user.token }));
    expect(orders.total).toBe(2);
    expect(orders.items.map((o) => [o.symbol, o.side, o.quantity])).toEqual([['NIVBANK', 'sell', 2], ['NIVBANK', 'buy', 3]]);
  });

  it('refuses bad units, unknown funds and short balances, changing nothing', async () => {
    const user = await investor(ctx.server);
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVNIFTY', quantity: 1.5 }, { token: user.token }), 400, 1406);
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVNIFTY', quantity: 0 }, { token: user.token }), 400, 1406);
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVNIFTY' }, { token: user.token }), 400, 1406);
    // Above the contract's maximum, as above a published one: the bound named (1418).
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVNIFTY', quantity: 1_000_001 }, { token: user.token }), 400, 1418);
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NOPEETF', quantity: 1 }, { token: user.token }), 404, 1300);
    expectCall(await ctx.server.call('etf/buy', { symbol: 'NIVNIFTY', quantity: 1 }, { token: user.token }), 409, 1210);
    expectCall(await ctx.server.call('order/sell', { symbol: 'NIVNIFTY', quantity: 1 }, { token: user.token }), 409, 1407);
    expect(expectOk(await ctx.server.call<{ total: number }>('etfOrder/page', {}, { token: user.token })).total).toBe(0);
  });
});
