/**
 * The studio: published screen versions, editors' drafts and published texts
 * (message overrides and new ids). Same DDL on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screen_versions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('screen_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('layout_json', 'text', (c) => c.notNull())
    .addColumn('schema_json', 'text')
    .addColumn('messages_json', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('lint_json', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .execute();
  // Two editors publishing at once cannot both take the same number.
  await db.schema.createIndex('screen_versions_screen_version').unique().on('screen_versions').columns(['screen_id', 'version']).execute();
  await db.schema
    .createTable('screen_drafts')
    .addColumn('screen_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('layout_json', 'text', (c) => c.notNull())
    .addColumn('schema_json', 'text')
    .addColumn('author_user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ui_messages')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ui_messages_pk', ['lang', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ui_messages').execute();
  await db.schema.dropTable('screen_drafts').execute();
  await db.schema.dropTable('screen_versions').execute();
}
