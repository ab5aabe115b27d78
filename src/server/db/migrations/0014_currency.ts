/**
 * One currency story: every share, ETF and IPO trade records the EUR/INR rate it
 * was converted at (`fx_rate_minor`: paise per account-currency unit; 100 = no conversion,
 * which is what rows written before this migration were). `price_minor` stays the INR quote;
 * gross, commission and net are account-currency minor units.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trades').addColumn('fx_rate_minor', 'bigint', (c) => c.notNull().defaultTo(100)).execute();
  await db.schema.alterTable('ipo_applications').addColumn('fx_rate_minor', 'bigint', (c) => c.notNull().defaultTo(100)).execute();
  await db.schema.alterTable('block_purchases').addColumn('fx_rate_minor', 'bigint', (c) => c.notNull().defaultTo(100)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('block_purchases').dropColumn('fx_rate_minor').execute();
  await db.schema.alterTable('ipo_applications').dropColumn('fx_rate_minor').execute();
  await db.schema.alterTable('trades').dropColumn('fx_rate_minor').execute();
}
