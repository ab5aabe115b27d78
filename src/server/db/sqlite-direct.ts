/**
 * Compiled statements run straight on the better-sqlite3 connection whenever nothing else can
 * be using it.
 *
 * Kysely runs every query through its executor: a connection provider, a lock that queues
 * queries for the one SQLite connection, promise hops and result transforms. better-sqlite3
 * answers synchronously, and for the money paths' small statements that machinery cost more
 * CPU than SQLite took to run them. A compiled statement may skip it when:
 * - no one holds the connection (no transaction or group-commit round is open): a synchronous
 *   statement then runs to its end before any other JavaScript, so nothing can interleave; the
 *   driver below records whether the connection is held;
 * - or the statement belongs to the holder itself: a group-commit round runs its requests one
 *   after another on the connection it holds ({@link withHeldConnection}).
 * Anything else (a query while a transaction is open elsewhere) goes through Kysely and waits
 * for the connection as before.
 */
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Kysely, type QueryResult, type SqliteDatabase } from 'kysely';
import type { Database } from './tables.js';
import { WalFile } from './wal-sync.js';

/** The app's database (as `Db` in `index.ts`, which builds on this module). */
type Db = Kysely<Database>;

/** A SQLite driver that knows whether its one connection is held. */
class TrackedSqliteDriver extends SqliteDriver {
  held = false;

  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    readonly wal: WalFile | undefined,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.held = true;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.held = false;
    await super.releaseConnection();
  }

  override async destroy(): Promise<void> {
    await this.wal?.close();
    await super.destroy();
  }
}

interface Direct {
  handle: SqliteDatabase;
  driver: TrackedSqliteDriver;
}

/** Each SQLite database's handle and driver. */
const roots = new WeakMap<Db, Direct>();

/** Connection-bound Kysely instances while a {@link withHeldConnection} body runs. */
const held = new WeakMap<Db, SqliteDatabase>();

/**
 * Kysely's SQLite dialect over `handle`, with a driver that records whether the connection is
 * held; pass the Kysely instance built on it to the returned `register`.
 * @param walPath the database's WAL file (`<file>-wal`, the connection in WAL mode), synced by
 *   {@link walFileOf}'s `sync`; none for an in-memory database.
 */
export function trackedSqliteDialect(handle: SqliteDatabase, walPath?: string): { dialect: SqliteDialect; register(db: Db): void } {
  const driver = new TrackedSqliteDriver({ database: handle }, walPath ? new WalFile(walPath) : undefined);
  const dialect = new (class extends SqliteDialect {
    override createDriver() {
      return driver;
    }
  })({ database: handle });
  return { dialect, register: (db) => roots.set(db, { handle, driver }) };
}

/**
 * Runs `body` with `db`'s connection held (Kysely's `connection().execute`); on SQLite the
 * connection-bound instance `body` receives runs compiled statements directly until `body`
 * settles. Its queries must run one after another (await each).
 * @throws whatever `body` throws.
 */
export async function withHeldConnection<T>(db: Db, body: (connection: Db) => Promise<T>): Promise<T> {
  const direct = roots.get(db);
  return db.connection().execute(async (connection) => {
    if (direct) held.set(connection, direct.handle);
    try {
      return await body(connection);
    } finally {
      held.delete(connection);
    }
  });
}

/**
 * The WAL file of a SQLite database opened by `openDb`, or undefined (PostgreSQL, an
 * in-memory database, a connection-bound instance).
 */
export function walFileOf(db: Db): WalFile | undefined {
  return roots.get(db)?.driver.wal;
}

/**
 * The handle a compiled statement on `db` may run on directly right now, or undefined when it
 * must go through Kysely (PostgreSQL, or the connection is held by someone else).
 */
export function directHandle(db: Db): SqliteDatabase | undefined {
  const own = held.get(db);
  if (own) return own;
  const root = roots.get(db);
  return root && !root.driver.held ? root.handle : undefined;
}

/**
 * Runs one statement on a handle, answering what Kysely's SQLite driver answers: the rows of a
 * statement that returns rows, else the affected-row count and last insert id (bigint).
 * @throws whatever SQLite raises (constraint violations, `SQLITE_BUSY`, …).
 */
export function runOnHandle<R>(handle: SqliteDatabase, sql: string, parameters: readonly unknown[]): QueryResult<R> {
  const statement = handle.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * Runs `sql` with `parameters` on `db`: directly on the connection when {@link directHandle}
 * allows it (answering synchronously: no promise hop on the money paths), else through Kysely
 * (a promise; it waits for the connection).
 * @throws whatever the database raises: thrown at once on the direct path, else a rejection.
 */
export function runSql<R>(db: Db, sql: string, parameters: readonly unknown[]): QueryResult<R> | Promise<QueryResult<R>> {
  const handle = directHandle(db);
  if (handle) return runOnHandle<R>(handle, sql, parameters);
  return db.executeQuery<R>(CompiledQuery.raw(sql, [...parameters]));
}
