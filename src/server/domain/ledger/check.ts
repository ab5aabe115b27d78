/**
 * The ledger check: what must always hold of the books, read from the database (SQLite or
 * PostgreSQL) with set-based queries. One module for `npm run ledger:check`, the periodic
 * `ledger.check` job (its counts on `/metrics`) and the API test suites (after every test file):
 * - `unbalancedEntry`: a journal entry whose postings do not sum to zero, or that has fewer than two;
 * - `balanceMismatch`: a user's cached balance (`wallet_balances`) differs from the sum of the
 *   postings on that account;
 * - `negativeBalance`: a user's available or held account (by its postings) below zero;
 * - `holdOnEndedOffering`: an open hold of an ended offering — an IPO application's hold after
 *   the issue was cancelled or allotted, a gather participation's hold after it was cancelled or
 *   completed (block purchases are paid at once and hold nothing);
 * - `positionMismatch`: a position's quantity differs from its fills (bought minus sold shares,
 *   plus listed IPO allotments), or fills leave shares without a position row.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** The kinds of violation, in the order they are checked (the metric's `kind` label). */
export const LEDGER_VIOLATION_KINDS = ['unbalancedEntry', 'balanceMismatch', 'negativeBalance', 'holdOnEndedOffering', 'positionMismatch'] as const;
export type LedgerViolationKind = (typeof LEDGER_VIOLATION_KINDS)[number];

/** One violation: its kind, the ids of what is wrong, and a sentence naming the figures. */
export interface LedgerViolation {
  kind: LedgerViolationKind;
  /** e.g. `{entry: '…'}`, `{user: '…', account: 'held'}`, `{hold: '…', ipo: '…'}`. */
  ids: Record<string, string>;
  /** Minor units and quantities as found, e.g. `postings sum to 5`. */
  detail: string;
}

const num = (value: unknown): number => Number(value ?? 0);

async function unbalancedEntries(db: Db): Promise<LedgerViolation[]> {
  const rows = await sql<{ id: string; total: string | number | null; n: string | number }>`
    select e.id as id, sum(p.amount_minor) as total, count(p.id) as n
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id
    having count(p.id) < 2 or sum(p.amount_minor) <> 0`.execute(db);
  return rows.rows.map((r) => ({ kind: 'unbalancedEntry', ids: { entry: r.id }, detail: `${num(r.n)} posting(s) summing to ${num(r.total)}` }));
}

async function balances(db: Db): Promise<LedgerViolation[]> {
  const sums = await sql<{ user_id: string; kind: string; total: string | number }>`
    select a.user_id as user_id, a.kind as kind, sum(p.amount_minor) as total
    from postings p join ledger_accounts a on a.id = p.account_id
    where a.user_id is not null
    group by a.user_id, a.kind`.execute(db);
  const wallets = await db.selectFrom('wallet_balances').select(['user_id', 'available_minor', 'held_minor']).execute();
  const byUser = new Map<string, { available: number; held: number }>();
  for (const r of sums.rows) {
    const user = byUser.get(r.user_id) ?? { available: 0, held: 0 };
    if (r.kind === 'available') user.available += num(r.total);
    else if (r.kind === 'held') user.held += num(r.total);
    byUser.set(r.user_id, user);
  }
  const out: LedgerViolation[] = [];
  const seen = new Set<string>();
  for (const w of wallets) {
    seen.add(w.user_id);
    const posted = byUser.get(w.user_id) ?? { available: 0, held: 0 };
    for (const [account, cached, sum] of [['available', num(w.available_minor), posted.available], ['held', num(w.held_minor), posted.held]] as const) {
      if (cached !== sum) out.push({ kind: 'balanceMismatch', ids: { user: w.user_id, account }, detail: `cached ${cached}, postings sum to ${sum}` });
    }
  }
  for (const [userId, posted] of byUser) {
    if (!seen.has(userId) && (posted.available !== 0 || posted.held !== 0)) {
      out.push({ kind: 'balanceMismatch', ids: { user: userId, account: 'available+held' }, detail: `no cached balance, postings sum to ${posted.available}/${posted.held}` });
    }
    for (const [account, sum] of [['available', posted.available], ['held', posted.held]] as const) {
      if (sum < 0) out.push({ kind: 'negativeBalance', ids: { user: userId, account }, detail: `postings sum to ${sum}` });
    }
  }
  return out;
}

async function holdsOnEndedOfferings(db: Db): Promise<LedgerViolation[]> {
  const ipo = await sql<{ hold_id: string; ipo_id: string; application_id: string; cancelled_at: unknown }>`
    select h.id as hold_id, i.id as ipo_id, a.id as application_id, i.cancelled_at as cancelled_at
    from holds h join ipo_applications a on a.hold_id = h.id join ipos i on i.id = a.ipo_id
    where h.status = 'open' and (i.cancelled_at is not null or i.allotted_at is not null)`.execute(db);
  const gather = await sql<{ hold_id: string; participation_id: string; status: string }>`
    select h.id as hold_id, g.id as participation_id, g.status as status
    from holds h join gather_participations g on g.hold_id = h.id
    where h.status = 'open' and g.status <> 'running'`.execute(db);
  return [
    ...ipo.rows.map((r): LedgerViolation => ({
      kind: 'holdOnEndedOffering',
      ids: { hold: r.hold_id, ipo: r.ipo_id, application: r.application_id },
      detail: `open hold on an IPO that was ${r.cancelled_at !== null ? 'cancelled' : 'allotted'}`,
    })),
    ...gather.rows.map((r): LedgerViolation => ({ kind: 'holdOnEndedOffering', ids: { hold: r.hold_id, participation: r.participation_id }, detail: `open hold on a gather participation that is ${r.status}` })),
  ];
}

async function positions(db: Db): Promise<LedgerViolation[]> {
  const fills = await sql<{ user_id: string; symbol: string; quantity: string | number }>`
    select user_id, symbol, sum(quantity) as quantity from (
      select user_id, symbol, case when side = 'sell' then -quantity else quantity end as quantity from trades
      union all
      select a.user_id as user_id, i.symbol as symbol, a.allotted_shares as quantity
      from ipo_applications a join ipos i on i.id = a.ipo_id
      where i.listed_at is not null and a.status = 'allotted'
    ) f group by user_id, symbol`.execute(db);
  const held = await db.selectFrom('positions').select(['user_id', 'symbol', 'quantity']).execute();
  const expected = new Map(fills.rows.map((r) => [`${r.user_id}|${r.symbol}`, num(r.quantity)]));
  const out: LedgerViolation[] = [];
  for (const p of held) {
    const key = `${p.user_id}|${p.symbol}`;
    const want = expected.get(key) ?? 0;
    expected.delete(key);
    if (num(p.quantity) !== want) out.push({ kind: 'positionMismatch', ids: { user: p.user_id, symbol: p.symbol }, detail: `position holds ${num(p.quantity)}, fills say ${want}` });
  }
  for (const [key, want] of expected) {
    if (want === 0) continue;
    const [user, symbol] = key.split('|') as [string, string];
    out.push({ kind: 'positionMismatch', ids: { user, symbol }, detail: `no position row, fills say ${want}` });
  }
  return out;
}

/**
 * Runs every check on `db`; resolves with every violation found (none: an empty array).
 * Reads only; safe while the application runs (each query sees one consistent state of its tables).
 */
export async function checkLedger(db: Db): Promise<LedgerViolation[]> {
  return [...(await unbalancedEntries(db)), ...(await balances(db)), ...(await holdsOnEndedOfferings(db)), ...(await positions(db))];
}

/** Violations counted per kind (every kind present, zero when clean). */
export function countByKind(violations: readonly LedgerViolation[]): Record<LedgerViolationKind, number> {
  const counts = Object.fromEntries(LEDGER_VIOLATION_KINDS.map((k) => [k, 0])) as Record<LedgerViolationKind, number>;
  for (const v of violations) counts[v.kind]++;
  return counts;
}

/** One line per violation: `kind id=… id=…: detail`. */
export function formatViolation(v: LedgerViolation): string {
  return `${v.kind} ${Object.entries(v.ids).map(([k, id]) => `${k}=${id}`).join(' ')}: ${v.detail}`;
}
