/**
 * The double-entry core and the ONE writer of money: a journal entry is a business kind, a
 * reference and postings in integer minor units that sum to zero. Postings are only ever
 * inserted (database triggers refuse updates and deletes). Every posting on a user's account
 * also moves that user's cached balance row by a conditional update that refuses to take
 * `available` or `held` below zero — the compare-and-set that makes concurrent requests on
 * several API processes safe: on PostgreSQL the second writer waits for the row lock and
 * re-checks the condition against the committed balance.
 *
 * {@link postEntries} writes a set of entries with a fixed number of statements whatever its
 * size (settlement books thousands at once); {@link postEntry} is the same for one entry.
 * Nothing else in the server inserts postings or journal entries or moves `wallet_balances`.
 */
import { sql, type Insertable } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { withJsonRows } from '../../db/json-rows.js';
import { insertRowCompiled, runCompiled, slot } from '../../db/compiled-queries.js';
import type { PostingsTable } from '../../db/tables.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { houseAccountId, userAccountIds, type AccountRef } from './accounts.js';
import { isSqlite } from './transaction.js';

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

/**
 * A row of another table written together with an entry, and only when the entry is written
 * (e.g. the hold an entry places and the contract that holds it). On PostgreSQL an entry of one
 * user and its rows go to the database as ONE statement (see {@link postEntries}).
 */
export type WithRow = {
  [T in keyof Database & string]: {
    table: T;
    row: Insertable<Database[T]>;
    /** `ON CONFLICT DO NOTHING`: a row another request may have written first (a price tick). */
    ignoreConflict?: boolean;
  };
}[keyof Database & string];

/** A user's cached balances in minor units. */
export interface WalletBalances {
  availableMinor: number;
  heldMinor: number;
}

/** What `postEntry` (or `postEntries`, per entry) wrote. */
export interface PostedEntry {
  id: string;
  /** Balances right after the entry of every user it touched. */
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

/** Per user: the entry set's net moves and how many postings touch the user's accounts. */
interface UserDelta {
  dAvailable: number;
  dHeld: number;
  count: number;
}

const WALLET_COLUMNS = [['user_id', 'text'], ['d_available', 'bigint'], ['d_held', 'bigint'], ['n', 'bigint']] as const;
const ENTRY_COLUMNS = [['id', 'text'], ['kind', 'text'], ['reference', 'text']] as const;
const POSTING_JSON_COLUMNS = [
  ['id', 'text'], ['entry_id', 'text'], ['account_id', 'text'], ['amount_minor', 'bigint'], ['kind', 'text'],
  ['user_id', 'text'], ['user_seq', 'bigint'], ['available_after_minor', 'bigint'], ['held_after_minor', 'bigint'],
] as const;

/** The refusal for a user whose balance row the conditional update did not move. */
function balanceRefusal(userId: string, delta: UserDelta): Error {
  if (delta.dAvailable < 0) return new AppError('insufficientBalance');
  return new LedgerError(`user ${userId}: held balance would go below zero`);
}

/**
 * Moves each user's balance row by its delta, one compiled conditional update per user in
 * sorted order (the path of a single entry: few users, a cached statement each).
 * @returns per user the balances and sequence BEFORE the move.
 */
async function moveEachBalance(trx: Db, now: number, deltas: Map<string, UserDelta>, userIds: readonly string[]) {
  const before = new Map<string, { available: number; held: number; seq: number }>();
  for (const userId of userIds) {
    const { dAvailable, dHeld, count } = deltas.get(userId)!;
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
    if (!row) throw balanceRefusal(userId, deltas.get(userId)!);
    before.set(userId, { available: Number(row.available_minor) - dAvailable, held: Number(row.held_minor) - dHeld, seq: Number(row.seq) - count });
  }
  return before;
}

/**
 * Moves every user's balance row in ONE conditional `UPDATE … FROM` (rows as one JSON
 * parameter); on PostgreSQL the rows are locked first in sorted order, so two writers of
 * overlapping sets never deadlock.
 * @returns per user the balances and sequence BEFORE the move.
 */
async function moveAllBalances(trx: Db, now: number, deltas: Map<string, UserDelta>, userIds: readonly string[]) {
  if (!isSqlite(trx)) await trx.selectFrom('wallet_balances').select('user_id').where('user_id', 'in', userIds).orderBy('user_id').forUpdate().execute();
  const source = withJsonRows(trx, 'x', WALLET_COLUMNS, userIds.map((user_id) => {
    const d = deltas.get(user_id)!;
    return { user_id, d_available: d.dAvailable, d_held: d.dHeld, n: d.count };
  }));
  const { rows } = await sql<{ user_id: string; available_minor: number | string; held_minor: number | string; seq: number | string }>`${source} UPDATE wallet_balances
    SET available_minor = available_minor + x.d_available, held_minor = held_minor + x.d_held, seq = seq + x.n, updated_at = ${now}
    FROM x WHERE wallet_balances.user_id = x.user_id AND wallet_balances.available_minor + x.d_available >= 0 AND wallet_balances.held_minor + x.d_held >= 0
    RETURNING wallet_balances.user_id, wallet_balances.available_minor, wallet_balances.held_minor, wallet_balances.seq`.execute(trx);
  const before = new Map<string, { available: number; held: number; seq: number }>();
  for (const row of rows) {
    const d = deltas.get(row.user_id)!;
    before.set(row.user_id, { available: Number(row.available_minor) - d.dAvailable, held: Number(row.held_minor) - d.dHeld, seq: Number(row.seq) - d.count });
  }
  if (before.size !== userIds.length) {
    const missing = userIds.find((userId) => !before.has(userId))!;
    throw balanceRefusal(missing, deltas.get(missing)!);
  }
  return before;
}

/**
 * Posts a set of journal entries inside the caller's transaction with a fixed number of
 * statements whatever the set's size: the users' balance rows moved once per user (by the
 * set's net), the entries inserted, then their postings — each user posting carrying the
 * user's running sequence and the balances right after it, in the order of `entries`.
 * One entry goes through cached compiled statements (`db/compiled-queries.ts`) — on PostgreSQL,
 * when it touches one user's accounts, as ONE statement together with `withRows`
 * ({@link postOneStatement}) — several through one JSON row source per table (`db/json-rows.ts`).
 * @param trx the operation's transaction (see `moneyTransaction`).
 * @param now epoch milliseconds (every entry's and posting's `created_at`).
 * @param withRows rows of other tables written after the entries in the same transaction (on
 *   PostgreSQL with a one-user entry in the same statement), e.g. the hold and the contract.
 * @returns one {@link PostedEntry} per entry, in order.
 * @throws AppError `insufficientBalance` when a user's available balance would go below zero
 *   (nothing is written; the caller's transaction rolls back); LedgerError for an unbalanced
 *   entry or a held balance that would go below zero; the database's unique violation when an
 *   entry of the same kind and reference already exists.
 */
export async function postEntries(trx: Db, now: number, entries: readonly EntryInput[], withRows: readonly WithRow[] = []): Promise<PostedEntry[]> {
  if (!entries.length) {
    if (withRows.length) throw new LedgerError('rows written with an entry need an entry');
    return [];
  }
  for (const entry of entries) validate(entry);
  const ids = entries.map((entry) => entry.id ?? newId());
  const deltas = new Map<string, UserDelta>();
  for (const entry of entries) {
    for (const p of entry.postings) {
      if (!('userId' in p.account)) continue;
      let d = deltas.get(p.account.userId);
      if (!d) deltas.set(p.account.userId, (d = { dAvailable: 0, dHeld: 0, count: 0 }));
      if (p.account.kind === 'available') d.dAvailable += p.amountMinor;
      else d.dHeld += p.amountMinor;
      d.count++;
    }
  }
  // A fixed (sorted) order, so two writers touching the same users cannot deadlock.
  const userIds = [...deltas.keys()].sort();
  const single = entries.length === 1;
  const accounts = await userAccountIds(trx, userIds, now);
  if (single && userIds.length === 1 && !isSqlite(trx)) return [await postOneStatement(trx, now, entries[0]!, ids[0]!, userIds[0]!, deltas.get(userIds[0]!)!, accounts, withRows)];
  const running = single ? await moveEachBalance(trx, now, deltas, userIds) : await moveAllBalances(trx, now, deltas, userIds);

  // `running` starts at the balances before the set and walks forward posting by posting.
  const rows: PostingsTable[] = [];
  const posted: PostedEntry[] = entries.map((entry, e) => {
    const entryId = ids[e]!;
    const touched = new Set<string>();
    for (const p of entry.postings) {
      const base = { id: newId(), entry_id: entryId, amount_minor: p.amountMinor, created_at: now, kind: p.kind ?? entry.kind };
      if (!('userId' in p.account)) {
        rows.push({ ...base, account_id: houseAccountId(p.account.house), user_id: null, user_seq: null, available_after_minor: null, held_after_minor: null });
        continue;
      }
      const state = running.get(p.account.userId)!;
      if (p.account.kind === 'available') state.available += p.amountMinor;
      else state.held += p.amountMinor;
      state.seq += 1;
      touched.add(p.account.userId);
      rows.push({
        ...base,
        account_id: accounts.get(p.account.userId)![p.account.kind],
        user_id: p.account.userId,
        user_seq: state.seq,
        available_after_minor: state.available,
        held_after_minor: state.held,
      });
    }
    const balances = new Map<string, WalletBalances>();
    for (const userId of touched) {
      const state = running.get(userId)!;
      balances.set(userId, { availableMinor: state.available, heldMinor: state.held });
    }
    return { id: entryId, balances };
  });

  if (single) {
    const entry = entries[0]!;
    await insertRowCompiled(trx, 'journal_entries', { id: ids[0]!, kind: entry.kind, reference: entry.reference, created_at: now });
    await insertPostings(trx, rows);
    for (const { table, row, ignoreConflict } of withRows) await insertRowCompiled(trx, table, row as never, { ignoreConflict });
    return posted;
  }
  await sql`${withJsonRows(trx, 'x', ENTRY_COLUMNS, entries.map((entry, e) => ({ id: ids[e], kind: entry.kind, reference: entry.reference })))}
    INSERT INTO journal_entries (id, kind, reference, created_at) SELECT x.id, x.kind, x.reference, ${now} FROM x`.execute(trx);
  await sql`${withJsonRows(trx, 'x', POSTING_JSON_COLUMNS, rows as unknown as Record<string, unknown>[])}
    INSERT INTO postings (id, entry_id, account_id, amount_minor, created_at, kind, user_id, user_seq, available_after_minor, held_after_minor)
    SELECT x.id, x.entry_id, x.account_id, x.amount_minor, ${now}, x.kind, x.user_id, x.user_seq, x.available_after_minor, x.held_after_minor FROM x`.execute(trx);
  for (const { table, row, ignoreConflict } of withRows) await insertRowCompiled(trx, table, row as never, { ignoreConflict });
  return posted;
}

/**
 * PostgreSQL, one entry touching one user's accounts: the balance move, the entry, its postings
 * and `withRows` as ONE statement (data-modifying `WITH`), one round trip instead of one per
 * table. Every insert selects from the balance update's `RETURNING`, so when the conditional
 * update moves nothing (the balance does not cover it) nothing at all is written. Postings
 * and rows travel as JSON typed by their table's row type (`json_populate_record[set]`); a user
 * posting carries, in place of its running sequence and balances, how far they lie before the
 * balance row's new values, and the statement subtracts.
 * @returns the entry with the user's balances after it.
 * @throws AppError `insufficientBalance`; LedgerError for a held balance that would go below
 *   zero; the database's unique violation (same kind and reference, or a row's key).
 */
async function postOneStatement(
  trx: Db,
  now: number,
  entry: EntryInput,
  entryId: string,
  userId: string,
  delta: UserDelta,
  accounts: Map<string, { available: string; held: string }>,
  withRows: readonly WithRow[],
): Promise<PostedEntry> {
  // From the last posting back: what the user's postings after this one still add.
  const rows: Array<Record<string, unknown>> = new Array(entry.postings.length);
  let seqAfter = 0;
  let availableAfter = 0;
  let heldAfter = 0;
  for (let i = entry.postings.length - 1; i >= 0; i--) {
    const p = entry.postings[i]!;
    const base = { id: newId(), entry_id: entryId, amount_minor: p.amountMinor, created_at: now, kind: p.kind ?? entry.kind };
    if (!('userId' in p.account)) {
      rows[i] = { ...base, account_id: houseAccountId(p.account.house), user_id: null, user_seq: null, available_after_minor: null, held_after_minor: null };
      continue;
    }
    rows[i] = { ...base, account_id: accounts.get(userId)![p.account.kind], user_id: userId, user_seq: seqAfter, available_after_minor: availableAfter, held_after_minor: heldAfter };
    seqAfter += 1;
    if (p.account.kind === 'available') availableAfter += p.amountMinor;
    else heldAfter += p.amountMinor;
  }
  const values: Record<string, unknown> = {
    userId,
    dAvailable: delta.dAvailable,
    dHeld: delta.dHeld,
    count: delta.count,
    now,
    entryId,
    kind: entry.kind,
    reference: entry.reference,
    postings: JSON.stringify(rows),
  };
  withRows.forEach(({ row }, i) => (values[`row${i}`] = JSON.stringify(row)));
  const shape = `ledger:postOne:${withRows.map(({ table, row, ignoreConflict }) => `${table}(${Object.keys(row).join(',')})${ignoreConflict ? '?' : ''}`).join(';')}`;
  const { rows: moved } = await runCompiled<{ available_minor: number | string; held_minor: number | string }>(trx, shape, values, (db) => {
    const v = (name: string) => sql`${slot(name)}`;
    const inserts = withRows.map(({ table, row, ignoreConflict }, i) => {
      const columns = Object.keys(row);
      return sql`, ${sql.raw(`w${i}`)} AS (INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
        SELECT ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))} FROM m, json_populate_record(NULL::${sql.table(table)}, ${v(`row${i}`)}::json) AS r${sql.raw(ignoreConflict ? ' ON CONFLICT DO NOTHING' : '')})`;
    });
    const statement = sql<{ available_minor: number; held_minor: number }>`WITH m AS (UPDATE wallet_balances
        SET available_minor = available_minor + ${v('dAvailable')}, held_minor = held_minor + ${v('dHeld')}, seq = seq + ${v('count')}, updated_at = ${v('now')}
        WHERE user_id = ${v('userId')} AND available_minor + ${v('dAvailable')} >= 0 AND held_minor + ${v('dHeld')} >= 0
        RETURNING available_minor, held_minor, seq)
      , e AS (INSERT INTO journal_entries (id, kind, reference, created_at) SELECT ${v('entryId')}, ${v('kind')}, ${v('reference')}, ${v('now')} FROM m)
      , p AS (INSERT INTO postings (id, entry_id, account_id, amount_minor, created_at, kind, user_id, user_seq, available_after_minor, held_after_minor)
        SELECT r.id, r.entry_id, r.account_id, r.amount_minor, r.created_at, r.kind, r.user_id, m.seq - r.user_seq, m.available_minor - r.available_after_minor, m.held_minor - r.held_after_minor
        FROM m, json_populate_recordset(NULL::postings, ${v('postings')}::json) AS r)
      ${sql.join(inserts, sql``)}
      SELECT available_minor, held_minor FROM m`;
    return { compile: () => statement.compile(db) };
  });
  const row = moved[0];
  if (!row) throw balanceRefusal(userId, delta);
  return { id: entryId, balances: new Map([[userId, { availableMinor: Number(row.available_minor), heldMinor: Number(row.held_minor) }]]) };
}

/**
 * Posts one journal entry inside the caller's transaction ({@link postEntries} of one entry).
 * @param trx the operation's transaction (see `moneyTransaction`).
 * @param now epoch milliseconds.
 * @param withRows rows of other tables written with the entry (see {@link postEntries}).
 * @throws AppError `insufficientBalance` when a user's available balance would go below zero
 *   (nothing is written; the caller's transaction rolls back); LedgerError for an unbalanced
 *   entry or a held balance that would go below zero; the database's unique violation when an
 *   entry of this kind and reference already exists.
 */
export async function postEntry(trx: Db, now: number, entry: EntryInput, withRows: readonly WithRow[] = []): Promise<PostedEntry> {
  const [posted] = await postEntries(trx, now, [entry], withRows);
  return posted!;
}
