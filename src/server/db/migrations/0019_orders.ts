/**
 * Resting orders: limit and stop orders for shares and ETFs that wait in the order book until
 * a feed tick reaches their price, the investor cancels them or (day orders) the market
 * closes; and their events (the order's timeline). Prices and money are integer minor units
 * (prices INR paise, holds account-currency cents), times epoch ms.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    // buy | sell
    .addColumn('side', 'varchar(8)', (c) => c.notNull())
    // limit | stop
    .addColumn('order_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('limit_price_minor', 'bigint')
    .addColumn('trigger_price_minor', 'bigint')
    // day | gtc
    .addColumn('validity', 'varchar(8)', (c) => c.notNull())
    // open → filled | cancelled | expired | rejected, once.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // A buy's hold (holds.id) while open; a sell holds shares, not money.
    .addColumn('hold_id', 'varchar(36)')
    .addColumn('held_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // Day orders: the close of the session they were placed for; gtc: null.
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // 1, 2, … one more per modification (hold references carry it).
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('fill_price_minor', 'bigint')
    .addColumn('filled_at', 'bigint')
    .addColumn('trade_id', 'varchar(36)')
    .addColumn('closed_at', 'bigint')
    // The message id of a rejection's reason.
    .addColumn('reason', 'varchar(64)')
    .execute();
  await sql`CREATE INDEX orders_open_symbol ON orders (symbol) WHERE status = 'open'`.execute(db);
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id'))
    // placed | modified | triggered | filled | cancelled | expired | rejected
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // What changed: quantity, prices, the fill price, the hold.
    .addColumn('detail_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropTable('orders').execute();
}
