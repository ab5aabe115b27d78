/**
 * One name for an operator's decision: deposits and identity submissions record it
 * as `reviewed_at` / `reviewed_by`, withdrawals said `resolved_at` / `resolved_by`. Renames the
 * withdrawal columns; `ALTER TABLE … RENAME COLUMN` keeps data, the foreign key to `users.id`
 * and nothing else refers to them (SQLite ≥ 3.25 and PostgreSQL alike). API answers keep their
 * names (`resolvedAt`, `resolvedBy` on withdrawals).
 */
import type { Kysely } from 'kysely';

const RENAMES: Array<[from: string, to: string]> = [
  ['resolved_at', 'reviewed_at'],
  ['resolved_by', 'reviewed_by'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of RENAMES) await db.schema.alterTable('withdrawals').renameColumn(from, to).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of RENAMES) await db.schema.alterTable('withdrawals').renameColumn(to, from).execute();
}
