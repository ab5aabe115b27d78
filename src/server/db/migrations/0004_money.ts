/**
 * Money: cached wallet balances, holds, deposits, withdrawals and idempotency keys;
 * bill-flow columns on postings; one journal entry per kind and reference; the three house
 * accounts; and database triggers that make postings and journal entries append-only.
 * The operator audit log is `audit_log` from 0003.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

/** House ledger accounts: fixed ids, created here so no request ever races to create them. */
const HOUSE_ACCOUNTS = ['house:bank_clearing', 'house:payouts_in_transit', 'house:fee_revenue'];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_balances')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id'))
    .addColumn('available_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('held_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wallet_balances_available_not_negative', sql`available_minor >= 0`)
    .addCheckConstraint('wallet_balances_held_not_negative', sql`held_minor >= 0`)
    .execute();

  // Bill-flow columns: which leg, whose, in which order, and the balances right after.
  await db.schema.alterTable('postings').addColumn('kind', 'varchar(32)').execute();
  await db.schema.alterTable('postings').addColumn('user_id', 'varchar(36)').execute();
  await db.schema.alterTable('postings').addColumn('user_seq', 'bigint').execute();
  await db.schema.alterTable('postings').addColumn('available_after_minor', 'bigint').execute();
  await db.schema.alterTable('postings').addColumn('held_after_minor', 'bigint').execute();
  await db.schema.createIndex('postings_user_seq').on('postings').columns(['user_id', 'user_seq']).execute();

  // A business object gets at most one entry of a kind: a deposit is credited once, a hold
  // is placed once and resolved once.
  await db.schema.createIndex('journal_entries_kind_reference').on('journal_entries').columns(['kind', 'reference']).unique().execute();

  const now = Date.now();
  await db
    .insertInto('ledger_accounts' as never)
    .values(HOUSE_ACCOUNTS.map((id) => ({ id, user_id: null, kind: id, created_at: now })) as never)
    .execute();

  await db.schema
    .createTable('holds')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('placed_entry_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('resolved_entry_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addUniqueConstraint('holds_kind_reference', ['kind', 'reference'])
    .addCheckConstraint('holds_amount_positive', sql`amount_minor > 0`)
    .execute();
  await db.schema.createIndex('holds_user_status').on('holds').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('bank_account_id', 'varchar(36)', (c) => c.references('bank_accounts.id'))
    .addColumn('utr', 'varchar(22)', (c) => c.notNull())
    // The payment screenshot: one of the user's own uploads (checked by the domain; 0003's table).
    .addColumn('screenshot_upload_id', 'varchar(36)', (c) => c.notNull().references('uploads.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('entry_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(36)', (c) => c.references('users.id'))
    .addCheckConstraint('deposits_amount_positive', sql`amount_minor > 0`)
    .execute();
  // The same UTR can never be credited twice: unique across all deposits ever.
  await db.schema.createIndex('deposits_utr_unique').on('deposits').column('utr').unique().execute();
  await db.schema.createIndex('deposits_user_created').on('deposits').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('deposits_status_created').on('deposits').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('bank_account_id', 'varchar(36)', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('net_minor', 'bigint', (c) => c.notNull())
    .addColumn('hold_id', 'varchar(36)', (c) => c.notNull().unique().references('holds.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'varchar(36)', (c) => c.references('users.id'))
    .addCheckConstraint('withdrawals_amounts', sql`amount_minor > 0 AND fee_minor >= 0 AND net_minor > 0 AND fee_minor + net_minor = amount_minor`)
    .execute();
  await db.schema.createIndex('withdrawals_user_created').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_status_created').on('withdrawals').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();

  // Postings and journal entries are never updated or deleted (docs/product.md, Money).
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`.execute(db);
    for (const table of ['postings', 'journal_entries']) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`.execute(db);
    }
  } else {
    for (const table of ['postings', 'journal_entries']) {
      for (const event of ['UPDATE', 'DELETE']) {
        await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only_${event.toLowerCase()}`)} BEFORE ${sql.raw(event)} ON ${sql.table(table)}
          BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of ['postings', 'journal_entries']) await sql`DROP TRIGGER ${sql.raw(`${table}_append_only`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION ledger_append_only()`.execute(db);
  } else {
    for (const table of ['postings', 'journal_entries']) {
      for (const event of ['update', 'delete']) await sql`DROP TRIGGER ${sql.raw(`${table}_append_only_${event}`)}`.execute(db);
    }
  }
  for (const table of ['idempotency_keys', 'withdrawals', 'deposits', 'holds', 'wallet_balances']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('journal_entries_kind_reference').execute();
  await db.schema.dropIndex('postings_user_seq').execute();
  for (const column of ['held_after_minor', 'available_after_minor', 'user_seq', 'user_id', 'kind']) {
    await db.schema.alterTable('postings').dropColumn(column).execute();
  }
}
