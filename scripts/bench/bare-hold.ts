/**
 * The bare better-sqlite3 baseline the ledger and trading benches compare against: the same
 * schema (migrated by `openDb`), pragmas and statements the domain runs to place a hold —
 * balance compare-and-set, journal entry, two postings, hold row — without Kysely or HTTP.
 * Each bench adds its own business row (withdrawal, contract) in `afterHold`.
 * `synchronous = FULL` like the app's money transactions: each transaction is
 * fsynced before it returns — the one-transaction-per-request rate the app's group commit is
 * compared with.
 */
import path from 'node:path';
import { newId } from '../../src/server/domain/ids.js';
import SQLite from 'better-sqlite3';
import { openDb } from '../../src/server/db/index.js';

/** Kinds the placed hold is booked under. */
export interface HoldKinds {
  entryKind: string;
  postingKind: string;
  holdKind: string;
}

/** A migrated raw database with one funded investor and the hold statements prepared. */
export interface BareHold {
  db: SQLite.Database;
  userId: string;
  /**
   * Places a hold of `amountMinor` at `at` (epoch ms) for business object `reference`.
   * @returns the hold id and the entry id.
   * @throws Error('insufficient') when the balance does not cover it.
   */
  place(reference: string, amountMinor: number, at: number): { holdId: string; entryId: string };
}

/** Opens `<dir>/raw.sqlite`, migrates it, seeds a user with 80,000,000.00 available. */
export async function openBareHold(dir: string, kinds: HoldKinds, now: number): Promise<BareHold> {
  const file = path.join(dir, 'raw.sqlite');
  await (await openDb({ kind: 'sqlite', file })).destroy(); // same schema, triggers and indexes
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const userId = newId();
  db.prepare(`INSERT INTO users (id, uid, email, password_hash, role, created_at, password_changed_at) VALUES (?, 'N0000001', 'raw@example.com', 'x', 'investor', ?, ?)`).run(userId, now, now);
  const available = newId();
  const held = newId();
  db.prepare(`INSERT INTO ledger_accounts (id, user_id, kind, created_at) VALUES (?, ?, 'available', ?), (?, ?, 'held', ?)`).run(available, userId, now, held, userId, now);
  db.prepare(`INSERT INTO wallet_balances (user_id, available_minor, held_minor, seq, updated_at) VALUES (?, ?, 0, 0, ?)`).run(userId, 8_000_000_000, now);

  const accounts = db.prepare(`SELECT id, user_id, kind FROM ledger_accounts WHERE user_id IN (?) AND kind IN ('available', 'held')`);
  const balance = db.prepare(
    `UPDATE wallet_balances SET available_minor = available_minor + ?, held_minor = held_minor + ?, seq = seq + 2, updated_at = ?
     WHERE user_id = ? AND available_minor + ? >= 0 AND held_minor + ? >= 0 RETURNING available_minor, held_minor, seq`,
  );
  const entry = db.prepare(`INSERT INTO journal_entries (id, kind, reference, created_at) VALUES (?, '${kinds.entryKind}', ?, ?)`);
  const postings = db.prepare(
    `INSERT INTO postings (id, entry_id, account_id, amount_minor, created_at, kind, user_id, user_seq, available_after_minor, held_after_minor)
     VALUES (?, ?, ?, ?, ?, '${kinds.postingKind}', ?, ?, ?, ?), (?, ?, ?, ?, ?, '${kinds.postingKind}', ?, ?, ?, ?)`,
  );
  const hold = db.prepare(`INSERT INTO holds (id, user_id, kind, reference, amount_minor, status, placed_entry_id, created_at) VALUES (?, ?, '${kinds.holdKind}', ?, ?, 'open', ?, ?)`);

  return {
    db,
    userId,
    place(reference, amountMinor, at) {
      accounts.all(userId);
      const after = balance.get(-amountMinor, amountMinor, at, userId, -amountMinor, amountMinor) as { available_minor: number; held_minor: number; seq: number } | undefined;
      if (!after) throw new Error('insufficient');
      const entryId = newId();
      const holdId = newId();
      entry.run(entryId, reference, at);
      postings.run(
        newId(), entryId, available, -amountMinor, at, userId, after.seq - 1, after.available_minor, after.held_minor - amountMinor,
        newId(), entryId, held, amountMinor, at, userId, after.seq, after.available_minor, after.held_minor,
      );
      hold.run(holdId, userId, reference, amountMinor, entryId, at);
      return { holdId, entryId };
    },
  };
}
