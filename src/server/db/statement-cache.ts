/**
 * A prepared-statement cache for Kysely's SQLite dialect: Kysely's
 * SQLite driver calls `prepare(sql)` on every query, and compiling the same few dozen
 * statements again on every request cost about as much CPU as running them. Kysely passes
 * parameters separately, so the SQL text of a query shape is stable and a statement can be
 * reused; better-sqlite3 re-prepares by itself after a schema change.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Wraps a better-sqlite3 connection so that `prepare` returns a cached statement for SQL it
 * has seen (least recently used beyond `capacity` are dropped). A statement still iterating
 * (`busy`, a streamed query) is never handed out twice: a fresh one is prepared instead.
 * @param capacity distinct SQL texts kept (the app has a few hundred query shapes).
 */
export function withStatementCache(database: SQLite.Database, capacity = 2000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Move to the back: Map iteration order is the LRU order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached as unknown as SqliteStatement;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}
