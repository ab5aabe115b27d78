/** Reads of a user's cached balances (kept equal to the sum of postings by `postEntry`). */
import type { Db } from '../../db/index.js';
import type { WalletBalances } from './journal.js';

/**
 * A user's available and held balances in minor units; zeros when the user never had a posting.
 * @param db the database or a transaction.
 */
export async function readWallet(db: Db, userId: string): Promise<WalletBalances> {
  const row = await db.selectFrom('wallet_balances').select(['available_minor', 'held_minor']).where('user_id', '=', userId).executeTakeFirst();
  return { availableMinor: Number(row?.available_minor ?? 0), heldMinor: Number(row?.held_minor ?? 0) };
}
