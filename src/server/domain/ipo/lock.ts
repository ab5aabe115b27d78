/**
 * The IPO row as the one point where applying, cancelling and allotting meet. On PostgreSQL
 * (READ COMMITTED) a plain read of `cancelled_at`/`allotted_at` does not wait for a cancel or an
 * allotment in flight, so an application could commit after the cancel or allotment had read
 * the book and be left holding money. Locking the row closes that gap: an application takes it
 * `FOR SHARE` (applications still run side by side), cancel and allotment `FOR UPDATE`, each
 * inside the transaction that checks the state and writes. Whichever comes second waits for the
 * first to commit and then reads the committed state: an application either is in the book the
 * cancel or allotment resolves, or is refused `ipoNotOpen`. SQLite needs no lock: its write
 * transactions (`BEGIN IMMEDIATE`) already run one at a time.
 */
import type { Db } from '../../db/index.js';
import { ipoDb, type IposTable } from '../../db/ipo-tables.js';
import { isSqlite } from '../ledger/index.js';

/**
 * Reads the issue `id` inside `trx`, locking its row on PostgreSQL until `trx` ends.
 * @param mode `share` for an application, `update` for cancel and allotment.
 * @returns the row, or undefined when there is no such issue.
 */
export async function lockIpo(trx: Db, id: string, mode: 'share' | 'update'): Promise<IposTable | undefined> {
  const query = ipoDb(trx).selectFrom('ipos').selectAll().where('id', '=', id);
  if (isSqlite(trx)) return query.executeTakeFirst();
  return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
}
