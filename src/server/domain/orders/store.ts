/**
 * Writes shared by the order book and the matcher (docs/trading.md, Orders): the timeline's
 * events, the release of an order's hold and the closing of an open order by a conditional
 * update. Money in account minor units, times epoch ms.
 */
import { fromMinor } from '../../../shared/money.js';
import type { Db } from '../../db/index.js';
import { ordersDb, type OrderEventsTable } from '../../db/order-tables.js';
import { newId } from '../ids.js';
import { moneyTransaction, releaseHold } from '../ledger/index.js';

/** Journal entry kinds and posting kinds of order holds. */
export const ORDER_KINDS = { placed: 'order_placed', released: 'order_released', holdPosting: 'order_hold', releasePosting: 'order_release' } as const;

/** The type of one step of an order's timeline. */
export type OrderEventType = OrderEventsTable['type'];

/** Appends a step to an order's timeline inside the caller's transaction. */
export async function addOrderEvent(trx: Db, orderId: string, type: OrderEventType, at: number, detail: Record<string, unknown>): Promise<void> {
  await ordersDb(trx).insertInto('order_events').values({ id: newId(), order_id: orderId, type, at, detail_json: JSON.stringify(detail) }).execute();
}

/** The open hold of an order (any version), or null. */
export async function openOrderHold(trx: Db, orderId: string): Promise<{ id: string; amountMinor: number } | null> {
  const hold = await trx.selectFrom('holds').select(['id', 'amount_minor']).where('kind', '=', 'order').where('status', '=', 'open').where('reference', 'like', `${orderId}/v%`).executeTakeFirst();
  return hold ? { id: hold.id, amountMinor: Number(hold.amount_minor) } : null;
}

/**
 * Releases the open hold of an order (if any) inside the caller's transaction.
 * @throws AppError `holdResolved` when it was already resolved (the caller's claim prevents it).
 */
export async function releaseOrderHold(trx: Db, now: number, holdId: string | null): Promise<void> {
  if (holdId) await releaseHold(trx, now, holdId, ORDER_KINDS.released, ORDER_KINDS.releasePosting);
}

/**
 * Moves an open order to `cancelled`, `expired` or `rejected` by a conditional update and
 * releases its hold, in one money transaction.
 * @returns false when the order was no longer open (another process closed or filled it).
 */
export async function closeOrder(db: Db, id: string, status: 'cancelled' | 'expired' | 'rejected', now: number, detail: Record<string, unknown>, reason: string | null = null): Promise<boolean> {
  return moneyTransaction(db, async (trx) => {
    const row = await ordersDb(trx)
      .updateTable('orders')
      .set({ status, closed_at: now, updated_at: now, hold_id: null, held_minor: 0, reason })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    const hold = await openOrderHold(trx, id);
    await releaseOrderHold(trx, now, hold?.id ?? null);
    await addOrderEvent(trx, id, status, now, { ...detail, released: hold ? fromMinor(hold.amountMinor) : 0, ...(reason ? { reason } : {}) });
    return true;
  });
}

/** A market order as it was executed: prices INR minor units, money account minor units. */
export interface ExecutedMarketOrder {
  userId: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  /** The price it filled at (the feed price or an ETF's iNAV), paise. */
  priceMinor: number;
  /** The `trades` row of the execution. */
  tradeId: string;
  /** The `filled` event's figures in currency units (`price`, `commission`, `rate`, `total` or `proceeds`). */
  fill: Record<string, unknown>;
}

/**
 * Writes an executed market order into the order book inside the caller's transaction (the one
 * that booked the trade): an `orders` row with `order_type = 'market'`, already `filled` at the
 * execution's price, holding nothing, and its `placed` and `filled` events at `now` — so
 * `order/orderList` and `order/orderDetail` show market orders beside limit and stop orders.
 * The matcher and the expiry only read `open` orders and never see it.
 * @returns the order's id.
 */
export async function recordMarketOrder(trx: Db, now: number, order: ExecutedMarketOrder): Promise<string> {
  const id = newId();
  await ordersDb(trx)
    .insertInto('orders')
    .values({
      id, user_id: order.userId, symbol: order.symbol, side: order.side, order_type: 'market', quantity: order.quantity, limit_price_minor: null, trigger_price_minor: null,
      validity: 'day', status: 'filled', hold_id: null, held_minor: 0, expires_at: null, created_at: now, updated_at: now, version: 1,
      fill_price_minor: order.priceMinor, filled_at: now, trade_id: order.tradeId, closed_at: now, reason: null,
    })
    .execute();
  await addOrderEvent(trx, id, 'placed', now, { quantity: order.quantity, limitPrice: null, triggerPrice: null, held: 0 });
  await addOrderEvent(trx, id, 'filled', now, { ...order.fill, quantity: order.quantity, released: 0 });
  return id;
}

