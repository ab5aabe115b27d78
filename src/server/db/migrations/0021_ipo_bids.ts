/**
 * IPO bids and the UPI mandate (docs/product.md, Offerings):
 * - `ipos.price_min_minor`: the lower end of the price band (`price_minor` is its upper end, the
 *   price a cut-off bid is blocked at); a fixed-price issue has both equal, which is what every
 *   issue written before this migration becomes. `discovered_price_minor`: the price the
 *   allotment ran at (null before).
 *   `retail_percent`: the share of the offer reserved for retail bids, fixed when the issue is
 *   created (`IPO_RETAIL_PERCENT`), so the published allotment can be re-run.
 * - `ipo_applications`: the bid (`bid_price_minor` per share in paise, `cut_off`), the investor
 *   category (`retail` | `hni`), the mandate's decision time (`mandate_at`), and three new
 *   statuses: `mandatePending` (no hold yet: `hold_id` null), `mandateRejected` and `lapsed`.
 *   Rows written before become bids at the issue price with an approved mandate.
 * PostgreSQL changes the columns in place; SQLite cannot drop a NOT NULL or a CHECK, so the
 * table is rebuilt with its rows (nothing refers to it).
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const STATUSES = sql`status IN ('mandatePending', 'mandateRejected', 'lapsed', 'applied', 'allotted', 'notAllotted', 'refunded')`;
const OLD_STATUSES = sql`status IN ('applied', 'allotted', 'notAllotted', 'refunded')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ipos').addColumn('price_min_minor', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ipos').addColumn('discovered_price_minor', 'bigint').execute();
  await db.schema.alterTable('ipos').addColumn('retail_percent', 'integer', (c) => c.notNull().defaultTo(35)).execute();
  await sql`UPDATE ipos SET price_min_minor = price_minor`.execute(db);

  if (isPostgres(db)) {
    await sql`ALTER TABLE ipo_applications ALTER COLUMN hold_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE ipo_applications ALTER COLUMN status TYPE varchar(16)`.execute(db);
    await sql`ALTER TABLE ipo_applications DROP CONSTRAINT ipo_applications_status`.execute(db);
    await sql`ALTER TABLE ipo_applications ADD CONSTRAINT ipo_applications_status CHECK (${STATUSES})`.execute(db);
    await db.schema.alterTable('ipo_applications').addColumn('bid_price_minor', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('ipo_applications').addColumn('cut_off', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('ipo_applications').addColumn('category', 'varchar(8)', (c) => c.notNull().defaultTo('retail')).execute();
    await db.schema.alterTable('ipo_applications').addColumn('mandate_at', 'bigint').execute();
  } else {
    await db.schema
      .createTable('ipo_applications_bids')
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
      .addUniqueConstraint('ipo_applications_one_per_user', ['ipo_id', 'user_id'])
      .addCheckConstraint('ipo_applications_status', STATUSES)
      .addCheckConstraint('ipo_applications_positive', sql`lots > 0 AND shares > 0 AND amount_minor > 0`)
      .execute();
    await sql`INSERT INTO ipo_applications_bids (id, ipo_id, user_id, lots, shares, amount_minor, hold_id, status, allotted_shares, allotted_minor, refund_minor, resolve_entry_id, applied_at, resolved_at, fx_rate_minor)
      SELECT id, ipo_id, user_id, lots, shares, amount_minor, hold_id, status, allotted_shares, allotted_minor, refund_minor, resolve_entry_id, applied_at, resolved_at, fx_rate_minor FROM ipo_applications`.execute(db);
    await db.schema.dropTable('ipo_applications').execute();
    await db.schema.alterTable('ipo_applications_bids').renameTo('ipo_applications').execute();
    await db.schema.createIndex('ipo_applications_user').on('ipo_applications').columns(['user_id', 'applied_at']).execute();
  }
  // Earlier applications: a bid at the issue price whose mandate was approved when applying.
  await sql`UPDATE ipo_applications SET bid_price_minor = (SELECT price_minor FROM ipos WHERE ipos.id = ipo_applications.ipo_id), mandate_at = applied_at`.execute(db);
  await sql`UPDATE ipos SET discovered_price_minor = price_minor WHERE allotted_at IS NOT NULL`.execute(db);
  await db.schema.createIndex('ipo_applications_mandate').on('ipo_applications').columns(['ipo_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ipo_applications_mandate').execute();
  await sql`DELETE FROM ipo_applications WHERE hold_id IS NULL`.execute(db);
  for (const column of ['mandate_at', 'category', 'cut_off', 'bid_price_minor']) await db.schema.alterTable('ipo_applications').dropColumn(column).execute();
  if (isPostgres(db)) {
    await sql`ALTER TABLE ipo_applications DROP CONSTRAINT ipo_applications_status`.execute(db);
    await sql`ALTER TABLE ipo_applications ADD CONSTRAINT ipo_applications_status CHECK (${OLD_STATUSES})`.execute(db);
    await sql`ALTER TABLE ipo_applications ALTER COLUMN status TYPE varchar(12)`.execute(db);
    await sql`ALTER TABLE ipo_applications ALTER COLUMN hold_id SET NOT NULL`.execute(db);
  }
  await db.schema.alterTable('ipos').dropColumn('retail_percent').execute();
  await db.schema.alterTable('ipos').dropColumn('discovered_price_minor').execute();
  await db.schema.alterTable('ipos').dropColumn('price_min_minor').execute();
}
