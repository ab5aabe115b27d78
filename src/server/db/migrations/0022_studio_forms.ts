/**
 * Screens staff make in the studio and what their forms collect: `studio_screens` (a screen
 * made with `studio/screens/create`, served at `/p/<id>` once a change of it is approved),
 * `form_submissions` (one row per submitted data-capture form, with the screen version whose
 * schema validated it), and an optional `extra_json` document (the custom fields staff add
 * under `extra`) on bank accounts, deposits, withdrawals and identity submissions. Same DDL on
 * SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_screens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    // 'draft' (never live), 'live', 'unpublished'.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('form_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_submissions_form').on('form_submissions').columns(['form_id', 'created_at']).execute();
  await db.schema.createIndex('form_submissions_user').on('form_submissions').columns(['user_id', 'created_at']).execute();
  for (const table of ['bank_accounts', 'deposits', 'withdrawals', 'identity_submissions']) {
    await db.schema.alterTable(table).addColumn('extra_json', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bank_accounts', 'deposits', 'withdrawals', 'identity_submissions']) {
    await db.schema.alterTable(table).dropColumn('extra_json').execute();
  }
  await db.schema.dropTable('form_submissions').execute();
  await db.schema.dropTable('studio_screens').execute();
}
