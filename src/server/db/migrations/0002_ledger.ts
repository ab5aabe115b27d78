/**
 * The double-entry ledger's tables (docs/product.md, Money): accounts,
 * journal entries and their postings. Postings are append-only.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_owner_kind', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('entry_id', 'varchar(36)', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('postings_entry').on('postings').column('entry_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['postings', 'journal_entries', 'ledger_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
