/**
 * Ledger accounts: two per user (`available` cash and `held` funds) and the house accounts
 * (bank clearing, payouts in transit, fee revenue; trading book and securities settlement
 * for trades; one payable per statutory trade charge). House accounts have fixed ids created by migrations 0004, 0006 and 0020; a user's accounts and balance row are created on first use.
 */
import type { Db } from '../../db/index.js';
import { runCompiled, slot } from '../../db/compiled-queries.js';
import { newId } from '../ids.js';

/** A user's ledger account kinds. */
export type UserAccountKind = 'available' | 'held';

/** House accounts (the firm's side of every movement). */
export type HouseAccount =
  | 'bank_clearing' | 'payouts_in_transit' | 'fee_revenue' | 'trading_book' | 'securities_settlement'
  // Statutory charges of share trades (migration 0020), owed to their collectors.
  | 'stt_payable' | 'exchange_charges_payable' | 'sebi_fees_payable' | 'stamp_duty_payable' | 'gst_payable';

/** Names an account in a posting. */
export type AccountRef = { userId: string; kind: UserAccountKind } | { house: HouseAccount };

/** Fixed id (and kind) of a house account, e.g. `house:bank_clearing`. */
export const houseAccountId = (house: HouseAccount): string => `house:${house}`;

/** Ids of one user's two ledger accounts. */
export interface UserAccountIds {
  available: string;
  held: string;
}

/**
 * Account ids known to exist, per database: a user's two accounts never change once
 * created, and looking them up would be one query of every money request. Keyed by the database's
 * Kysely adapter, an object a database shares with all its transactions.
 */
const knownIds = new WeakMap<object, Map<string, UserAccountIds>>();

/** Most users remembered per database (then the map starts over). */
const KNOWN_IDS_MAX = 100_000;

/**
 * Users whose accounts a transaction created. Their ids are not remembered from that
 * transaction: it may still roll back (its request fails, or its group-commit round does), and
 * later reads in it would otherwise remember ids that never existed.
 */
const createdIn = new WeakMap<Db, Set<string>>();

/**
 * The users' ledger account ids, creating missing accounts and balance rows. Idempotent and
 * safe under concurrency (`ON CONFLICT DO NOTHING` on the unique owner+kind and the user key).
 * Ids read before are served from memory (see `knownIds`).
 * @param trx the operation's transaction.
 * @param now epoch milliseconds, for `created_at`.
 */
export async function userAccountIds(trx: Db, userIds: readonly string[], now: number): Promise<Map<string, UserAccountIds>> {
  const result = new Map<string, UserAccountIds>();
  const adapter = trx.getExecutor().adapter;
  let known = knownIds.get(adapter);
  if (!known) knownIds.set(adapter, (known = new Map()));
  const unknown: string[] = [];
  for (const userId of new Set(userIds)) {
    const ids = known.get(userId);
    if (ids) result.set(userId, ids);
    else unknown.push(userId);
  }
  if (!unknown.length) return result;
  const read = async (users: string[]) => {
    const values = Object.fromEntries(users.map((userId, i) => [`u${i}`, userId]));
    const { rows } = await runCompiled(trx, `ledger_accounts:of:${users.length}`, values, (db) =>
      db
        .selectFrom('ledger_accounts')
        .select(['id', 'user_id', 'kind'])
        .where('user_id', 'in', users.map((_, i) => slot<string>(`u${i}`)))
        .where('kind', 'in', ['available', 'held']),
    );
    for (const row of rows) {
      const ids = result.get(row.user_id!) ?? { available: '', held: '' };
      ids[row.kind as UserAccountKind] = row.id;
      result.set(row.user_id!, ids);
    }
  };
  await read(unknown);
  const missing = unknown.filter((id) => !result.get(id)?.available || !result.get(id)?.held);
  if (missing.length) {
    await trx
      .insertInto('ledger_accounts')
      .values(missing.flatMap((userId) => (['available', 'held'] as const).map((kind) => ({ id: newId(), user_id: userId, kind, created_at: now }))))
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
    await trx
      .insertInto('wallet_balances')
      .values(missing.map((userId) => ({ user_id: userId, available_minor: 0, held_minor: 0, seq: 0, updated_at: now })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await read(missing);
    let created = createdIn.get(trx);
    if (!created) createdIn.set(trx, (created = new Set()));
    for (const userId of missing) created.add(userId);
  }
  const created = createdIn.get(trx);
  if (known.size + unknown.length > KNOWN_IDS_MAX) known.clear();
  for (const userId of unknown) if (!created?.has(userId)) known.set(userId, result.get(userId)!);
  return result;
}
