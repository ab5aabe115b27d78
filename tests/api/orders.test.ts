/**
 * Resting orders over the API, on SQLite and `TEST_DB=pg` (docs/trading.md, Orders): a limit
 * buy rests and holds its worst case, is modified (the hold follows) and fills once when a feed
 * tick reaches it — two matcher passes racing on every second, and a stale fill attempt after
 * it, book it exactly once; modify re-holds the difference and cancel releases at once; a
 * resting sell holds the shares; a stop sell triggers; refusals answer their own codes; a day
 * order expires at the session close and releases its hold while a gtc order rests on; a second
 * server process and this one race on the same crossing and book it once; market orders are
 * listed filled with their timeline. The
 * ledger check runs when the file stops the server. The clock is the test's ManualClock.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { useMoneyServer } from '../support/money.js';
import { lastPrice, trader } from '../support/trading.js';
import { buyCostMinor, buyTotalMinor } from '../../src/server/domain/holdings/index.js';
import { chargeRatesOf } from '../../src/server/domain/trading/charges.js';
import { fillOrder } from '../../src/server/domain/orders/fill.js';
import { ordersDb } from '../../src/server/db/order-tables.js';
import { startApiWorker } from '../support/api-worker.js';

const money = useMoneyServer({ resetClock: false });

const minor = (units: number) => Math.round(units * 100);
/** A price in rupees on the 0.05 grid at or below `units`. */
const grid = (units: number) => (Math.floor(Math.round(units * 100) / 5) * 5) / 100;
const round2 = (n: number) => Math.round(n * 100) / 100;

type Order = { id: string; status: string; statusLabel: string; held: number; quantity: number; limitPrice: number | null; triggerPrice: number | null; fillPrice: number | null; tradeId: string | null; expiresAt: number | null; open: boolean };
type Detail = Order & { events: Array<{ type: string; label: string; at: number; detail: Record<string, unknown> }> };
type Assets = { available: number; held: number };

const assets = async (token: string) => expectOk(await money.server.call<Assets>('purse/getAssets', {}, { token }));
const detail = async (token: string, id: string) => expectOk(await money.server.call<Detail>('order/orderDetail', { id }, { token }));

/** Advances the clock a second at a time, running two matcher passes at once each second, until the order leaves the book. */
async function untilClosed(token: string, id: string, maxSeconds = 3_600): Promise<Detail> {
  for (let s = 0; s < maxSeconds; s++) {
    const order = await detail(token, id);
    if (order.status !== 'open') return order;
    money.server.clock.advance(1_000);
    await Promise.all([money.server.orders.run(), money.server.orders.run()]);
  }
  throw new Error(`order ${id} still open after ${maxSeconds} s`);
}

describe('resting orders', () => {
  it('a limit buy rests and holds its worst case, follows a modification, fills exactly once when a tick reaches it', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    const p = await lastPrice(money.server, 'INFY');
    const rate = minor(await lastPrice(money.server, 'EURINR'));
    const limit = grid(p * 0.95);
    const placed = expectOk(await money.server.call<Order>('order/purchase', { kind: 'stock', symbol: 'INFY', quantity: 10, orderType: 'limit', limitPrice: limit, validity: 'gtc' }, { token: user.token }));
    expect(placed).toMatchObject({ status: 'open', statusLabel: 'Open', quantity: 10, limitPrice: limit, fillPrice: null, expiresAt: null, open: true });
    // Gross at the limit + brokerage + the statutory charges: what the fill could cost at most.
    expect(minor(placed.held)).toBe(buyTotalMinor(minor(limit), 10, chargeRatesOf(money.server.config.trading), rate));
    expect(minor(placed.held)).toBeGreaterThan(buyCostMinor(minor(limit), 10, 10, rate));
    let wallet = await assets(user.token);
    expect(wallet.held).toBe(placed.held);
    expect(minor(wallet.available)).toBe(10_000_000 - minor(placed.held));
    const open = expectOk(await money.server.call<{ items: Order[]; total: number }>('order/openOrders', { page: 1, pageSize: 10 }, { token: user.token }));
    expect(open.total).toBe(1);
    expect(open.items[0]!.id).toBe(placed.id);

    // Rests: ten seconds of ticks far above the limit fill nothing.
    for (let s = 0; s < 10; s++) {
      money.server.clock.advance(1_000);
      await money.server.orders.run();
    }
    expect((await detail(user.token, placed.id)).status).toBe('open');

    // The limit moves up to one grid step below the price: the hold follows.
    const near = grid((await lastPrice(money.server, 'INFY')) - 0.05);
    const snapshot = await ordersDb(money.server.deps.db).selectFrom('orders').selectAll().where('id', '=', placed.id).executeTakeFirstOrThrow();
    const modified = expectOk(await money.server.call<Order>('order/modify', { id: placed.id, limitPrice: near }, { token: user.token }));
    expect(modified.limitPrice).toBe(near);
    const filled = modified.status === 'open' ? await untilClosed(user.token, placed.id) : await detail(user.token, placed.id);
    expect(filled.status).toBe('filled');
    expect(filled.fillPrice).toBeLessThanOrEqual(near);
    expect(filled.held).toBe(0);
    expect(filled.events.map((e) => e.type)).toEqual(['placed', 'modified', 'filled']);
    expect(filled.events[2]!.label).toBe('Filled');

    // A stale fill attempt (the row as read before) books nothing.
    expect(await fillOrder(money.server.trading, snapshot, minor(near))).toBe('skipped');
    const db = money.server.deps.db;
    const trades = await db.selectFrom('trades').selectAll().where('user_id', '=', (await db.selectFrom('orders' as never).select('user_id' as never).where('id' as never, '=', placed.id as never).executeTakeFirstOrThrow() as { user_id: string }).user_id).execute();
    expect(trades).toHaveLength(1);
    expect(trades[0]!.id).toBe(filled.tradeId);
    expect(Number(trades[0]!.price_minor)).toBe(minor(filled.fillPrice!));
    const entries = await db.selectFrom('journal_entries').select('id').where('kind', '=', 'stock_bought').where('reference', '=', filled.tradeId!).execute();
    expect(entries).toHaveLength(1);
    wallet = await assets(user.token);
    expect(wallet.held).toBe(0);
    expect(minor(wallet.available)).toBe(10_000_000 - Number(trades[0]!.net_minor));
    const holdings = expectOk(await money.server.call<{ items: Array<{ symbol: string; quantity: number }> }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token }));
    expect(holdings.items.find((h) => h.symbol === 'INFY')?.quantity).toBe(10);
    // A filled order can no longer be modified or cancelled.
    expectCall(await money.server.call('order/modify', { id: placed.id, quantity: 5 }, { token: user.token }), 409, 1413);
    expectCall(await money.server.call('order/cancel', { id: placed.id }, { token: user.token }), 409, 1413);
    const list = expectOk(await money.server.call<{ items: Order[]; total: number }>('order/orderList', { status: 'filled', page: 1, pageSize: 10 }, { token: user.token }));
    expect(list.items.map((o) => o.id)).toEqual([placed.id]);
  });

  it('modify re-holds the difference; cancel releases at once', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    const p = await lastPrice(money.server, 'TCS');
    const limit = grid(p * 0.9);
    const order = expectOk(await money.server.call<Order>('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 5, orderType: 'limit', limitPrice: limit }, { token: user.token }));
    const h1 = minor(order.held);
    expect(order.expiresAt).toBe(Date.UTC(2026, 10, 23, 10, 0, 0));
    const bigger = expectOk(await money.server.call<Order>('order/modify', { id: order.id, quantity: 10 }, { token: user.token }));
    const h2 = minor(bigger.held);
    expect(h2).toBeGreaterThan(h1);
    expect(Math.abs(h2 - 2 * h1)).toBeLessThanOrEqual(2);
    let wallet = await assets(user.token);
    expect(minor(wallet.held)).toBe(h2);
    expect(minor(wallet.available)).toBe(10_000_000 - h2);
    const d = await detail(user.token, order.id);
    expect(d.events.map((e) => e.type)).toEqual(['placed', 'modified']);
    expect(d.events[1]!.detail).toMatchObject({ quantity: 10, heldBefore: round2(h1 / 100), held: round2(h2 / 100) });

    const cancelled = expectOk(await money.server.call<Order>('order/cancel', { id: order.id }, { token: user.token }));
    expect(cancelled).toMatchObject({ status: 'cancelled', held: 0, open: false });
    wallet = await assets(user.token);
    expect(wallet.held).toBe(0);
    expect(minor(wallet.available)).toBe(10_000_000);
    expectCall(await money.server.call('order/cancel', { id: order.id }, { token: user.token }), 409, 1413);
    expectCall(await money.server.call('order/modify', { id: order.id, limitPrice: limit }, { token: user.token }), 409, 1413);
    // Another investor sees none of it.
    const other = await trader(money.server, money.operator, 0);
    expectCall(await money.server.call('order/orderDetail', { id: order.id }, { token: other.token }), 404, 1412);
    expectCall(await money.server.call('order/cancel', { id: order.id }, { token: other.token }), 404, 1412);
  });

  it('refuses prices outside the band, triggers on the wrong side, missing or bad prices and instruments that are not tradable', async () => {
    const user = await trader(money.server, money.operator, 10_000);
    const quote = expectOk(await money.server.call<{ last: number; prevClose: number }>('markets/getMarket', { symbol: 'RELIANCE' }));
    const buy = (body: Record<string, unknown>, lang = 'en') => money.server.call('order/purchase', { kind: 'stock', symbol: 'RELIANCE', quantity: 1, ...body }, { token: user.token, lang });
    const band = expectCall(await buy({ orderType: 'limit', limitPrice: grid(quote.prevClose * 0.7) }), 400, 1410);
    expect(band.message).toContain('band');
    expectCall(await buy({ orderType: 'limit', limitPrice: grid(quote.prevClose * 1.3) }), 400, 1410);
    expectCall(await buy({ orderType: 'stop', triggerPrice: grid(quote.last * 0.99) }), 400, 1411);
    const german = expectCall(await buy({ orderType: 'stop', triggerPrice: grid(quote.last * 0.99) }, 'de'), 400, 1411);
    expect(german.message).toContain('über dem aktuellen Kurs');
    expectCall(await money.server.call('order/sell', { symbol: 'RELIANCE', quantity: 1, orderType: 'stop', triggerPrice: grid(quote.last * 1.01) }, { token: user.token }), 400, 1411);
    expectCall(await buy({ orderType: 'limit' }), 400, 1414);
    expectCall(await buy({ orderType: 'stop' }), 400, 1414);
    expectCall(await buy({ orderType: 'limit', limitPrice: 1234.567 }), 400, 1415);
    expectCall(await buy({ orderType: 'limit', limitPrice: -5 }), 400, 1415);
    expectCall(await money.server.call('order/purchase', { kind: 'stock', symbol: 'NIFTY50', quantity: 1, orderType: 'limit', limitPrice: 100 }, { token: user.token }), 400, 1408);
    expectCall(await money.server.call('order/orderDetail', { id: 'nope' }, { token: user.token }), 404, 1412);
    expectCall(await money.server.call('order/modify', { id: 'nope', quantity: 2 }, { token: user.token }), 404, 1412);
    expectCall(await money.server.call('order/orderList', { status: 'lost' }, { token: user.token }), 400, 1000);
    // A market order with today's body still executes at once.
    expectOk(await money.server.call('order/purchase', { kind: 'stock', symbol: 'RELIANCE', quantity: 1 }, { token: user.token }));
    expectOk(await money.server.call('order/purchase', { kind: 'stock', symbol: 'RELIANCE', quantity: 1, orderType: 'market' }, { token: user.token }));
  });

  it('a resting sell holds the shares; a stop sell triggers and sells at the tick', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    expectOk(await money.server.call('order/purchase', { kind: 'stock', symbol: 'HDFCBANK', quantity: 10 }, { token: user.token }));
    const p = await lastPrice(money.server, 'HDFCBANK');
    const limitSell = expectOk(await money.server.call<Order>('order/sell', { symbol: 'HDFCBANK', quantity: 10, orderType: 'limit', limitPrice: grid(p * 1.1), validity: 'gtc' }, { token: user.token }));
    expect(limitSell).toMatchObject({ status: 'open', held: 0 });
    // The shares are held by the open sell: neither a market sale nor a second resting sale gets them.
    expectCall(await money.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 1 }, { token: user.token }), 409, 1407);
    expectCall(await money.server.call('order/sell', { symbol: 'HDFCBANK', quantity: 1, orderType: 'limit', limitPrice: grid(p * 1.1) }, { token: user.token }), 409, 1407);
    expectOk(await money.server.call('order/cancel', { id: limitSell.id }, { token: user.token }));

    const trigger = grid((await lastPrice(money.server, 'HDFCBANK')) - 0.05);
    const stop = expectOk(await money.server.call<Order>('order/sell', { symbol: 'HDFCBANK', quantity: 10, orderType: 'stop', triggerPrice: trigger, validity: 'gtc' }, { token: user.token }));
    const done = stop.status === 'open' ? await untilClosed(user.token, stop.id) : await detail(user.token, stop.id);
    expect(done.status).toBe('filled');
    expect(done.fillPrice).toBeLessThanOrEqual(trigger);
    expect(done.events.map((e) => e.type)).toEqual(['placed', 'triggered', 'filled']);
    const holdings = expectOk(await money.server.call<{ total: number }>('order/purchaseDetails', { type: 'holdings' }, { token: user.token }));
    expect(holdings.total).toBe(0);
  });

  it('a day order expires at the session close and releases its hold; a gtc order rests on', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    const p = await lastPrice(money.server, 'ITC');
    const day = expectOk(await money.server.call<Order>('order/purchase', { kind: 'stock', symbol: 'ITC', quantity: 20, orderType: 'limit', limitPrice: grid(p * 0.85), validity: 'day' }, { token: user.token }));
    const gtc = expectOk(await money.server.call<Order>('order/purchase', { kind: 'stock', symbol: 'ITC', quantity: 20, orderType: 'limit', limitPrice: grid(p * 0.85), validity: 'gtc' }, { token: user.token }));
    const close = Date.UTC(2026, 10, 23, 10, 0, 0);
    expect(day.expiresAt).toBe(close);
    // One second before the close nothing expires.
    money.server.clock.set(close - 1_000);
    expect((await money.server.orders.run()).expired).toBe(0);
    money.server.clock.set(close);
    const [a, b] = await Promise.all([money.server.orders.run(), money.server.orders.run()]);
    expect(a.expired + b.expired).toBe(1);
    const expired = await detail(user.token, day.id);
    expect(expired).toMatchObject({ status: 'expired', held: 0 });
    expect(expired.events.map((e) => e.type)).toEqual(['placed', 'expired']);
    const wallet = await assets(user.token);
    expect(wallet.held).toBe(gtc.held);
    expect(minor(wallet.available)).toBe(10_000_000 - minor(gtc.held));
    expect((await detail(user.token, gtc.id)).status).toBe('open');
    const list = expectOk(await money.server.call<{ total: number }>('order/orderList', { status: 'expired' }, { token: user.token }));
    expect(list.total).toBe(1);
    expectOk(await money.server.call('order/cancel', { id: gtc.id }, { token: user.token }));
  });

  it('a market buy and sale are listed filled, with their trade and the timeline placed → filled', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    const buy = expectOk(await money.server.call<{ id: string; price: number; total: number; commission: number; rate: number }>('order/purchase', { kind: 'stock', symbol: 'SBIN', quantity: 4 }, { token: user.token }));
    money.server.clock.advance(1_000);
    const sale = expectOk(await money.server.call<{ id: string; price: number; proceeds: number }>('order/sell', { symbol: 'SBIN', quantity: 3 }, { token: user.token }));
    const filled = expectOk(await money.server.call<{ items: Array<Order & { side: string; orderType: string; orderTypeLabel: string; validity: string | null; validityLabel: string | null }>; total: number }>('order/orderList', { status: 'filled', page: 1, pageSize: 10 }, { token: user.token }));
    expect(filled.total).toBe(2);
    // Newest first: the sale, then the buy.
    expect(filled.items.map((o) => [o.side, o.orderType, o.quantity, o.tradeId, o.fillPrice])).toEqual([
      ['sell', 'market', 3, sale.id, sale.price],
      ['buy', 'market', 4, buy.id, buy.price],
    ]);
    expect(filled.items[1]).toMatchObject({ status: 'filled', statusLabel: 'Filled', orderTypeLabel: 'Market', held: 0, limitPrice: null, triggerPrice: null, validity: null, validityLabel: null, expiresAt: null, open: false });
    expect(expectOk(await money.server.call<{ total: number }>('order/orderList', { page: 1, pageSize: 10 }, { token: user.token })).total).toBe(2);
    expect(expectOk(await money.server.call<{ total: number }>('order/openOrders', { page: 1, pageSize: 10 }, { token: user.token })).total).toBe(0);
    const bought = await detail(user.token, filled.items[1]!.id);
    expect(bought.events.map((e) => [e.type, e.label])).toEqual([['placed', 'Placed'], ['filled', 'Filled']]);
    expect(bought.events[1]!.detail).toMatchObject({ price: buy.price, quantity: 4, commission: buy.commission, rate: buy.rate, total: buy.total });
    const sold = await detail(user.token, filled.items[0]!.id);
    expect(sold.events[1]!.detail).toMatchObject({ price: sale.price, quantity: 3, proceeds: sale.proceeds });
    // Already filled: neither modified nor cancelled; the matcher leaves it alone.
    expectCall(await money.server.call('order/modify', { id: bought.id, quantity: 2 }, { token: user.token }), 409, 1413);
    expectCall(await money.server.call('order/cancel', { id: bought.id }, { token: user.token }), 409, 1413);
    expect(await money.server.orders.run()).toMatchObject({ filled: 0, rejected: 0 });
    // A replayed market order (same Idempotency-Key) lists once.
    const headers = { 'idempotency-key': 'market-once' };
    expectOk(await money.server.call('order/purchase', { kind: 'stock', symbol: 'SBIN', quantity: 1 }, { token: user.token, headers }));
    expectOk(await money.server.call('order/purchase', { kind: 'stock', symbol: 'SBIN', quantity: 1 }, { token: user.token, headers }));
    expect(expectOk(await money.server.call<{ total: number }>('order/orderList', { status: 'filled', page: 1, pageSize: 10 }, { token: user.token })).total).toBe(3);
  });

  it('a second server process and this one race on the same crossing: one fill, one trade, one entry', async () => {
    const user = await trader(money.server, money.operator, 100_000);
    const limit = grid(await lastPrice(money.server, 'WIPRO')) - 0.05;
    const order = expectOk(await money.server.call<Order>('order/purchase', { kind: 'stock', symbol: 'WIPRO', quantity: 3, orderType: 'limit', limitPrice: round2(limit), validity: 'gtc' }, { token: user.token }));
    expect(order.status).toBe('open');
    // Move on until the feed trades at or below the limit, without running this process's matcher.
    for (let s = 0; s < 3_600 && (await lastPrice(money.server, 'WIPRO')) > limit; s++) money.server.clock.advance(1_000);
    expect(await lastPrice(money.server, 'WIPRO')).toBeLessThanOrEqual(limit);
    // The worker's start-up pass of the matcher and this process's pass run at once.
    const worker = await startApiWorker(money.server, money.server.clock.now());
    try {
      await money.server.orders.run();
      await expect.poll(async () => (await detail(user.token, order.id)).status, { timeout: 30_000 }).toBe('filled');
    } finally {
      await worker.stop();
    }
    const filled = await detail(user.token, order.id);
    expect(filled.events.filter((e) => e.type === 'filled')).toHaveLength(1);
    expect(filled.fillPrice).toBeLessThanOrEqual(round2(limit));
    const db = money.server.deps.db;
    const trades = await db.selectFrom('trades').select('id').where('symbol', '=', 'WIPRO').where('id', '=', filled.tradeId!).execute();
    expect(trades).toHaveLength(1);
    const all = await db.selectFrom('trades').select('id').where('symbol', '=', 'WIPRO').where('net_minor', '>', 0).execute();
    const entries = await db.selectFrom('journal_entries').select('id').where('kind', '=', 'stock_bought').where('reference', 'in', all.map((t) => t.id)).execute();
    expect(entries).toHaveLength(all.length);
    expect(all).toHaveLength(1);
  }, 120_000);
});
