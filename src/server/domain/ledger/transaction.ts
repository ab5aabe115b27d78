/**
 * One transaction per money operation, safe with several writers:
 * - PostgreSQL: a READ COMMITTED transaction; correctness comes from conditional updates on
 *   the balance and status rows (row locks), never from read-modify-write.
 * - SQLite: `BEGIN IMMEDIATE` on the single connection, so the write lock is taken up front
 *   (another process waits up to `busy_timeout`) and a deferred transaction can never fail to
 *   upgrade half-way. Kysely's SQLite driver already serializes the process's queries on one
 *   connection, so inside the callback only `trx` may be used — a query through the outer
 *   `db` would wait for the connection this transaction holds.
 */
import { sql, SqliteAdapter } from 'kysely';
import type { Db } from '../../db/index.js';

/** Whether the database is SQLite (better-sqlite3). */
export const isSqlite = (db: Db): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Runs `operation` in one transaction: commits when it resolves, rolls back when it throws.
 * @param operation must use only the `trx` it is given.
 */
export async function moneyTransaction<T>(db: Db, operation: (trx: Db) => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return db.transaction().execute(operation);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await operation(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      // Also after a failed commit (the transaction is still open then); SQLite may already
      // have rolled back by itself on some errors, which makes this rollback fail harmlessly.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
