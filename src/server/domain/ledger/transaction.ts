/**
 * One transaction per money operation, safe with several writers:
 * - PostgreSQL: a READ COMMITTED transaction; correctness comes from conditional updates on
 *   the balance and status rows (row locks), never from read-modify-write.
 * - SQLite: group commit (`group-commit.ts`): concurrent operations are drained
 *   into one `BEGIN IMMEDIATE` transaction committed with `synchronous = FULL`, each inside
 *   its own savepoint, each answered after that commit. The write lock is taken up front
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

/**
 * Runs `operation` in one transaction (on SQLite: its savepoint in a group-committed one):
 * commits when it resolves, rolls back (its own writes) when it throws. Resolves after the
 * commit, durable on disk on SQLite (`synchronous = FULL`).
 * @param operation must use only the `trx` it is given.
 */
export async function moneyTransaction<T>(db: Db, operation: (trx: Db) => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return db.transaction().execute(operation);
  return groupCommit(db, operation);
}
