/**
 * Positions: per investor and symbol the whole shares held and their cost basis (what was paid
 * including buy commission, account minor units; average cost = cost ÷ quantity). This module
 * is the only writer of `positions` rows: share buys, IPO listing and sales all go through
 * {@link addToPositions} and {@link takeFromPosition}.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import { isSqlite } from '../ledger/index.js';
import { assertSellable } from './locks.js';

/** Shares joining a position. */
export interface PositionAddition {
  userId: string;
  symbol: string;
  /** Whole shares ≥ 1. */
  quantity: number;
  /** Cost basis added, account minor units. */
  costMinor: number;
}

/**
 * Grows (or opens) positions inside the caller's money transaction, one upsert for the set;
 * additions to the same investor and symbol are summed first.
 * @param now epoch milliseconds.
 */
export async function addToPositions(trx: Db, now: number, additions: readonly PositionAddition[]): Promise<void> {
  const merged = new Map<string, PositionAddition>();
  for (const a of additions) {
    const key = `${a.userId}\u0000${a.symbol}`;
    const sum = merged.get(key);
    if (sum) merged.set(key, { ...sum, quantity: sum.quantity + a.quantity, costMinor: sum.costMinor + a.costMinor });
    else merged.set(key, { ...a });
  }
  if (!merged.size) return;
  await trx
    .insertInto('positions')
    .values([...merged.values()].map((a) => ({ user_id: a.userId, symbol: a.symbol, quantity: a.quantity, cost_minor: a.costMinor, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'symbol']).doUpdateSet({
        quantity: sql`positions.quantity + excluded.quantity`,
        cost_minor: sql`positions.cost_minor + excluded.cost_minor`,
        updated_at: now,
      }),
    )
    .execute();
}

/** What a sale took from a position. */
export interface PositionTaken {
  /** Shares held before the sale. */
  held: number;
  /** Cost basis of the shares sold, account minor units. */
  soldCostMinor: number;
}

/**
 * Takes sold shares from a position inside the caller's money transaction (the row locked on
 * PostgreSQL): the sold shares' share of the cost basis, rounded to the cent with halves up,
 * or all of it when the position closes (the row is then deleted).
 * @param now epoch milliseconds (for the lock check and `updated_at`).
 * @throws AppError `positionInsufficient` (selling more than held), `positionLocked` (block-bought
 *   shares before their unlock).
 */
export async function takeFromPosition(trx: Db, now: number, sale: { userId: string; symbol: string; quantity: number }): Promise<PositionTaken> {
  const { userId, symbol, quantity } = sale;
  let read = trx.selectFrom('positions').select(['quantity', 'cost_minor']).where('user_id', '=', userId).where('symbol', '=', symbol);
  if (!isSqlite(trx)) read = read.forUpdate();
  const position = await read.executeTakeFirst();
  const held = Number(position?.quantity ?? 0);
  if (!position || held < quantity) throw new AppError('positionInsufficient', { held, symbol });
  await assertSellable(trx, userId, symbol, held, quantity, now);
  const cost = Number(position.cost_minor);
  const soldCostMinor = held === quantity ? cost : Number((BigInt(cost) * BigInt(quantity) * 2n + BigInt(held)) / (2n * BigInt(held)));
  if (held === quantity) {
    await trx.deleteFrom('positions').where('user_id', '=', userId).where('symbol', '=', symbol).execute();
  } else {
    await trx
      .updateTable('positions')
      .set({ quantity: held - quantity, cost_minor: cost - soldCostMinor, updated_at: now })
      .where('user_id', '=', userId)
      .where('symbol', '=', symbol)
      .execute();
  }
  return { held, soldCostMinor };
}
