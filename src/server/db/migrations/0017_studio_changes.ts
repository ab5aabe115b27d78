/**
 * Change requests in the studio: every publish (layout, schema and texts together) waits for
 * other editors' approvals (`studio_changes`, `studio_change_approvals`), and every editor keeps
 * their own draft of a screen (`studio_drafts`, replacing the one shared `screen_drafts` row
 * per screen; its rows move over as their author's drafts). Same DDL on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // 'screen' (layout and schema, maybe texts), 'texts' (texts only), 'rollback'.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('screen_id', 'varchar(64)')
    // The screen version (screen and rollback changes) or texts version (texts changes) it starts from.
    .addColumn('base_version', 'integer', (c) => c.notNull())
    // The texts version a screen change carrying texts starts from.
    .addColumn('texts_base_version', 'integer')
    .addColumn('layout_json', 'text')
    .addColumn('schema_json', 'text')
    .addColumn('texts_json', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('approvals_needed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(36)')
    .addColumn('reason', 'text')
    .addColumn('published_version', 'integer')
    // The texts version this change made live (texts changes only); NULLs never collide.
    .addColumn('texts_version', 'integer')
    .execute();
  await db.schema.createIndex('studio_changes_status').on('studio_changes').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('studio_changes_texts_version').unique().on('studio_changes').column('texts_version').execute();
  await db.schema
    .createTable('studio_change_approvals')
    .addColumn('change_id', 'varchar(36)', (c) => c.notNull().references('studio_changes.id'))
    .addColumn('editor_user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('approved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_change_approvals_pk', ['change_id', 'editor_user_id'])
    .execute();
  await db.schema
    .createTable('studio_drafts')
    .addColumn('screen_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('editor_user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('layout_json', 'text', (c) => c.notNull())
    .addColumn('schema_json', 'text')
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_drafts_pk', ['screen_id', 'editor_user_id'])
    .execute();
  await sql`INSERT INTO studio_drafts (screen_id, editor_user_id, base_version, layout_json, schema_json, saved_at)
            SELECT screen_id, author_user_id, 0, layout_json, schema_json, saved_at FROM screen_drafts`.execute(db);
  await db.schema.dropTable('screen_drafts').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screen_drafts')
    .addColumn('screen_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('layout_json', 'text', (c) => c.notNull())
    .addColumn('schema_json', 'text')
    .addColumn('author_user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('studio_drafts').execute();
  await db.schema.dropTable('studio_change_approvals').execute();
  await db.schema.dropTable('studio_changes').execute();
}
