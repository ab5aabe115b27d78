/**
 * Fewer index entries per money write. A purchase writes two postings, a hold and a contract,
 * a settlement a contract update and postings, and every index on those tables costs an entry
 * per row written, on both databases:
 *
 * - postings: `postings_account (account_id, created_at)` is read by no query (the ledger check
 *   joins all postings to their accounts in one pass, and ledger accounts are never deleted, so
 *   the foreign key needs no index either). `postings_entry (entry_id)` and `postings_user_seq
 *   (user_id, user_seq)` become one `postings_user_entry (user_id, entry_id)`: the bill flow
 *   reads a user's postings grouped by entry and a page's entries of one user, and no query
 *   reads postings in `user_seq` order or an entry's postings without its user (journal
 *   entries are append-only, so the entry foreign key needs no index). Four index entries per
 *   posting become two.
 * - contracts: `contracts_user_settled (user_id, settled_at)` serves an investor's settled
 *   contracts (the history, its count and profit, the bill flow's settlement lines). It
 *   becomes partial, `WHERE status <> 'open'`: an open contract has no entry in it, and
 *   settling (which changes the row's status, so every index gets a new entry anyway) adds it.
 *   The queries name the status as a literal (`OPEN_STATUS`), as for the open-row indexes of
 *   `0016_open_indexes`.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('postings_account').execute();
  await db.schema.dropIndex('postings_entry').execute();
  await db.schema.dropIndex('postings_user_seq').execute();
  await db.schema.createIndex('postings_user_entry').on('postings').columns(['user_id', 'entry_id']).execute();
  await db.schema.dropIndex('contracts_user_settled').execute();
  await sql`CREATE INDEX contracts_user_settled ON contracts (user_id, settled_at) WHERE status <> 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_user_settled').execute();
  await db.schema.createIndex('contracts_user_settled').on('contracts').columns(['user_id', 'settled_at']).execute();
  await db.schema.dropIndex('postings_user_entry').execute();
  await db.schema.createIndex('postings_user_seq').on('postings').columns(['user_id', 'user_seq']).execute();
  await db.schema.createIndex('postings_entry').on('postings').column('entry_id').execute();
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'created_at']).execute();
}
