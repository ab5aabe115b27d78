/**
 * Private uploads, identity (KYC) submissions and the append-only operator audit log
 * (issue: identity verification).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('storage_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner').on('uploads').column('owner_user_id').execute();

  await db.schema
    .createTable('identity_submissions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('id_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('id_number_encrypted', 'text', (c) => c.notNull())
    .addColumn('id_number_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('front_upload_id', 'varchar(36)', (c) => c.notNull().references('uploads.id'))
    .addColumn('back_upload_id', 'varchar(36)', (c) => c.notNull().references('uploads.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(36)', (c) => c.references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  // One submission row per user; resubmission updates it (history lives in the audit log).
  await db.schema.createIndex('identity_submissions_user').on('identity_submissions').column('user_id').unique().execute();
  await db.schema.createIndex('identity_submissions_status').on('identity_submissions').columns(['status', 'submitted_at']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'identity_submissions', 'uploads']) await db.schema.dropTable(table).execute();
}
