/**
 * Ledger invariants (docs/product.md, Money) checked
 * after every API test that touches money:
 * - every journal entry has at least two postings and they sum to zero;
 * - no user's `available` or `held` account is below zero;
 * - every user's cached balance (`wallet_balances`) equals the sum of their postings;
 * - every posting on a user's account carries its place in the user's sequence (1, 2, …) and
 *   the balances right after it, matching the running sums (what the bill flow shows);
 * - every hold is resolved at most once: an open hold has no resolving entry and still holds its
 *   amount; a settled or released hold has exactly one resolving entry and holds nothing; the
 *   user's held balance equals the sum of their open holds.
 * - trading: every contract has its own hold (open while the contract is open,
 *   settled when won or lost, released when void) and, once settled, names the one
 *   `contract_settled` entry that settled it — the user's net settlement of a settler batch,
 *   which credits the user exactly what the outcome rule says for the recorded
 *   settle prices of the contracts that name it; a net entry releases exactly their holds; no
 *   settlement entry without a contract; every stock trade's entry moves the user's cash by its net amount;
 *   positions equal the bought minus the sold shares; the securities-settlement house account
 *   equals the gross of all buys minus all sells.
 * Reads the database directly; works on SQLite and PostgreSQL.
 */
import { toAccountMinor } from '../../src/shared/currency.js';
import type { Db } from '../../src/server/db/index.js';
import { isWin, settle, type Direction } from '../../src/shared/trade.js';
import { ipoInvariants } from './ipo-invariants.js';

/**
 * Throws an Error describing every violation found (none: resolves).
 * @param db the server's database (`server.deps.db`).
 */
export async function assertLedgerInvariants(db: Db): Promise<void> {
  const problems: string[] = [];

  const postings = await db
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
    .select([
      'postings.id', 'postings.entry_id', 'postings.amount_minor', 'postings.user_id', 'postings.user_seq', 'postings.available_after_minor',
      'postings.held_after_minor', 'ledger_accounts.user_id as owner', 'ledger_accounts.kind as account_kind', 'journal_entries.reference',
    ])
    .execute();

  // Entries: at least two legs, summing to zero.
  const entries = new Map<string, { total: bigint; count: number }>();
  for (const p of postings) {
    const entry = entries.get(p.entry_id) ?? { total: 0n, count: 0 };
    entry.total += BigInt(p.amount_minor);
    entry.count += 1;
    entries.set(p.entry_id, entry);
  }
  for (const [id, entry] of entries) {
    if (entry.total !== 0n) problems.push(`journal entry ${id}: postings sum to ${entry.total}, not 0`);
    if (entry.count < 2) problems.push(`journal entry ${id}: only ${entry.count} posting`);
  }

  // Per user: sums per account, the sequence and the balances after each posting.
  const users = new Map<string, { available: number; held: number; rows: typeof postings }>();
  for (const p of postings) {
    if (p.owner === null) continue;
    const user = users.get(p.owner) ?? { available: 0, held: 0, rows: [] };
    if (p.account_kind === 'available') user.available += Number(p.amount_minor);
    else if (p.account_kind === 'held') user.held += Number(p.amount_minor);
    user.rows.push(p);
    users.set(p.owner, user);
  }
  const wallets = await db.selectFrom('wallet_balances').selectAll().execute();
  const walletOf = new Map(wallets.map((w) => [w.user_id, w]));
  for (const w of wallets) if (!users.has(w.user_id)) users.set(w.user_id, { available: 0, held: 0, rows: [] });

  for (const [userId, user] of users) {
    const wallet = walletOf.get(userId);
    const cachedAvailable = Number(wallet?.available_minor ?? 0);
    const cachedHeld = Number(wallet?.held_minor ?? 0);
    if (user.available < 0) problems.push(`user ${userId}: available account is at ${user.available} (below zero)`);
    if (user.held < 0) problems.push(`user ${userId}: held account is at ${user.held} (below zero)`);
    if (cachedAvailable !== user.available) problems.push(`user ${userId}: cached available ${cachedAvailable} ≠ sum of postings ${user.available}`);
    if (cachedHeld !== user.held) problems.push(`user ${userId}: cached held ${cachedHeld} ≠ sum of postings ${user.held}`);
    if (Number(wallet?.seq ?? 0) !== user.rows.length) problems.push(`user ${userId}: cached sequence ${wallet?.seq ?? 0} ≠ ${user.rows.length} postings`);

    const ordered = [...user.rows].sort((a, b) => Number(a.user_seq ?? 0) - Number(b.user_seq ?? 0));
    let available = 0;
    let held = 0;
    ordered.forEach((p, index) => {
      if (p.account_kind === 'available') available += Number(p.amount_minor);
      else held += Number(p.amount_minor);
      if (p.user_id !== userId || Number(p.user_seq) !== index + 1) {
        problems.push(`posting ${p.id} on user ${userId}'s ${p.account_kind} account: owner ${p.user_id} / sequence ${p.user_seq}, expected ${userId} / ${index + 1} (written outside the ledger?)`);
      } else if (Number(p.available_after_minor) !== available || Number(p.held_after_minor) !== held) {
        problems.push(`posting ${p.id}: balances after ${p.available_after_minor}/${p.held_after_minor}, running sums ${available}/${held}`);
      }
    });
  }

  // Holds: resolved at most once, and the held balance is exactly the open holds.
  const holds = await db.selectFrom('holds').selectAll().execute();
  const openByUser = new Map<string, number>();
  const heldByReference = new Map<string, typeof postings>();
  for (const p of postings) {
    if (p.account_kind !== 'held') continue;
    const list = heldByReference.get(p.reference) ?? [];
    list.push(p);
    heldByReference.set(p.reference, list);
  }
  // A net settlement entry (reference `net:<id>`) resolves several holds of one user at
  // once: its held postings must release exactly the sum of the holds that name it.
  const netHeld = new Map<string, { owner: string | null; released: number; holds: number; owners: Set<string> }>();
  for (const p of postings) {
    if (p.account_kind !== 'held' || !p.reference.startsWith('net:')) continue;
    const net = netHeld.get(p.entry_id) ?? { owner: p.owner, released: 0, holds: 0, owners: new Set<string>() };
    net.released -= Number(p.amount_minor);
    netHeld.set(p.entry_id, net);
  }
  for (const hold of holds) {
    const onHeld = (heldByReference.get(hold.reference) ?? []).filter((p) => p.owner === hold.user_id);
    const placing = new Set(onHeld.filter((p) => Number(p.amount_minor) > 0).map((p) => p.entry_id));
    const resolving = new Set(onHeld.filter((p) => Number(p.amount_minor) < 0).map((p) => p.entry_id));
    let stillHeld = onHeld.reduce((sum, p) => sum + Number(p.amount_minor), 0);
    const amount = Number(hold.amount_minor);
    const net = hold.resolved_entry_id ? netHeld.get(hold.resolved_entry_id) : undefined;
    if (net) {
      // Resolved by a net entry: its share of that entry's release is the hold's amount (the
      // entry's total is checked below); no entry of its own may also release it.
      if (resolving.size) problems.push(`hold ${hold.id}: resolved by net entry ${hold.resolved_entry_id} and by ${resolving.size} more`);
      resolving.add(hold.resolved_entry_id!);
      stillHeld -= amount;
      net.released -= amount;
      net.holds++;
      net.owners.add(hold.user_id);
    }
    if (placing.size !== 1 || !placing.has(hold.placed_entry_id)) problems.push(`hold ${hold.id}: ${placing.size} placing entries (expected exactly ${hold.placed_entry_id})`);
    if (resolving.size > 1) problems.push(`hold ${hold.id}: resolved ${resolving.size} times`);
    if (hold.status === 'open') {
      openByUser.set(hold.user_id, (openByUser.get(hold.user_id) ?? 0) + amount);
      if (resolving.size !== 0 || hold.resolved_entry_id !== null) problems.push(`hold ${hold.id}: open but has a resolving entry`);
      if (stillHeld !== amount) problems.push(`hold ${hold.id}: open for ${amount} but ${stillHeld} is held for it`);
    } else {
      if (resolving.size !== 1 || !resolving.has(hold.resolved_entry_id ?? '')) problems.push(`hold ${hold.id}: ${hold.status} without exactly its one resolving entry`);
      if (stillHeld !== 0) problems.push(`hold ${hold.id}: ${hold.status} but ${stillHeld} is still held for it`);
    }
  }
  for (const [entryId, net] of netHeld) {
    if (net.released !== 0 || !net.holds) problems.push(`net entry ${entryId}: releases ${net.released} more than the ${net.holds} holds that name it`);
    if (net.owners.size > 1 || (net.owners.size === 1 && !net.owners.has(net.owner ?? ''))) problems.push(`net entry ${entryId}: releases holds of another user`);
  }
  for (const [userId, user] of users) {
    const open = openByUser.get(userId) ?? 0;
    if (open !== user.held) problems.push(`user ${userId}: held ${user.held} ≠ open holds ${open}`);
  }

  problems.push(...(await tradingProblems(db, postings, holds)));

  if (problems.length) throw new Error(`ledger invariants violated:\n${problems.slice(0, 50).join('\n')}${problems.length > 50 ? `\n… and ${problems.length - 50} more` : ''}`);
}

type PostingRow = { entry_id: string; amount_minor: number; owner: string | null; account_kind: string; reference: string };
type HoldRow = { id: string; user_id: string; kind: string; reference: string; amount_minor: number; status: string };

/** The trading invariants (see the module comment). */
async function tradingProblems(db: Db, postings: PostingRow[], holds: HoldRow[]): Promise<string[]> {
  const problems: string[] = [];
  const t = db;
  const [contracts, trades, positions, entries] = await Promise.all([
    t.selectFrom('contracts').selectAll().execute(),
    t.selectFrom('trades').selectAll().execute(),
    t.selectFrom('positions').selectAll().execute(),
    db.selectFrom('journal_entries').select(['id', 'kind', 'reference']).where('kind', 'in', ['contract_settled', 'stock_bought', 'stock_sold']).execute(),
  ]);
  const byEntry = new Map<string, PostingRow[]>();
  for (const p of postings) {
    const list = byEntry.get(p.entry_id) ?? [];
    list.push(p);
    byEntry.set(p.entry_id, list);
  }
  // Settlement entries: one per investor per settler batch; each settled contract
  // names its entry, an entry settling one contract has that contract as its reference, a net one
  // `net:<its id>`; no settlement entry without a contract that names it.
  const settleEntries = new Map<string, { reference: string; contracts: Array<{ userId: string; payout: number; id: string }> }>();
  const settleByReference = new Map<string, number>();
  for (const e of entries) {
    if (e.kind !== 'contract_settled') continue;
    settleEntries.set(e.id, { reference: e.reference, contracts: [] });
    settleByReference.set(e.reference, (settleByReference.get(e.reference) ?? 0) + 1);
  }
  const holdById = new Map(holds.map((h) => [h.id, h]));
  const userCash = (entryId: string, userId: string) =>
    (byEntry.get(entryId) ?? []).filter((p) => p.owner === userId && p.account_kind === 'available').reduce((sum, p) => sum + Number(p.amount_minor), 0);

  for (const c of contracts) {
    const amount = Number(c.amount_minor);
    const hold = holdById.get(c.hold_id);
    if (!hold || hold.kind !== 'contract' || hold.reference !== c.id || hold.user_id !== c.user_id || Number(hold.amount_minor) !== amount) {
      problems.push(`contract ${c.id}: its hold ${c.hold_id} does not match (kind, reference, user, amount)`);
      continue;
    }
    const expectedHold = c.status === 'open' ? 'open' : c.status === 'void' ? 'released' : 'settled';
    if (hold.status !== expectedHold) problems.push(`contract ${c.id}: ${c.status} but its hold is ${hold.status}`);
    if (c.status === 'open') {
      const own = settleByReference.get(c.id) ?? 0;
      if (own || c.settle_entry_id !== null) problems.push(`contract ${c.id}: open but has a settlement entry (${own} by reference, ${c.settle_entry_id ?? 'none'} named)`);
      continue;
    }
    const entry = c.settle_entry_id === null ? undefined : settleEntries.get(c.settle_entry_id);
    if (!entry) {
      problems.push(`contract ${c.id}: ${c.status} but names no settlement entry (${c.settle_entry_id})`);
      continue;
    }
    if ((settleByReference.get(c.id) ?? 0) > 1) problems.push(`contract ${c.id}: ${settleByReference.get(c.id)} settlement entries reference it`);
    const price = c.settle_price_minor === null ? null : Number(c.settle_price_minor);
    const expected = settle(Number(c.direction) as Direction, amount, Number(c.rate_bp), Number(c.buy_price_minor), price);
    if (expected.outcome !== c.status || expected.profitMinor !== Number(c.profit_minor)) {
      problems.push(`contract ${c.id}: ${c.status} with profit ${c.profit_minor}, the rule says ${expected.outcome} with ${expected.profitMinor}`);
    }
    if (price !== null && c.status !== 'void' && isWin(Number(c.direction) as Direction, Number(c.buy_price_minor), price) !== (c.status === 'won')) {
      problems.push(`contract ${c.id}: outcome ${c.status} contradicts buy ${c.buy_price_minor} / settle ${price}`);
    }
    entry.contracts.push({ userId: c.user_id, payout: expected.payoutMinor, id: c.id });
  }
  for (const [entryId, entry] of settleEntries) {
    const [first] = entry.contracts;
    if (!first) {
      problems.push(`settlement entry ${entryId}: no contract names it`);
      continue;
    }
    const expectedReference = entry.contracts.length === 1 ? first.id : `net:${entryId}`;
    if (entry.reference !== expectedReference) problems.push(`settlement entry ${entryId}: reference ${entry.reference}, expected ${expectedReference}`);
    if (entry.contracts.some((c) => c.userId !== first.userId)) problems.push(`settlement entry ${entryId}: settles contracts of several users`);
    const credited = userCash(entryId, first.userId);
    const payout = entry.contracts.reduce((sum, c) => sum + c.payout, 0);
    if (credited !== payout) problems.push(`settlement entry ${entryId}: credited ${credited}, its ${entry.contracts.length} contract(s) pay ${payout}`);
  }

  // IPO allotments: listed allotments are shares, allotted money is in securities settlement.
  const ipo = await ipoInvariants(db, postings, holds);
  problems.push(...ipo.problems);
  const shares = new Map<string, number>(ipo.shares);
  let securities = ipo.securities;
  for (const trade of trades) {
    const key = `${trade.user_id}|${trade.symbol}`;
    const sign = trade.side === 'buy' ? 1 : -1;
    shares.set(key, (shares.get(key) ?? 0) + sign * Number(trade.quantity));
    securities += sign * Number(trade.gross_minor);
    const cash = userCash(trade.entry_id, trade.user_id);
    if (cash !== -sign * Number(trade.net_minor)) problems.push(`trade ${trade.id}: moved the user's cash by ${cash}, expected ${-sign * Number(trade.net_minor)}`);
    if (Number(trade.gross_minor) !== toAccountMinor(Number(trade.price_minor) * Number(trade.quantity), Number(trade.fx_rate_minor), trade.side === 'sell' ? 'credit' : 'charge')) problems.push(`trade ${trade.id}: gross is not price × quantity at its EUR/INR rate`);
  }
  const positionOf = new Map(positions.map((p) => [`${p.user_id}|${p.symbol}`, Number(p.quantity)]));
  for (const [key, quantity] of shares) {
    if (quantity < 0) problems.push(`position ${key}: sold more than bought (${quantity})`);
    if ((positionOf.get(key) ?? 0) !== quantity) problems.push(`position ${key}: holds ${positionOf.get(key) ?? 0}, trades say ${quantity}`);
  }
  for (const [key, quantity] of positionOf) if (!shares.has(key)) problems.push(`position ${key}: ${quantity} shares without trades`);
  const house = postings.filter((p) => p.owner === null && p.account_kind === 'house:securities_settlement').reduce((sum, p) => sum + Number(p.amount_minor), 0);
  if (house !== securities) problems.push(`securities settlement account at ${house}, trades say ${securities}`);
  return problems;
}
