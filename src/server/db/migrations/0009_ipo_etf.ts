/**
 * IPOs: issues set up by operators and investors' applications. An application's
 * money is a hold (`holds.kind = 'ipo'`, reference = application id) resolved exactly once at
 * allotment (allotted part → securities settlement, the rest released) or at cancellation
 * (released in full). Money and prices integer minor units, times epoch milliseconds.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ipos')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('lot_size', 'integer', (c) => c.notNull())
    .addColumn('min_lots', 'integer', (c) => c.notNull())
    .addColumn('max_lots', 'integer', (c) => c.notNull())
    .addColumn('total_shares', 'bigint', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('allotment_at', 'bigint', (c) => c.notNull())
    .addColumn('listing_at', 'bigint', (c) => c.notNull())
    // The lottery: seed (hex) kept secret until allotment, its SHA-256 shown from creation.
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('allotted_at', 'bigint')
    .addColumn('listed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ipos_positive', sql`price_minor > 0 AND lot_size > 0 AND min_lots > 0 AND max_lots >= min_lots AND total_shares > 0`)
    .addCheckConstraint('ipos_times', sql`opens_at < closes_at AND closes_at <= allotment_at AND allotment_at <= listing_at`)
    .execute();
  await db.schema.createIndex('ipos_allotment_due').on('ipos').columns(['allotted_at', 'allotment_at']).execute();

  await db.schema
    .createTable('ipo_applications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('ipo_id', 'varchar(36)', (c) => c.notNull().references('ipos.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('lots', 'integer', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('hold_id', 'varchar(36)', (c) => c.notNull().unique().references('holds.id'))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('allotted_shares', 'bigint')
    .addColumn('allotted_minor', 'bigint')
    .addColumn('refund_minor', 'bigint')
    .addColumn('resolve_entry_id', 'varchar(36)')
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addUniqueConstraint('ipo_applications_one_per_user', ['ipo_id', 'user_id'])
    .addCheckConstraint('ipo_applications_status', sql`status IN ('applied', 'allotted', 'notAllotted', 'refunded')`)
    .addCheckConstraint('ipo_applications_positive', sql`lots > 0 AND shares > 0 AND amount_minor > 0`)
    .execute();
  await db.schema.createIndex('ipo_applications_user').on('ipo_applications').columns(['user_id', 'applied_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ipo_applications').execute();
  await db.schema.dropTable('ipos').execute();
}
