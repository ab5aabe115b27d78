/**
 * Hardening: the approvals of four-eyes decisions above `DUAL_APPROVAL_AMOUNT`,
 * login/registration throttling per account and per IP (growing delays, never a permanent
 * lockout), and operator-managed settings such as the deposit beneficiary. Times are epoch ms.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per operator approving a deposit or payout that needs two; decided rows keep theirs.
  await db.schema
    .createTable('dual_approvals')
    .addColumn('entity', 'varchar(24)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dual_approvals_pk', ['entity', 'entity_id', 'operator_id'])
    .execute();

  // Failure counters: key `account:<email>` or `ip:<address>`. `blocked_until` is when the next
  // attempt is allowed; a success (account) or the window's end clears the row.
  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint', (c) => c.notNull())
    .execute();

  // Operator-managed settings (JSON values), every change audited.
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)', (c) => c.references('users.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('auth_throttle').execute();
  await db.schema.dropTable('dual_approvals').execute();
}
