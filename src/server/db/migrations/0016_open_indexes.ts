/**
 * Partial indexes for what is still open. The due scan, an investor's
 * open contracts and an investor's open holds only ever look for `status = 'open'`, yet their
 * indexes held every contract and hold ever made, keyed by status: settling a contract moved
 * its entries from 'open' to its outcome in two contract indexes and its hold's in one — an
 * index delete and insert each, most of a settlement batch's `UPDATE` time. Partial indexes
 * keep only open rows: a settled row just leaves them, and they stay as small as what is open.
 *
 * Queries name the status as a literal (`status = 'open'`, `OPEN_STATUS`), not a bound
 * parameter: a PostgreSQL generic plan cannot prove that a parameter matches the index.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_status_expires').execute();
  await db.schema.dropIndex('contracts_user_status').execute();
  await db.schema.dropIndex('holds_user_status').execute();
  await sql`CREATE INDEX contracts_open_expires ON contracts (expires_at) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX contracts_user_open ON contracts (user_id, expires_at) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX holds_user_open ON holds (user_id) WHERE status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_open_expires').execute();
  await db.schema.dropIndex('contracts_user_open').execute();
  await db.schema.dropIndex('holds_user_open').execute();
  await db.schema.createIndex('contracts_status_expires').on('contracts').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('contracts_user_status').on('contracts').columns(['user_id', 'status', 'expires_at']).execute();
  await db.schema.createIndex('holds_user_status').on('holds').columns(['user_id', 'status']).execute();
}
