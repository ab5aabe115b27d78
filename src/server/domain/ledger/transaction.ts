/**
 * One transaction per money operation, safe with several writers:
 * - PostgreSQL: a READ COMMITTED transaction; correctness comes from conditional updates on
 *   the balance and status rows (row locks), never from read-modify-write.
 * - SQLite: group commit (`group-commit.ts`): concurrent operations are drained
 *   into one `BEGIN IMMEDIATE` transaction, each inside its own savepoint, each answered after
 *   that commit and the `fdatasync` of the WAL file that makes it durable. The write lock is taken up front
 *   (another process waits up to `busy_timeout`) and a deferred transaction can never fail to
 *   upgrade half-way. Kysely's SQLite driver already serializes the process's queries on one
 *   connection, so inside the callback only `trx` may be used — a query through the outer
 *   `db` would wait for the connection this transaction holds.
 */
import { SqliteAdapter } from 'kysely';
import type { Db } from '../../db/index.js';
import { groupCommit } from './group-commit.js';

/** Whether the database is SQLite (better-sqlite3). */
export const isSqlite = (db: Db): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/** How {@link moneyTransaction} may run an operation. */
export interface MoneyTransactionOptions {
  /**
   * The operation writes with ONE statement on PostgreSQL (e.g. a hold placed with its rows by
   * `placeHold`, see `postEntries`); before it, it may only read or run idempotent set-up (a
   * user's ledger accounts, created with `ON CONFLICT DO NOTHING`). It then runs without
   * `BEGIN`/`COMMIT`: the statement is its own transaction, committed (and flushed, with
   * `synchronous_commit` on) before it answers — two round trips fewer. SQLite ignores it.
   */
  singleStatement?: boolean;
}

/**
 * Runs `operation` in one transaction (on SQLite: its savepoint in a group-committed one):
 * commits when it resolves, rolls back (its own writes) when it throws. Resolves after the
 * commit, durable on disk on SQLite (the WAL synced after the commit).
 * @param operation must use only the `trx` it is given.
 */
export async function moneyTransaction<T>(db: Db, operation: (trx: Db) => Promise<T>, options: MoneyTransactionOptions = {}): Promise<T> {
  if (!isSqlite(db)) return options.singleStatement ? operation(db) : db.transaction().execute(operation);
  return groupCommit(db, operation);
}
