/**
 * Stock orders over the API, on SQLite and `TEST_DB=pg`: buy and sell
 * at the feed price with commission on both sides (0.10 %, to the cent) and the statutory
 * charges (docs/trading.md, Charges), average cost,
 * realized and unrealized P/L, holdings in `purse/getAssets`, selling more than held, indices
 * refused, idempotent sale. Ledger invariants after every test. Prices are INR, the account is
 * EUR (the default): every gross converts at the feed's EUR/INR rate.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { useMoneyServer } from '../support/money.js';
import { lastPrice, trader } from '../support/trading.js';
import { commissionMinor } from '../../src/shared/trade.js';
import { toAccountMinor } from '../../src/shared/currency.js';
import { computeCharges, NSE_DELIVERY_RATES } from '../../src/server/domain/trading/charges.js';

const money = useMoneyServer({ resetClock: false });

const minor = (units: number) => Math.round(units * 100);
type Holding = { symbol: string; quantity: number; averageCost: number; lastPrice: number; marketValue: number; unrealizedPnl: number; unrealizedPnlPercent: number };
type Assets = { available: number; held: number; positions: number; total: number };
type Summary = Assets & { invested: number; currentValue: number; dayPnl: number; dayPnlPercent: number; totalPnl: number; totalPnlPercent: number; realizedPnl: number };

describe('stock orders', () => {
  it('buys at the feed price plus commission, keeps the average cost, sells with realized P/L', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    // INR gross → EUR at the rate of the moment (the feed's simulated EUR/INR).
    // A buy's charge is truncated to the cent, a sale's proceeds rounded up (the investor's favour).
    const eur = async (inrMinor: number, direction: 'charge' | 'credit' = 'charge') => toAccountMinor(inrMinor, minor(await lastPrice(money.server, 'EURINR')), direction);
    // Every charge of a trade in the account currency (brokerage + STT, exchange, SEBI, stamp duty, GST).
    const charged = async (side: 'buy' | 'sell', inrMinor: number, grossMinor: number) =>
      computeCharges({ side, turnoverInrMinor: inrMinor, grossAccountMinor: grossMinor, fxRateMinor: minor(await lastPrice(money.server, 'EURINR')) }, NSE_DELIVERY_RATES).account;
    const p1 = await lastPrice(money.server, 'HDFCBANK');
    const rate1 = await lastPrice(money.server, 'EURINR');
    expect(rate1).toBeGreaterThan(50);
    const buy1 = expectOk(await money.server.call<{ id: string; price: number; commission: number; total: number; side: string; quantity: number; charges: Record<string, number> }>('order/purchase', { kind: 'stock', symbol: 'HDFCBANK', quantity: 10 }, { token: user.token }));
    const gross1 = await eur(minor(p1) * 10);
    const c1 = await charged('buy', minor(p1) * 10, gross1);
    expect(c1.brokerage).toBe(commissionMinor(gross1, 10));
    const fee1 = c1.total;
    expect(buy1.charges).toEqual(Object.fromEntries(Object.entries(c1).map(([k, v]) => [k, v / 100])));
    expect(gross1).toBeLessThan(minor(p1) * 10);
    expect(buy1).toMatchObject({ side: 'buy', symbol: 'HDFCBANK', quantity: 10, price: p1, commission: c1.brokerage / 100, total: (gross1 + fee1) / 100, currency: 'INR', accountCurrency: 'EUR', rate: rate1 });
    money.server.clock.advance(30_000);
    const p2 = await lastPrice(money.server, 'HDFCBANK');
    const buy2 = expectOk(await money.server.call<{ total: number }>('order/purchase', { kind: 'stock', symbol: 'HDFCBANK', quantity: 5 }, { token: user.token }));
    const gross2 = await eur(minor(p2) * 5);
    const fee2 = (await charged('buy', minor(p2) * 5, gross2)).total;
    const cost = gross1 + fee1 + gross2 + fee2;
    expect(minor(buy2.total)).toBe(gross2 + fee2);
    const value15 = await eur(minor(p2) * 15);

    const holdings = expectOk(await money.server.call<{ items: Holding[]; total: number }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token }));
    expect(holdings.total).toBe(1);
    const h = holdings.items[0]!;
    expect(h).toMatchObject({ symbol: 'HDFCBANK', quantity: 15, averageCost: Math.round(cost / 15) / 100, lastPrice: p2, currency: 'INR', marketValue: value15 / 100 });
    expect(minor(h.unrealizedPnl)).toBe(value15 - cost);
    const wallet = expectOk(await money.server.call<Assets>('purse/getAssets', {}, { token: user.token }));
    expect(minor(wallet.available)).toBe(10_000_000 - cost);
    expect(minor(wallet.positions)).toBe(value15);
    expect(minor(wallet.total)).toBe(10_000_000 - cost + value15);

    money.server.clock.advance(30_000);
    const p3 = await lastPrice(money.server, 'HDFCBANK');
    const sell = expectOk(await money.server.call<{ side: string; proceeds: number; commission: number; realizedPnl: number; price: number }>('order/sell', { symbol: 'HDFCBANK', quantity: 6 }, { token: user.token }));
    const gross3 = await eur(minor(p3) * 6, 'credit');
    const c3 = await charged('sell', minor(p3) * 6, gross3);
    expect(c3.stampDuty).toBe(0);
    const fee3 = c3.total;
    const soldCost = Math.round((cost * 6) / 15);
    expect(sell).toMatchObject({ side: 'sell', price: p3, commission: c3.brokerage / 100, proceeds: (gross3 - fee3) / 100 });
    expect(minor(sell.realizedPnl)).toBe(gross3 - fee3 - soldCost);
    const after = expectOk(await money.server.call<{ items: Holding[] }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token })).items[0]!;
    expect(after.quantity).toBe(9);
    expect(after.averageCost).toBe(Math.round((cost - soldCost) / 9) / 100);

    // Selling more than held is refused; selling the rest closes the position.
    const refused = expectCall(await money.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 10 }, { token: user.token }), 409, 1407);
    expect(refused.message).toContain('9');
    money.server.clock.advance(1_000);
    const rest = expectOk(await money.server.call<{ realizedPnl: number; proceeds: number }>('order/sell', { symbol: 'HDFCBANK', quantity: 9 }, { token: user.token }));
    expect(minor(rest.realizedPnl)).toBe(minor(rest.proceeds) - (cost - soldCost));
    expect(expectOk(await money.server.call<{ total: number }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token })).total).toBe(0);
    const history = expectOk(await money.server.call<{ items: Array<{ type: string; side: string; quantity: number; pnl: number }>; total: number }>('order/historicalDetails', {}, { token: user.token }));
    expect(history.total).toBe(2);
    expect(history.items.map((i) => [i.type, i.side, i.quantity])).toEqual([['trade', 'sell', 9], ['trade', 'sell', 6]]);
    const final = expectOk(await money.server.call<Assets>('purse/getAssets', {}, { token: user.token }));
    expect(final.positions).toBe(0);
    expect(minor(final.available)).toBe(10_000_000 - cost + minor(sell.proceeds) + minor(rest.proceeds));
  });

  it('answers the money picture of /position: invested, current value, day and total P/L, realized P/L, last price in the account currency', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    const empty = expectOk(await money.server.call<Summary>('purse/getAssets', {}, { token: user.token }));
    expect(empty).toMatchObject({ invested: 0, currentValue: 0, dayPnl: 0, dayPnlPercent: 0, totalPnl: 0, totalPnlPercent: 0, realizedPnl: 0 });
    const buy = expectOk(await money.server.call<{ total: number }>('order/purchase', { kind: 'stock', symbol: 'INFY', quantity: 4 }, { token: user.token }));
    money.server.clock.advance(30_000);
    const quote = expectOk(await money.server.call<{ last: number; prevClose: number }>('markets/getMarket', { symbol: 'INFY' }));
    const rate = minor(await lastPrice(money.server, 'EURINR'));
    const summary = expectOk(await money.server.call<Summary>('purse/getAssets', {}, { token: user.token }));
    const value = toAccountMinor(minor(quote.last) * 4, rate, 'charge');
    const before = toAccountMinor(minor(quote.prevClose) * 4, rate, 'charge');
    expect(minor(summary.invested)).toBe(minor(buy.total));
    expect(minor(summary.currentValue)).toBe(value);
    expect(summary.currentValue).toBe(summary.positions);
    expect(minor(summary.totalPnl)).toBe(value - minor(buy.total));
    expect(summary.totalPnlPercent).toBe(Math.round(((value - minor(buy.total)) / minor(buy.total)) * 10_000) / 100);
    expect(minor(summary.dayPnl)).toBe(value - before);
    expect(summary.dayPnlPercent).toBe(Math.round(((value - before) / before) * 10_000) / 100);
    const holding = expectOk(await money.server.call<{ items: Array<Holding & { lastPriceAccount: number }> }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token })).items[0]!;
    expect(minor(holding.lastPriceAccount)).toBe(toAccountMinor(minor(quote.last), rate, 'charge'));
    expect(holding.lastPrice).toBe(quote.last);

    const sale = expectOk(await money.server.call<{ realizedPnl: number }>('order/sell', { symbol: 'INFY', quantity: 4 }, { token: user.token }));
    const after = expectOk(await money.server.call<Summary>('purse/getAssets', {}, { token: user.token }));
    expect(after).toMatchObject({ invested: 0, currentValue: 0, realizedPnl: sale.realizedPnl });
  });

  it('refuses selling without a position, bad quantities, indices, unknown symbols and orders beyond the balance', async () => {
    const user = await trader(money.server, money.operator, 100);
    expectCall(await money.server.call('order/sell', { symbol: 'TCS', quantity: 1 }, { token: user.token }), 409, 1407);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 0 }, { token: user.token }), 400, 1406);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 1.5 }, { token: user.token }), 400, 1406);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'TCS' }, { token: user.token }), 400, 1406);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'NIFTY50', quantity: 1 }, { token: user.token }), 400, 1408);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'NOPE', quantity: 1 }, { token: user.token }), 404, 1300);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 10 }, { token: user.token }), 409, 1210);
    // The sell form's schema on both sides: a missing, zero or fractional quantity is 1406 too.
    expectCall(await money.server.call('order/sell', { symbol: 'TCS' }, { token: user.token }), 400, 1406);
    expectCall(await money.server.call('order/sell', { symbol: 'TCS', quantity: 0 }, { token: user.token }), 400, 1406);
    expectCall(await money.server.call('order/sell', { symbol: 'TCS', quantity: 2.5 }, { token: user.token }), 400, 1406);
    expectCall(await money.server.call('order/sell', { quantity: 1 }, { token: user.token }), 400, 1000);
  });

  it('a sale retried with the same Idempotency-Key sells once', async () => {
    const user = await trader(money.server, money.operator, 50_000);
    expectOk(await money.server.call('order/purchase', { kind: 'stock', symbol: 'ITC', quantity: 4 }, { token: user.token }));
    const headers = { 'idempotency-key': 'sell-itc-1' };
    const first = expectOk(await money.server.call<{ id: string }>('order/sell', { symbol: 'ITC', quantity: 3 }, { token: user.token, headers }));
    const again = expectOk(await money.server.call<{ id: string }>('order/sell', { symbol: 'ITC', quantity: 3 }, { token: user.token, headers }));
    expect(again).toEqual(first);
    const holding = expectOk(await money.server.call<{ items: Holding[] }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token })).items[0]!;
    expect(holding.quantity).toBe(1);
  });
});
