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

