/**
 * The order book of resting orders (docs/trading.md, Orders): placing limit and stop orders for
 * shares and ETF units, modifying and cancelling them, and reading them back.
 *
 * - A resting **buy** holds its worst case in the account currency: limit (a stop: trigger) ×
 *   quantity converted at the feed's EUR/INR rate, plus brokerage and the statutory charges
 *   (`buyTotalMinor`) — one
 *   `order_placed` entry `available → held` (posting kind `order_hold`). A modification
 *   releases that hold and places the new one in the same transaction (the difference moves);
 *   cancelling, expiring, rejecting or filling releases it (`order_released`).
 * - A resting **sell** holds shares: the open sells of a symbol are subtracted from what any
 *   other sale may take (`holdings/locks.ts`).
 * - Every step is an `order_events` row: the order's timeline.
 *
 * Prices are INR minor units (paise), held money account minor units, times epoch ms. The hold
 * of version n of an order carries the reference `<order id>/v<n>` (one placing and one
 * releasing entry per version).
 */
import { fromMinor, toMinor } from '../../../shared/money.js';
import type { Db } from '../../db/index.js';
import { ordersDb, type OrdersTable, type OrderStatus } from '../../db/order-tables.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { isSqlite, moneyTransaction, placeHold } from '../ledger/index.js';
import { addOrderEvent, closeOrder, ORDER_KINDS, releaseOrderHold, type OrderEventType } from './store.js';
import { buyTotalMinor } from '../holdings/index.js';
import { chargeRatesOf } from '../trading/charges.js';
import { sharesInOpenSells } from '../holdings/locks.js';
import { currentFx } from '../fx.js';
import { etfPrice, findEtf } from '../etf/etfs.js';
import { etfQuoteView } from '../etf/quote.js';
import { instrumentOf } from '../markets.js';
import { readyFeed, nameOf, type TradingContext } from '../trading/context.js';
import { dayOrderExpiry, priceBand, triggerOnRightSide } from './rules.js';
import { fillIfCrossing } from './fill.js';

/** The resting part of `order/purchase` / `order/sell` (prices in INR currency units). */
export interface RestingOrderInput {
  symbol: string;
  /** Whole shares ≥ 1. */
  quantity?: number;
  orderType: 'limit' | 'stop';
  /** Limit orders: the worst price accepted, INR, at most 2 decimals. */
  limitPrice?: number;
  /** Stop orders: the price at or through which the order becomes a market order, INR. */
  triggerPrice?: number;
  /** Default `day`: expires at the session close; `gtc` rests until filled or cancelled. */
  validity?: 'day' | 'gtc';
}

/**
 * One order as the calls answer it: prices INR, `held` in the account currency, times epoch ms.
 * A market order is listed already filled (`fillPrice`, `tradeId`), with no limit, trigger or hold.
 */
export interface OrderView {
  id: string;
  symbol: string;
  name: string;
  side: 'buy' | 'sell';
  orderType: 'market' | 'limit' | 'stop';
  quantity: number;
  limitPrice: number | null;
  triggerPrice: number | null;
  /** Null for a market order (it executed when placed). */
  validity: 'day' | 'gtc' | null;
  status: OrderStatus;
  /** Money a buy holds while open (0 for a sell and once closed). */
  held: number;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
  fillPrice: number | null;
  filledAt: number | null;
  tradeId: string | null;
  closedAt: number | null;
  /** Message id of a rejection's reason. */
  reason: string | null;
  /** Whether `order/modify` and `order/cancel` still apply (the order is open). */
  open: boolean;
}

/** One step of an order's timeline; `detail` holds the step's figures (prices INR, money account currency). */
export interface OrderEventView {
  type: OrderEventType;
  at: number;
  detail: Record<string, unknown>;
}

/** Converts a row to its view. */
export function orderView(ctx: TradingContext, row: OrdersTable): OrderView {
  const price = (v: number | null) => (v === null ? null : fromMinor(Number(v)));
  return {
    id: row.id, symbol: row.symbol, name: nameOf(ctx.market, row.symbol), side: row.side, orderType: row.order_type, quantity: Number(row.quantity),
    limitPrice: price(row.limit_price_minor), triggerPrice: price(row.trigger_price_minor), validity: row.order_type === 'market' ? null : row.validity, status: row.status,
    held: fromMinor(Number(row.held_minor)), expiresAt: row.expires_at === null ? null : Number(row.expires_at), createdAt: Number(row.created_at), updatedAt: Number(row.updated_at),
    fillPrice: price(row.fill_price_minor), filledAt: row.filled_at === null ? null : Number(row.filled_at), tradeId: row.trade_id,
    closedAt: row.closed_at === null ? null : Number(row.closed_at), reason: row.reason, open: row.status === 'open',
  };
}

/** The current price (paise) and previous close of a share or ETF; refuses an index. */
async function priceOf(ctx: TradingContext, symbol: string): Promise<{ symbol: string; priceMinor: number; prevCloseMinor: number }> {
  const etf = findEtf(ctx.market, symbol);
  if (etf) {
    const priceMinor = await etfPrice(ctx.market, etf);
    const view = etfQuoteView(await readyFeed(ctx.market), etf);
    return { symbol: etf.symbol, priceMinor, prevCloseMinor: toMinor(view.prevClose ?? view.last) };
  }
  const instrument = instrumentOf(ctx.market, symbol);
  if (instrument.kind !== 'equity') throw new AppError('symbolNotTradable', { symbol: instrument.symbol });
  const feed = await readyFeed(ctx.market);
  if (!feed.status().open) throw new AppError('marketClosed');
  const quote = feed.quote(instrument.symbol);
  if (!quote) throw new AppError('marketUnavailable');
  return { symbol: instrument.symbol, priceMinor: quote.last, prevCloseMinor: quote.prevClose };
}

/** A price field (currency units, > 0, ≤ 2 decimals) in paise, or null when absent. */
function pricePaise(value: number | undefined): number | null {
  if (value === undefined || value === null) return null;
  const minor = Math.round(value * 100);
  if (!Number.isFinite(value) || value <= 0 || Math.abs(minor - value * 100) > 1e-6) throw new AppError('orderPriceInvalid');
  return minor;
}

/** The order's prices checked against the band and the current price. */
function checkPrices(ctx: TradingContext, side: 'buy' | 'sell', orderType: 'limit' | 'stop', limitMinor: number | null, triggerMinor: number | null, market: { priceMinor: number; prevCloseMinor: number }) {
  const { lowMinor, highMinor } = priceBand(market.prevCloseMinor, ctx.deps.config.trading.orders.priceBandBps);
  const inBand = (p: number) => {
    if (p < lowMinor || p > highMinor) throw new AppError('orderPriceOutsideBand', { price: fromMinor(p), low: fromMinor(lowMinor), high: fromMinor(highMinor) });
  };
  if (orderType === 'limit') {
    if (limitMinor === null) throw new AppError('orderPriceRequired', { field: 'limitPrice' });
    inBand(limitMinor);
  } else {
    if (triggerMinor === null) throw new AppError('orderPriceRequired', { field: 'triggerPrice' });
    inBand(triggerMinor);
    if (!triggerOnRightSide(side, triggerMinor, market.priceMinor)) throw new AppError('orderTriggerWrongSide', { side, price: fromMinor(market.priceMinor) });
  }
}

/** The shares an open sell order holds (0 when it is not open). */
async function ownShares(trx: Db, orderId: string): Promise<number> {
  const row = await ordersDb(trx).selectFrom('orders').select(['quantity', 'status']).where('id', '=', orderId).executeTakeFirst();
  return row?.status === 'open' ? Number(row.quantity) : 0;
}

/** Refuses a resting sell of more shares than the position holds beyond other open sells (the row locked on PostgreSQL). */
async function assertSharesFree(trx: Db, userId: string, symbol: string, quantity: number, exceptOrderId?: string): Promise<void> {
  let read = trx.selectFrom('positions').select('quantity').where('user_id', '=', userId).where('symbol', '=', symbol);
  if (!isSqlite(trx)) read = read.forUpdate();
  const position = await read.executeTakeFirst();
  const free = Number(position?.quantity ?? 0) - (await sharesInOpenSells(trx, userId, symbol)) + (exceptOrderId ? await ownShares(trx, exceptOrderId) : 0);
  if (free < quantity) throw new AppError('positionInsufficient', { held: Math.max(0, free), symbol });
}

/** A buy's worst-case cost at `priceMinor` for `quantity` shares with every charge, in account minor units at the current rate. */
async function holdAmount(ctx: TradingContext, priceMinor: number, quantity: number): Promise<{ amountMinor: number; rateMinor: number }> {
  const fx = await currentFx(ctx.market, ctx.deps.config.money.accountCurrency);
  return { amountMinor: buyTotalMinor(priceMinor, quantity, chargeRatesOf(ctx.deps.config.trading), fx.rateMinor), rateMinor: fx.rateMinor };
}

const holdReference = (orderId: string, version: number) => `${orderId}/v${version}`;

/** Places the hold of version `version` of a buy. @returns the hold's id. */
async function holdFor(trx: Db, now: number, userId: string, orderId: string, version: number, amountMinor: number): Promise<string> {
  return placeHold(trx, now, { userId, amountMinor, kind: 'order', reference: holdReference(orderId, version), entryKind: ORDER_KINDS.placed, postingKind: ORDER_KINDS.holdPosting });
}

/**
 * Places a limit or stop order (`order/purchase` with `kind: stock` or `order/sell`, `orderType`
 * limit or stop). A buy holds its worst case; a sell holds the shares. An order whose price is
 * already reached when placed fills at once, at the current price.
 * @throws AppError `unknownSymbol`, `symbolNotTradable`, `quantityInvalid`, `marketClosed`,
 *   `marketUnavailable`, `orderPriceRequired`, `orderPriceInvalid`, `orderPriceOutsideBand`,
 *   `orderTriggerWrongSide`, `insufficientBalance` (a buy's hold), `positionInsufficient` (a
 *   sell beyond the free shares), `idempotencyMismatch`.
 */
export async function placeOrder(ctx: TradingContext, userId: string, side: 'buy' | 'sell', input: RestingOrderInput, idempotency: IdempotencyRequest | null): Promise<OrderView> {
  const placed = await runIdempotent(
    ctx.deps,
    userId,
    idempotency,
    async () => {
      const market = await priceOf(ctx, input.symbol);
      const quantity = input.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000) throw new AppError('quantityInvalid');
      const limitMinor = input.orderType === 'limit' ? pricePaise(input.limitPrice) : null;
      const triggerMinor = input.orderType === 'stop' ? pricePaise(input.triggerPrice) : null;
      checkPrices(ctx, side, input.orderType, limitMinor, triggerMinor, market);
      const hold = side === 'buy' ? await holdAmount(ctx, (limitMinor ?? triggerMinor)!, quantity) : null;
      const now = ctx.deps.clock.now();
      const validity = input.validity ?? 'day';
      return { symbol: market.symbol, quantity, limitMinor, triggerMinor, hold, now, validity, expiresAt: validity === 'day' ? dayOrderExpiry(ctx.market.calendar, now) : null };
    },
    async (trx, p) => {
      const id = newId();
      if (side === 'sell') await assertSharesFree(trx, userId, p.symbol, p.quantity);
      const holdId = p.hold ? await holdFor(trx, p.now, userId, id, 1, p.hold.amountMinor) : null;
      await ordersDb(trx)
        .insertInto('orders')
        .values({
          id, user_id: userId, symbol: p.symbol, side, order_type: input.orderType, quantity: p.quantity, limit_price_minor: p.limitMinor, trigger_price_minor: p.triggerMinor,
          validity: p.validity, status: 'open', hold_id: holdId, held_minor: p.hold?.amountMinor ?? 0, expires_at: p.expiresAt, created_at: p.now, updated_at: p.now, version: 1,
          fill_price_minor: null, filled_at: null, trade_id: null, closed_at: null, reason: null,
        })
        .execute();
      await addOrderEvent(trx, id, 'placed', p.now, {
        quantity: p.quantity, limitPrice: p.limitMinor === null ? null : fromMinor(p.limitMinor), triggerPrice: p.triggerMinor === null ? null : fromMinor(p.triggerMinor),
        held: p.hold ? fromMinor(p.hold.amountMinor) : 0, validity: p.validity,
      });
      return { id };
    },
  );
  await fillIfCrossing(ctx, placed.id);
  return getOrder(ctx, userId, placed.id);
}

/** Reads one order row of the user. @throws AppError `orderNotFound`. */
async function orderRow(db: Db, userId: string, id: string): Promise<OrdersTable> {
  const row = await ordersDb(db).selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('orderNotFound');
  return row;
}

/** Body of `order/modify`: at least one of the fields; prices INR. */
export interface ModifyOrderInput {
  id: string;
  quantity?: number;
  limitPrice?: number;
  triggerPrice?: number;
}

/**
 * Changes an open order's quantity, limit or trigger. A buy's hold is released and placed
 * again for the new worst case in the same transaction (the difference moves); a sell checks
 * the free shares again. The new terms are checked like a new order's; an order the new price
 * already reaches fills at once.
 * @throws AppError `orderNotFound`, `orderClosed` (filled, cancelled, expired or rejected),
 *   `orderNothingToModify`, `orderPriceInvalid`, `orderPriceOutsideBand`,
 *   `orderTriggerWrongSide`, `quantityInvalid`, `insufficientBalance`, `positionInsufficient`.
 */
export async function modifyOrder(ctx: TradingContext, userId: string, input: ModifyOrderInput): Promise<OrderView> {
  const before = await orderRow(ctx.deps.db, userId, input.id);
  // A market order is written filled; the type check narrows what follows to resting orders.
  if (before.status !== 'open' || before.order_type === 'market') throw new AppError('orderClosed', { status: before.status });
  if (input.quantity === undefined && input.limitPrice === undefined && input.triggerPrice === undefined) throw new AppError('orderNothingToModify');
  if (input.limitPrice !== undefined && before.order_type !== 'limit') throw new AppError('orderNothingToModify');
  if (input.triggerPrice !== undefined && before.order_type !== 'stop') throw new AppError('orderNothingToModify');
  const quantity = input.quantity ?? Number(before.quantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000) throw new AppError('quantityInvalid');
  const limitMinor = input.limitPrice !== undefined ? pricePaise(input.limitPrice) : before.limit_price_minor === null ? null : Number(before.limit_price_minor);
  const triggerMinor = input.triggerPrice !== undefined ? pricePaise(input.triggerPrice) : before.trigger_price_minor === null ? null : Number(before.trigger_price_minor);
  const market = await priceOf(ctx, before.symbol);
  checkPrices(ctx, before.side, before.order_type, limitMinor, triggerMinor, market);
  const hold = before.side === 'buy' ? await holdAmount(ctx, (limitMinor ?? triggerMinor)!, quantity) : null;
  const now = ctx.deps.clock.now();
  await moneyTransaction(ctx.deps.db, async (trx) => {
    const version = Number(before.version) + 1;
    // The claim: only an order still open at the version read is changed (a fill, a cancel or
    // another modification in between makes it a refusal).
    const claimed = await ordersDb(trx)
      .updateTable('orders')
      .set({ quantity, limit_price_minor: limitMinor, trigger_price_minor: triggerMinor, version, updated_at: now })
      .where('id', '=', before.id)
      .where('status', '=', 'open')
      .where('version', '=', Number(before.version))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new AppError('orderClosed', { status: (await orderRow(trx, userId, before.id)).status });
    let heldMinor = 0;
    if (hold) {
      await releaseOrderHold(trx, now, before.hold_id);
      const holdId = await holdFor(trx, now, userId, before.id, version, hold.amountMinor);
      heldMinor = hold.amountMinor;
      await ordersDb(trx).updateTable('orders').set({ hold_id: holdId, held_minor: heldMinor }).where('id', '=', before.id).execute();
    } else {
      await assertSharesFree(trx, userId, before.symbol, quantity, before.id);
    }
    await addOrderEvent(trx, before.id, 'modified', now, {
      quantity, limitPrice: limitMinor === null ? null : fromMinor(limitMinor), triggerPrice: triggerMinor === null ? null : fromMinor(triggerMinor),
      held: fromMinor(heldMinor), heldBefore: fromMinor(Number(before.held_minor)),
    });
  });
  await fillIfCrossing(ctx, before.id);
  return getOrder(ctx, userId, before.id);
}

/**
 * Cancels an open order: a buy's hold is released at once, a sell's shares are free again.
 * @throws AppError `orderNotFound`, `orderClosed`.
 */
export async function cancelOrder(ctx: TradingContext, userId: string, id: string): Promise<OrderView> {
  const row = await orderRow(ctx.deps.db, userId, id);
  if (row.status !== 'open') throw new AppError('orderClosed', { status: row.status });
  const now = ctx.deps.clock.now();
  const closed = await closeOrder(ctx.deps.db, row.id, 'cancelled', now, {});
  if (!closed) throw new AppError('orderClosed', { status: (await orderRow(ctx.deps.db, userId, id)).status });
  return getOrder(ctx, userId, id);
}

/** One order of the user. @throws AppError `orderNotFound`. */
export async function getOrder(ctx: TradingContext, userId: string, id: string): Promise<OrderView> {
  return orderView(ctx, await orderRow(ctx.deps.db, userId, id));
}

/** `order/orderDetail`: the order and its timeline, oldest step first. @throws AppError `orderNotFound`. */
export async function orderDetail(ctx: TradingContext, userId: string, id: string): Promise<OrderView & { events: OrderEventView[] }> {
  const order = await getOrder(ctx, userId, id);
  const rows = await ordersDb(ctx.deps.db).selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('at').orderBy('id').execute();
  const rank: Record<string, number> = { placed: 0, modified: 1, triggered: 2, filled: 3, cancelled: 3, expired: 3, rejected: 3 };
  const events = rows
    .map((r) => ({ type: r.type, at: Number(r.at), detail: JSON.parse(r.detail_json) as Record<string, unknown> }))
    .sort((a, b) => a.at - b.at || rank[a.type]! - rank[b.type]!);
  return { ...order, events };
}

/** Page request of the order lists. */
export interface OrderListQuery {
  status?: OrderStatus;
  page?: number;
  pageSize?: number;
}

/** `order/openOrders` and `order/orderList`: the user's orders, newest first, paged. */
export async function listOrders(ctx: TradingContext, userId: string, query: OrderListQuery): Promise<{ items: OrderView[]; total: number; page: number; pageSize: number }> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 20)));
  const o = ordersDb(ctx.deps.db);
  let base = o.selectFrom('orders').where('user_id', '=', userId);
  if (query.status) base = base.where('status', '=', query.status);
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { items: rows.map((r) => orderView(ctx, r)), total: Number(count?.n ?? 0), page, pageSize };
}
