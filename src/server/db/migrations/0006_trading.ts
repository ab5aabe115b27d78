/**
 * Trading: up/down contracts, recorded price ticks (the settle prices), the risk
 * acknowledgement per user, stock positions and trades, and two house accounts — the trading
 * book (counterparty of up/down contracts: takes lost stakes, pays profits) and securities
 * settlement (cash paid for and received from shares). Money is integer minor units, times
 * epoch milliseconds, prices minor units.
 */
import { sql, type Kysely } from 'kysely';

/** House ledger accounts added by this migration (fixed ids, see `ledger/accounts.ts`). */
const HOUSE_ACCOUNTS = ['house:trading_book', 'house:securities_settlement'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('ledger_accounts' as never)
    .values(HOUSE_ACCOUNTS.map((id) => ({ id, user_id: null, kind: id, created_at: Date.now() })) as never)
    .execute();

  // The feed's price at each recorded wall-clock second (symbols with open contracts, plus the
  // buy tick of every contract). A contract settles at the last tick at or before its expiry.
  await db.schema
    .createTable('price_ticks')
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_ticks_pk', ['symbol', 'at'])
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('buy_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull())
    .addColumn('bought_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('hold_id', 'varchar(36)', (c) => c.notNull().unique().references('holds.id'))
    .addColumn('settle_price_minor', 'bigint')
    .addColumn('settle_tick_at', 'bigint')
    .addColumn('profit_minor', 'bigint')
    .addColumn('settle_entry_id', 'varchar(36)')
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('contracts_direction', sql`direction IN (1, 2)`)
    .addCheckConstraint('contracts_amount_positive', sql`amount_minor > 0`)
    .addCheckConstraint('contracts_status', sql`status IN ('open', 'won', 'lost', 'void')`)
    .execute();
  await db.schema.createIndex('contracts_status_expires').on('contracts').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('contracts_user_status').on('contracts').columns(['user_id', 'status', 'expires_at']).execute();
  await db.schema.createIndex('contracts_user_settled').on('contracts').columns(['user_id', 'settled_at']).execute();

  await db.schema
    .createTable('trading_consents')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id'))
    .addColumn('risk_acknowledged_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('positions')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('positions_pk', ['user_id', 'symbol'])
    .addCheckConstraint('positions_quantity_positive', sql`quantity > 0 AND cost_minor >= 0`)
    .execute();

  await db.schema
    .createTable('trades')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('gross_minor', 'bigint', (c) => c.notNull())
    .addColumn('commission_minor', 'bigint', (c) => c.notNull())
    .addColumn('net_minor', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint')
    .addColumn('realized_pnl_minor', 'bigint')
    .addColumn('entry_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('trades_side', sql`side IN ('buy', 'sell')`)
    .addCheckConstraint('trades_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('trades_user_created').on('trades').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['trades', 'positions', 'trading_consents', 'contracts', 'price_ticks']) await db.schema.dropTable(table).execute();
}
