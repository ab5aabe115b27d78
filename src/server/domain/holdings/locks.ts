/**
 * The lock on block-bought shares: shares bought from a block offer cannot be sold until their
 * purchase's `locked_until` (the block purchase row is the lock). A sale checks
 * {@link assertSellable} inside its transaction (`takeFromPosition`); /position shows
 * {@link lockedShares}.
 */
import type { Db } from '../../db/index.js';
import { offeringsDb } from '../../db/offerings-tables.js';
import { ordersDb } from '../../db/order-tables.js';
import { AppError } from '../errors.js';

/** Locked shares of one holding and when the last of them unlocks (epoch ms; null: none locked). */
export interface LockedShares {
  quantity: number;
  /** The earliest unlock instant of the locked shares. */
  nextUnlock: number | null;
  /** The latest unlock instant. */
  until: number | null;
}

/** The user's locked shares of `symbol` at `now`. */
export async function lockedShares(db: Db, userId: string, symbol: string, now: number): Promise<LockedShares> {
  const rows = await offeringsDb(db)
    .selectFrom('block_purchases')
    .select(['quantity', 'locked_until'])
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .where('locked_until', '>', now)
    .execute();
  if (!rows.length) return { quantity: 0, nextUnlock: null, until: null };
  const times = rows.map((r) => Number(r.locked_until));
  return { quantity: rows.reduce((sum, r) => sum + Number(r.quantity), 0), nextUnlock: Math.min(...times), until: Math.max(...times) };
}

/** Shares of a symbol the user's open sell orders hold (a resting sell holds its shares). */
export async function sharesInOpenSells(db: Db, userId: string, symbol: string): Promise<number> {
  const row = await ordersDb(db)
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('quantity').as('n'))
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .where('side', '=', 'sell')
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Refuses selling locked shares and shares that open sell orders hold.
 * @param held the shares of the position (read in the same transaction).
 * @throws AppError `positionInsufficient` naming the shares not held by open sell orders;
 *   `positionLocked` naming the locked quantity, the sellable quantity and the India date and
 *   time the next locked shares unlock.
 */
export async function assertSellable(trx: Db, userId: string, symbol: string, held: number, quantity: number, now: number): Promise<void> {
  const reserved = await sharesInOpenSells(trx, userId, symbol);
  if (reserved > 0 && held - reserved < quantity) throw new AppError('positionInsufficient', { held: Math.max(0, held - reserved), symbol });
  held -= reserved;
  const locked = await lockedShares(trx, userId, symbol, now);
  if (locked.quantity === 0 || held - locked.quantity >= quantity) return;
  throw new AppError('positionLocked', { symbol, locked: locked.quantity, free: Math.max(0, held - locked.quantity), until: locked.nextUnlock! });
}
