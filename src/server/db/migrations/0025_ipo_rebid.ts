/**
 * A new IPO bid after a rejected or lapsed UPI mandate: one *live* application per investor and
 * issue instead of one application at all. The table constraint `ipo_applications_one_per_user`
 * becomes the partial unique index `ipo_applications_one_live_per_user` on (ipo_id, user_id)
 * for every status but `mandateRejected` and `lapsed`, so the ended application stays as it was
 * (its history) and a second live bid still collides. PostgreSQL drops the constraint in place;
 * SQLite cannot drop a table constraint, so the table is rebuilt with its rows (nothing refers
 * to it), as `0021_ipo_bids` did.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const STATUSES = sql`status IN ('mandatePending', 'mandateRejected', 'lapsed', 'applied', 'allotted', 'notAllotted', 'refunded')`;
const COLUMNS = 'id, ipo_id, user_id, lots, shares, amount_minor, hold_id, status, allotted_shares, allotted_minor, refund_minor, resolve_entry_id, applied_at, resolved_at, fx_rate_minor, bid_price_minor, cut_off, category, mandate_at';

/** Rebuilds the SQLite table, with `ipo_applications_one_per_user` when `unique`. */
async function rebuildSqlite(db: Kysely<unknown>, unique: boolean): Promise<void> {
  let table = db.schema
    .createTable('ipo_applications_next')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('ipo_id', 'varchar(36)', (c) => c.notNull().references('ipos.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('lots', 'integer', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('hold_id', 'varchar(36)', (c) => c.unique().references('holds.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('allotted_shares', 'bigint')
    .addColumn('allotted_minor', 'bigint')
    .addColumn('refund_minor', 'bigint')
    .addColumn('resolve_entry_id', 'varchar(36)')
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('fx_rate_minor', 'bigint', (c) => c.notNull().defaultTo(100))
    .addColumn('bid_price_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cut_off', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'varchar(8)', (c) => c.notNull().defaultTo('retail'))
    .addColumn('mandate_at', 'bigint')
    .addCheckConstraint('ipo_applications_status', STATUSES)
    .addCheckConstraint('ipo_applications_positive', sql`lots > 0 AND shares > 0 AND amount_minor > 0`);
  if (unique) table = table.addUniqueConstraint('ipo_applications_one_per_user', ['ipo_id', 'user_id']);
  await table.execute();
  await sql.raw(`INSERT INTO ipo_applications_next (${COLUMNS}) SELECT ${COLUMNS} FROM ipo_applications`).execute(db);
  await db.schema.dropTable('ipo_applications').execute();
  await db.schema.alterTable('ipo_applications_next').renameTo('ipo_applications').execute();
  await db.schema.createIndex('ipo_applications_user').on('ipo_applications').columns(['user_id', 'applied_at']).execute();
  await db.schema.createIndex('ipo_applications_mandate').on('ipo_applications').columns(['ipo_id', 'status']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE ipo_applications DROP CONSTRAINT ipo_applications_one_per_user`.execute(db);
  else await rebuildSqlite(db, false);
  await sql`CREATE UNIQUE INDEX ipo_applications_one_live_per_user ON ipo_applications (ipo_id, user_id) WHERE status NOT IN ('mandateRejected', 'lapsed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only the latest application of an investor and issue can stay under the old rule.
  await sql`DELETE FROM ipo_applications WHERE status IN ('mandateRejected', 'lapsed') AND EXISTS (SELECT 1 FROM ipo_applications later WHERE later.ipo_id = ipo_applications.ipo_id AND later.user_id = ipo_applications.user_id AND later.id <> ipo_applications.id)`.execute(db);
  await db.schema.dropIndex('ipo_applications_one_live_per_user').execute();
  if (isPostgres(db)) await sql`ALTER TABLE ipo_applications ADD CONSTRAINT ipo_applications_one_per_user UNIQUE (ipo_id, user_id)`.execute(db);
  else await rebuildSqlite(db, true);
}
