/**
 * Fewer index entries per money write. Every purchase writes two postings and a contract, and
 * each index on those tables costs an entry per row on both databases:
 *
 * - `postings_account (account_id, created_at)` is read by no query (the ledger check joins all
 *   postings to their accounts; the bill flow reads a user's postings through
 *   `postings_user_seq` and an entry's through `postings_entry`), and ledger accounts are
 *   never deleted, so the foreign key does not need it either. It goes.
 * - `contracts_user_settled (user_id, settled_at)` serves an investor's settled contracts (the
 *   history, its count and profit, the bill flow's settlement lines). It becomes partial,
 *   `WHERE status <> 'open'`: an open contract has no entry in it, and settling (which changes
 *   the row's status, so every index gets a new entry anyway) adds it. The queries name the
 *   status as a literal (`OPEN_STATUS`), as for the open-row indexes of `0016_open_indexes`.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('postings_account').execute();
  await db.schema.dropIndex('contracts_user_settled').execute();
  await sql`CREATE INDEX contracts_user_settled ON contracts (user_id, settled_at) WHERE status <> 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_user_settled').execute();
  await db.schema.createIndex('contracts_user_settled').on('contracts').columns(['user_id', 'settled_at']).execute();
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'created_at']).execute();
}
