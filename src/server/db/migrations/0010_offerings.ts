/**
 * Offerings: block-trade offers and purchases (with the lock on the bought shares),
 * gather plans (position building in equal tranches), their participations and fills, the
 * AI basket recommendations and basket orders. Money and prices are integer minor units,
 * times epoch milliseconds. Bought shares are ordinary holdings (`positions`, `trades`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('block_offers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('remaining', 'bigint', (c) => c.notNull())
    .addColumn('min_quantity', 'bigint', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('lock_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('block_offers_remaining', sql`remaining >= 0 AND remaining <= quantity AND min_quantity >= 1 AND price_minor > 0`)
    .addCheckConstraint('block_offers_status', sql`status IN ('open', 'closed')`)
    .execute();

  await db.schema
    .createTable('block_purchases')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('offer_id', 'varchar(36)', (c) => c.notNull().references('block_offers.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('commission_minor', 'bigint', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('trade_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('block_purchases_quantity', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('block_purchases_user').on('block_purchases').columns(['user_id', 'symbol', 'locked_until']).execute();

  await db.schema
    .createTable('gather_plans')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('tranches', 'integer', (c) => c.notNull())
    .addColumn('interval_s', 'integer', (c) => c.notNull())
    .addColumn('min_amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('gather_plans_tranches', sql`tranches BETWEEN 2 AND 30 AND interval_s >= 1`)
    .execute();

  await db.schema
    .createTable('gather_participations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull().references('gather_plans.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('tranches', 'integer', (c) => c.notNull())
    .addColumn('interval_s', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    // Tranches executed so far (0 … tranches); the next one is due at `next_due_at`.
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('next_due_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    // The open hold carrying what is still held (null once nothing is).
    .addColumn('hold_id', 'varchar(36)')
    .addColumn('held_minor', 'bigint', (c) => c.notNull())
    .addColumn('invested_minor', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addCheckConstraint('gather_participations_status', sql`status IN ('running', 'completed', 'cancelled')`)
    .addCheckConstraint('gather_participations_amounts', sql`amount_minor > 0 AND held_minor >= 0 AND invested_minor >= 0`)
    .execute();
  await db.schema.createIndex('gather_participations_due').on('gather_participations').columns(['status', 'next_due_at']).execute();
  await db.schema.createIndex('gather_participations_user').on('gather_participations').columns(['user_id', 'joined_at']).execute();

  await db.schema
    .createTable('gather_fills')
    .addColumn('participation_id', 'varchar(36)', (c) => c.notNull().references('gather_participations.id'))
    .addColumn('tranche', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('gross_minor', 'bigint', (c) => c.notNull())
    .addColumn('commission_minor', 'bigint', (c) => c.notNull())
    .addColumn('trade_id', 'varchar(36)')
    .addPrimaryKeyConstraint('gather_fills_pk', ['participation_id', 'tranche'])
    .execute();

  await db.schema
    .createTable('ai_baskets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('model', 'varchar(32)', (c) => c.notNull())
    .addColumn('as_of', 'varchar(10)', (c) => c.notNull())
    .addColumn('fitted_at', 'bigint', (c) => c.notNull())
    .addColumn('basket_json', 'text', (c) => c.notNull())
    .addColumn('min_amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('current', 'integer', (c) => c.notNull())
    .addUniqueConstraint('ai_baskets_model_as_of', ['model', 'as_of'])
    .execute();

  await db.schema
    .createTable('basket_orders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('basket_id', 'varchar(64)', (c) => c.notNull().references('ai_baskets.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('invested_minor', 'bigint', (c) => c.notNull())
    .addColumn('leftover_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('basket_orders_sum', sql`invested_minor + leftover_minor = amount_minor AND leftover_minor >= 0`)
    .execute();
  await db.schema.createIndex('basket_orders_user').on('basket_orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('basket_order_lines')
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('basket_orders.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('weight_bp', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('commission_minor', 'bigint', (c) => c.notNull())
    .addColumn('trade_id', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('basket_order_lines_pk', ['order_id', 'symbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['basket_order_lines', 'basket_orders', 'ai_baskets', 'gather_fills', 'gather_participations', 'gather_plans', 'block_purchases', 'block_offers']) {
    await db.schema.dropTable(table).execute();
  }
}
