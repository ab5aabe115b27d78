/**
 * The double-entry core (docs/product.md, Money): a journal entry is a
 * business kind, a reference and postings in integer minor units that sum to zero. Postings
 * are only ever inserted (database triggers refuse updates and deletes). Every posting on a
 * user's account also moves that user's cached balance row by one conditional update that
 * refuses to take `available` or `held` below zero — the compare-and-set that makes concurrent
 * requests on several API processes safe: on PostgreSQL the second writer waits for the row
 * lock and re-checks the condition against the committed balance.
 */
import type { Db } from '../../db/index.js';
import { insertRowCompiled, runCompiled, slot } from '../../db/compiled-queries.js';
import type { PostingsTable } from '../../db/tables.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { houseAccountId, userAccountIds, type AccountRef } from './accounts.js';

const POSTING_COLUMNS = ['id', 'entry_id', 'account_id', 'amount_minor', 'created_at', 'kind', 'user_id', 'user_seq', 'available_after_minor', 'held_after_minor'] as const satisfies ReadonlyArray<keyof PostingsTable>;

/** Slot names of row `i`'s columns (`0.id`, `0.entry_id`, …), made once per row index. */
const rowSlots: string[][] = [];
const slotsOfRow = (i: number): string[] => (rowSlots[i] ??= POSTING_COLUMNS.map((column) => `${i}.${column}`));

/** Inserts an entry's postings in one statement (one compiled shape per row count). */
async function insertPostings(trx: Db, rows: readonly PostingsTable[]): Promise<void> {
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    const names = slotsOfRow(i);
    POSTING_COLUMNS.forEach((column, c) => (values[names[c]!] = row[column]));
  });
  await runCompiled(trx, `postings:insert:${rows.length}`, values, (db) =>
    db.insertInto('postings').values(rows.map((_, i) => Object.fromEntries(POSTING_COLUMNS.map((column, c) => [column, slot(slotsOfRow(i)[c]!)])) as unknown as PostingsTable)),
  );
}

/** One leg of an entry. */
export interface PostingInput {
  account: AccountRef;
  /** Signed integer minor units, never 0: positive adds to the account, negative takes away. */
  amountMinor: number;
  /** Bill-flow kind of this leg (e.g. `withdrawal_fee`); defaults to the entry's kind. */
  kind?: string;
}

/** A journal entry to post. */
export interface EntryInput {
  /** Pre-chosen id (so a status row can point at the entry before it exists); random otherwise. */
  id?: string;
  /** Business kind, e.g. `deposit_approved`; unique together with `reference`. */
  kind: string;
  /** Id of the business object (deposit, withdrawal, …), at most 64 characters. */
  reference: string;
  /** At least two legs summing to zero. */
  postings: PostingInput[];
}

/** A user's cached balances in minor units. */
export interface WalletBalances {
  availableMinor: number;
  heldMinor: number;
}

/** What `postEntry` wrote. */
export interface PostedEntry {
  id: string;
  /** Balances after the entry of every user it touched. */
  balances: Map<string, WalletBalances>;
}

/** The ledger refused an entry that can only come from a programming error (answered as 500). */
export class LedgerError extends Error {}

function validate(entry: EntryInput): void {
  if (entry.postings.length < 2) throw new LedgerError(`entry ${entry.kind}/${entry.reference} has fewer than two postings`);
  let sum = 0n;
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amountMinor) || posting.amountMinor === 0) {
      throw new LedgerError(`entry ${entry.kind}/${entry.reference}: posting amount ${posting.amountMinor} is not a non-zero integer`);
    }
    sum += BigInt(posting.amountMinor);
  }
  if (sum !== 0n) throw new LedgerError(`entry ${entry.kind}/${entry.reference}: postings sum to ${sum}, not 0`);
}

/**
 * Posts one journal entry inside the caller's transaction.
 * @param trx the operation's transaction (see `moneyTransaction`).
 * @param now epoch milliseconds.
 * @throws AppError `insufficientBalance` when a user's available balance would go below zero
 *   (nothing is written; the caller's transaction rolls back); LedgerError for an unbalanced
 *   entry or a held balance that would go below zero; the database's unique violation when an
 *   entry of this kind and reference already exists.
 */
export async function postEntry(trx: Db, now: number, entry: EntryInput): Promise<PostedEntry> {
  validate(entry);
  const id = entry.id ?? newId();
  const userIds = [...new Set(entry.postings.flatMap((p) => ('userId' in p.account ? [p.account.userId] : [])))].sort();
  const accounts = await userAccountIds(trx, userIds, now);

  // Per user: deltas and how many postings, applied with one conditional update, in a fixed
  // (sorted) order so two entries touching the same users cannot deadlock.
  const running = new Map<string, { available: number; held: number; seq: number }>();
  for (const userId of userIds) {
    let dAvailable = 0;
    let dHeld = 0;
    let count = 0;
    for (const p of entry.postings) {
      if (!('userId' in p.account) || p.account.userId !== userId) continue;
      if (p.account.kind === 'available') dAvailable += p.amountMinor;
      else dHeld += p.amountMinor;
      count++;
    }
    const { rows } = await runCompiled(trx, 'wallet_balances:move', { dAvailable, dHeld, count, now, userId }, (db) =>
      db
        .updateTable('wallet_balances')
        .set((eb) => ({
          available_minor: eb('available_minor', '+', slot<number>('dAvailable')),
          held_minor: eb('held_minor', '+', slot<number>('dHeld')),
          seq: eb('seq', '+', slot<number>('count')),
          updated_at: slot<number>('now'),
        }))
        .where('user_id', '=', slot<string>('userId'))
        .where((eb) => eb.and([eb(eb('available_minor', '+', slot<number>('dAvailable')), '>=', 0), eb(eb('held_minor', '+', slot<number>('dHeld')), '>=', 0)]))
        .returning(['available_minor', 'held_minor', 'seq']),
    );
    const row = rows[0];
    if (!row) {
      if (dAvailable < 0) throw new AppError('insufficientBalance');
      throw new LedgerError(`entry ${entry.kind}/${entry.reference}: held balance of user ${userId} would go below zero`);
    }
    running.set(userId, {
      available: Number(row.available_minor) - dAvailable,
      held: Number(row.held_minor) - dHeld,
      seq: Number(row.seq) - count,
    });
  }

  await insertRowCompiled(trx, 'journal_entries', { id, kind: entry.kind, reference: entry.reference, created_at: now });
  const rows = entry.postings.map((p): PostingsTable => {
    const base = { id: newId(), entry_id: id, amount_minor: p.amountMinor, created_at: now, kind: p.kind ?? entry.kind };
    if (!('userId' in p.account)) return { ...base, account_id: houseAccountId(p.account.house), user_id: null, user_seq: null, available_after_minor: null, held_after_minor: null };
    // `running` starts at the balances before the entry and walks forward posting by posting.
    const state = running.get(p.account.userId)!;
    if (p.account.kind === 'available') state.available += p.amountMinor;
    else state.held += p.amountMinor;
    state.seq += 1;
    const ids = accounts.get(p.account.userId)!;
    return {
      ...base,
      account_id: ids[p.account.kind],
      user_id: p.account.userId,
      user_seq: state.seq,
      available_after_minor: state.available,
      held_after_minor: state.held,
    };
  });
  await insertPostings(trx, rows);

  const balances = new Map<string, WalletBalances>();
  for (const [userId, state] of running) balances.set(userId, { availableMinor: state.available, heldMinor: state.held });
  return { id, balances };
}
