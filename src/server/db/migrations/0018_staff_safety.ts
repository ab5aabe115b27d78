/**
 * Staff safety: the deposit beneficiary under four eyes (every change is a row that a second
 * operator approves; approved changes carry increasing versions, and each deposit records the
 * version the investor was shown) and the staff second factor (a TOTP secret per operator or
 * editor, sealed with the identity key, and single-use recovery codes stored as hashes).
 * Times are epoch ms.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('beneficiary_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    // pending → approved | rejected, once.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Set when approved: 1, 2, … (the version deposits record).
    .addColumn('version', 'integer', (c) => c.unique())
    .addColumn('proposed_by', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(36)', (c) => c.references('users.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('reason', 'text')
    .execute();
  // At most one change waits at a time.
  await sql`CREATE UNIQUE INDEX beneficiary_changes_one_pending ON beneficiary_changes (status) WHERE status = 'pending'`.execute(db);
  // A beneficiary entered before changes were reviewed becomes version 1.
  await sql`INSERT INTO beneficiary_changes (id, value_json, status, version, proposed_by, proposed_at, decided_by, decided_at)
    SELECT 'initial', value_json, 'approved', 1, updated_by, updated_at, updated_by, updated_at FROM settings
    WHERE key = 'deposit.beneficiary' AND updated_by IS NOT NULL`.execute(db);

  await db.schema.alterTable('deposits').addColumn('beneficiary_version', 'integer').execute();

  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id'))
    // The base32 secret, AES-256-GCM sealed with the identity key.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    // pending (shown for enrolment, not yet confirmed) → active.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('activated_at', 'bigint')
    // The last accepted time step: a code is accepted once.
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    // SHA-256 (hex) of the normalized code; the code itself is shown once.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_user').on('staff_recovery_codes').columns(['user_id', 'code_hash']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_totp').execute();
  await db.schema.alterTable('deposits').dropColumn('beneficiary_version').execute();
  await db.schema.dropTable('beneficiary_changes').execute();
}
