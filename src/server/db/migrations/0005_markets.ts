/**
 * Markets and content: 1-minute and daily bars per feed, favourites, news,
 * banners and operator-edited site content (company information). Prices are integer
 * minor units (paise), times epoch milliseconds, days India dates `YYYY-MM-DD`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_bars_1m')
    .addColumn('feed', 'varchar(32)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_bars_1m_pk', ['feed', 'symbol', 'start_at'])
    .execute();

  await db.schema
    .createTable('market_bars_1d')
    .addColumn('feed', 'varchar(32)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_bars_1d_pk', ['feed', 'symbol', 'day'])
    .execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lang', 'varchar(5)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(2000)')
    .addColumn('source', 'varchar(100)')
    .addColumn('symbols', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)')
    .execute();
  await db.schema.createIndex('news_lang_published').on('news').columns(['lang', 'status', 'published_at']).execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lang', 'varchar(5)')
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(200)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(2000)')
    .addColumn('link', 'varchar(500)')
    .addColumn('tone', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)')
    .execute();

  await db.schema
    .createTable('site_content')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['site_content', 'banners', 'news', 'favourites', 'market_bars_1d', 'market_bars_1m']) {
    await db.schema.dropTable(table).execute();
  }
}
