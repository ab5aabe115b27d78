/**
 * Opens the database: better-sqlite3 (WAL) under `DATA_DIR` by default, PostgreSQL when the
 * configuration carries a `postgres://` URL. Runs the migrations on open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { usePreparedStatements } from './pg-prepared.js';
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import type { Database } from './tables.js';
import { withStatementCache } from './statement-cache.js';
import { trackedSqliteDialect } from './sqlite-direct.js';
import * as m0001 from './migrations/0001_accounts.js';
import * as m0002 from './migrations/0002_ledger.js';
import * as m0003 from './migrations/0003_identity.js';
import * as m0004 from './migrations/0004_money.js';
import * as m0005 from './migrations/0005_markets.js';
import * as m0006 from './migrations/0006_trading.js';
import * as m0007 from './migrations/0007_hardening.js';
import * as m0009 from './migrations/0009_ipo_etf.js';
import * as m0010 from './migrations/0010_offerings.js';
import * as m0012 from './migrations/0012_scaleout.js';
import * as m0013 from './migrations/0013_studio.js';
import * as m0014 from './migrations/0014_currency.js';
import * as m0015 from './migrations/0015_review_names.js';
import * as m0016 from './migrations/0016_open_indexes.js';
import * as m0017 from './migrations/0017_studio_changes.js';
import * as m0018 from './migrations/0018_staff_safety.js';
import * as m0020 from './migrations/0020_charges_documents.js';
import * as m0023 from './migrations/0023_deposit_rupees.js';
import * as m0022 from './migrations/0022_studio_forms.js';
import * as m0021 from './migrations/0021_ipo_bids.js';
import * as m0019 from './migrations/0019_orders.js';
import * as m0024 from './migrations/0024_contract_note_numbers.js';
import * as m0025 from './migrations/0025_ipo_rebid.js';
import * as m0026 from './migrations/0026_write_indexes.js';

export type { Database } from './tables.js';
export type Db = Kysely<Database>;

const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_ledger': m0002,
  '0003_identity': m0003,
  '0004_money': m0004,
  '0005_markets': m0005,
  '0006_trading': m0006,
  '0007_hardening': m0007,
  '0009_ipo_etf': m0009,
  '0010_offerings': m0010,
  '0012_scaleout': m0012,
  '0013_studio': m0013,
  '0014_currency': m0014,
  '0015_review_names': m0015,
  '0016_open_indexes': m0016,
  '0017_studio_changes': m0017,
  '0018_staff_safety': m0018,
  '0020_charges_documents': m0020,
  '0023_deposit_rupees': m0023,
  '0022_studio_forms': m0022,
  '0021_ipo_bids': m0021,
  '0019_orders': m0019,
  '0024_contract_note_numbers': m0024,
  '0025_ipo_rebid': m0025,
  '0026_write_indexes': m0026,
};

// PostgreSQL returns bigint (int8) as strings; our bigints are epoch ms and cents, well
// inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * PostgreSQL connections per process when none is set: twice this machine's cores, at least 4.
 * A few busy backends per core cost PostgreSQL less CPU per transaction than one per request in
 * flight (switching between them, contended row locks); requests beyond it wait in the pool.
 */
export function defaultPoolMax(): number {
  return Math.max(4, 2 * os.availableParallelism());
}

/** Where the database lives. */
export type DbTarget =
  | { kind: 'sqlite'; file: string }
  /**
   * `preparedStatements` (default true): named statements per connection (`pg-prepared.ts`);
   * off behind a transaction-pooling PgBouncer. `poolMax`: connections at most (default
   * {@link defaultPoolMax}).
   */
  | { kind: 'postgres'; url: string; preparedStatements?: boolean; poolMax?: number };

/**
 * Opens (and migrates) the database.
 * @throws when a migration fails; the error names the migration.
 */
export async function openDb(target: DbTarget): Promise<Db> {
  let db: Db;
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    // An in-memory database (or a file system without shared memory) stays out of WAL mode:
    // its money commits then sync inside COMMIT (`synchronous = FULL`, group-commit.ts).
    const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // 64 MiB of page cache (default 2 MiB): a settlement batch or a busy hour touches the
    // postings and journal indexes far beyond 2 MiB, and re-reading evicted pages is costly.
    sqlite.pragma('cache_size = -65536');
    // Statement journals in memory: group commit runs each money request in its own SAVEPOINT,
    // and SQLite keeps a savepoint's page images in a statement journal — a temp FILE by default.
    // Writing (and dropping) that file costs every insert under a savepoint several times its
    // own work and slows the commit (docs/performance.md has the runs). Temp b-trees of large
    // sorts (a settlement batch) live in memory too.
    sqlite.pragma('temp_store = MEMORY');
    const { dialect, register } = trackedSqliteDialect(withStatementCache(sqlite), wal ? `${target.file}-wal` : undefined);
    db = new Kysely<Database>({ dialect });
    register(db);
  } else {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax ?? defaultPoolMax() });
    // An idle connection can die (server restart, failover, admin termination). pg-pool drops
    // it and re-emits 'error' on the pool, which crashes the process without a listener; the
    // next query simply opens a new connection.
    pool.on('error', () => undefined);
    if (target.preparedStatements !== false) usePreparedStatements(pool);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  await migrate(db);
  return db;
}

/** Applies pending migrations in name order. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String((error as Error).message ?? error)}`);
  }
}
