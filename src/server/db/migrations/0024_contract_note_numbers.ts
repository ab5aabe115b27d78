/**
 * Contract note numbers: every contract note (one per investor and India trade day) keeps the
 * number it was first issued with, unique and sequential within the Indian financial year
 * (`CN-2026-27-000001`). `contract_note_counters` holds the last number issued per year (its
 * row is the lock two issuers queue on); `contract_notes` one row per note, unique per
 * investor and day, per year and sequence, and per number. Works on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contract_note_counters')
    // `2026-27`
    .addColumn('fy', 'varchar(7)', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('contract_notes')
    // The note's id: its day's first trade id.
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    // India trade day `YYYY-MM-DD`.
    .addColumn('trade_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('fy', 'varchar(7)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('contract_notes_user_day', ['user_id', 'trade_day'])
    .addUniqueConstraint('contract_notes_fy_seq', ['fy', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_notes').execute();
  await db.schema.dropTable('contract_note_counters').execute();
}
