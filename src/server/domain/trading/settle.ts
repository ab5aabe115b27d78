/**
 * Exactly-once settlement of up/down contracts (docs/product.md, Up/down trading).
 *
 * `settleDue(db, now)` settles every open contract with `expires_at <= now`, in batches of
 * one transaction each (5000 contracts by default). Set-based: each
 * batch costs a fixed number of statements, whatever its size —
 * 1. the settle price of each contract is the last tick recorded at or before its expiry
 *    instant (`price_ticks`, one lookup per symbol and expiry), never the price when the
 *    settler runs; when no tick was recorded after the buy instant and up to the expiry (the
 *    feed or the server was down), the contract is voided and the stake returned;
 * 2. ONE conditional `UPDATE … FROM <rows> WHERE status = 'open'` moves the batch's contracts
 *    `open → won | lost | void`, so only one settler ever proceeds with a contract;
 * 3. the ledger books them (`resolveHolds` and `postEntries`, the one writer of money): ONE
 *    conditional update resolves their holds, one update per batch moves the users' balance
 *    rows, and one `INSERT … SELECT` each writes the journal entries and their postings:
 *    ONE `contract_settled` entry per investor per batch — the net settlement of that
 *    investor's contracts in the batch, as a broker's ledger books a settlement's net obligation — with one
 *    posting per account and kind: won — held → available (stake, `contract_payout`) and trading
 *    book → available (profit, `contract_profit`); lost — held → trading book
 *    (`contract_loss`); void — held → available (`contract_void`). Each contract (and its hold)
 *    points at the entry that settled it (`settle_entry_id`, `resolved_entry_id`). The entry's
 *    reference is the contract's id when it settles one contract (the usual case: a bill line
 *    per contract), else `net:<entry id>`; the unique (kind, reference) index still refuses a
 *    second entry for a single contract.
 *    Why net: per-contract entries meant ≈ 2.3 postings per contract — 230 000 rows
 *    in four indexes for 100 000 contracts, most of a settlement's time.
 * Rows reach the database as one JSON parameter (`db/json-rows.ts`).
 *
 * Two settlers at once: on PostgreSQL each batch is selected `FOR UPDATE SKIP LOCKED`, so
 * concurrent settlers (several API processes) take disjoint batches; on SQLite transactions
 * are serialized (`BEGIN IMMEDIATE`). A crash rolls the open batch back; the next run (every
 * server runs one at start) settles it with the same recorded prices.
 */
import { settle, type Direction, type Settlement } from '../../../shared/trade.js';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { withJsonRows } from '../../db/json-rows.js';
import { OPEN_STATUS } from '../../db/open-status.js';
import { type ContractsTable } from '../../db/trading-tables.js';
import { newId } from '../ids.js';
import { ENTRY_KINDS, houseAccountId, isSqlite, moneyTransaction, postEntries, resolveHolds, type PostingInput } from '../ledger/index.js';
import { lastTickAtOrBefore, type PriceTick } from './ticks.js';

/** What one `settleDue` call did. */
export interface SettleReport {
  settled: number;
  won: number;
  lost: number;
  void: number;
}

/** Options of {@link settleDue}. */
export interface SettleOptions {
  /** Contracts per transaction (default 5000). */
  batchSize?: number;
  /** Stop after this many batches (default: until nothing is due). */
  maxBatches?: number;
}

type DueRow = Pick<ContractsTable, 'id' | 'user_id' | 'symbol' | 'direction' | 'amount_minor' | 'buy_price_minor' | 'rate_bp' | 'bought_at' | 'expires_at' | 'hold_id'>;

/** The postings of a settlement entry (zero legs left out). */
export function settlementPostings(userId: string, amountMinor: number, result: Settlement): PostingInput[] {
  const held = { userId, kind: 'held' as const };
  const available = { userId, kind: 'available' as const };
  if (result.outcome === 'lost') {
    return [
      { account: held, amountMinor: -amountMinor, kind: 'contract_loss' },
      { account: { house: 'trading_book' }, amountMinor, kind: 'contract_loss' },
    ];
  }
  const kind = result.outcome === 'won' ? 'contract_payout' : 'contract_void';
  const legs: PostingInput[] = [
    { account: held, amountMinor: -amountMinor, kind },
    { account: available, amountMinor, kind },
  ];
  if (result.outcome === 'won' && result.profitMinor > 0) {
    legs.push({ account: { house: 'trading_book' }, amountMinor: -result.profitMinor, kind: 'contract_profit' });
    legs.push({ account: available, amountMinor: result.profitMinor, kind: 'contract_profit' });
  }
  return legs;
}

/** One contract of a batch with what its settlement writes. */
interface Planned {
  row: DueRow;
  result: Settlement;
  entryId: string;
  tick: PriceTick | null;
}

/** The settle price and outcome of each due row (ticks shared per symbol and expiry). */
async function plan(trx: Db, rows: DueRow[]): Promise<Planned[]> {
  const ticks = new Map<string, PriceTick | null>();
  const entries = new Map<string, string>(); // user → the batch's settlement entry
  const planned: Planned[] = [];
  for (const row of rows) {
    const key = `${row.symbol}|${row.expires_at}`;
    let tick = ticks.get(key);
    if (tick === undefined) {
      tick = await lastTickAtOrBefore(trx, row.symbol, Number(row.expires_at));
      ticks.set(key, tick);
    }
    const usable = tick && tick.at > Number(row.bought_at) ? tick : null;
    const amountMinor = Number(row.amount_minor);
    const result = settle(Number(row.direction) as Direction, amountMinor, Number(row.rate_bp), Number(row.buy_price_minor), usable?.priceMinor ?? null);
    let entryId = entries.get(row.user_id);
    if (!entryId) entries.set(row.user_id, (entryId = newId()));
    planned.push({ row, result, entryId, tick: usable });
  }
  return planned;
}

/**
 * Moves the batch's contracts `open → won | lost | void` in ONE conditional update; returns
 * the ones this settler moved (all of them unless another settler got there first).
 */
async function closeContracts(trx: Db, now: number, planned: Planned[]): Promise<Planned[]> {
  const source = withJsonRows(trx, 'x', CONTRACT_COLUMNS, planned.map((p) => ({
    id: p.row.id,
    status: p.result.outcome,
    price: p.tick?.priceMinor ?? null,
    tick_at: p.tick?.at ?? null,
    profit: p.result.profitMinor,
    entry_id: p.entryId,
  })));
  const { rows } = await sql<{ id: string }>`${source} UPDATE contracts SET status = x.status, settle_price_minor = x.price, settle_tick_at = x.tick_at,
      profit_minor = x.profit, settle_entry_id = x.entry_id, settled_at = ${now}
    FROM x WHERE contracts.id = x.id AND contracts.status = 'open' RETURNING contracts.id`.execute(trx);
  if (rows.length === planned.length) return planned;
  const moved = new Set(rows.map((r) => r.id));
  return planned.filter((p) => moved.has(p.row.id));
}

const CONTRACT_COLUMNS = [['id', 'text'], ['status', 'text'], ['price', 'bigint'], ['tick_at', 'bigint'], ['profit', 'bigint'], ['entry_id', 'text']] as const;
/** One investor's net settlement in a batch: its entry, reference and legs. */
interface NetSettlement {
  userId: string;
  entryId: string;
  /** The contract's id when the entry settles one contract, else `net:<entry id>`. */
  reference: string;
  /** {@link settlementPostings} of every contract, summed per account and kind (zero legs left out). */
  legs: PostingInput[];
}

/**
 * The batch's settlements netted per investor (one entry each, see the module comment), in the
 * order the investors first appear; a leg's place is where its account and kind first appear.
 */
export function netSettlements(planned: ReadonlyArray<Pick<Planned, 'row' | 'result' | 'entryId'>>): NetSettlement[] {
  const byUser = new Map<string, { settlement: NetSettlement; contracts: number; legs: Map<string, PostingInput> }>();
  for (const p of planned) {
    let group = byUser.get(p.row.user_id);
    if (!group) {
      group = { settlement: { userId: p.row.user_id, entryId: p.entryId, reference: p.row.id, legs: [] }, contracts: 0, legs: new Map() };
      byUser.set(p.row.user_id, group);
    }
    group.contracts++;
    for (const leg of settlementPostings(p.row.user_id, Number(p.row.amount_minor), p.result)) {
      const account = 'userId' in leg.account ? leg.account.kind : houseAccountId(leg.account.house);
      const key = `${account}|${leg.kind}`;
      const sum = group.legs.get(key);
      if (sum) sum.amountMinor += leg.amountMinor;
      else group.legs.set(key, { ...leg });
    }
  }
  return [...byUser.values()].map(({ settlement, contracts, legs }) => ({
    ...settlement,
    reference: contracts === 1 ? settlement.reference : `net:${settlement.entryId}`,
    legs: [...legs.values()].filter((leg) => leg.amountMinor !== 0),
  }));
}

/**
 * Books the settlements of contracts already moved out of `open` through the ledger: their
 * holds resolved in one set (`resolveHolds`) and one net journal entry per investor posted in
 * one set (`postEntries`: a fixed number of statements whatever the batch's size).
 * @throws LedgerError when a hold is not open or a balance would go below zero (never expected).
 */
async function book(trx: Db, now: number, planned: Planned[]): Promise<void> {
  await resolveHolds(trx, now, planned.map((p) => ({ holdId: p.row.hold_id, status: p.result.outcome === 'void' ? 'released' : 'settled', entryId: p.entryId })));
  await postEntries(trx, now, netSettlements(planned).map((n) => ({ id: n.entryId, kind: ENTRY_KINDS.contractSettled, reference: n.reference, postings: n.legs })));
}

/**
 * The next batch of contracts due at `now` (epoch ms), earliest expiry first, through the
 * partial index of open contracts; on PostgreSQL locked, skipping rows another settler holds.
 */
export function dueContractsQuery(trx: Db, now: number, batchSize: number) {
  const query = trx
    .selectFrom('contracts')
    .select(['id', 'user_id', 'symbol', 'direction', 'amount_minor', 'buy_price_minor', 'rate_bp', 'bought_at', 'expires_at', 'hold_id'])
    .where('status', '=', OPEN_STATUS)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(batchSize);
  return isSqlite(trx) ? query : query.forUpdate().skipLocked();
}

/** One batch in one transaction; returns the rows seen and what it settled. */
async function settleBatch(db: Db, now: number, batchSize: number): Promise<{ seen: number; counts: SettleReport }> {
  return moneyTransaction(db, async (trx) => {
    const rows = await dueContractsQuery(trx, now, batchSize).execute();
    const counts = { settled: 0, won: 0, lost: 0, void: 0 };
    if (!rows.length) return { seen: 0, counts };
    const planned = await closeContracts(trx, now, await plan(trx, rows));
    if (planned.length) await book(trx, now, planned);
    for (const p of planned) {
      counts.settled++;
      counts[p.result.outcome]++;
    }
    return { seen: rows.length, counts };
  });
}

/**
 * Settles every open contract due at `now` (expiry ≤ now); see the module comment.
 * Safe to run in several processes at once and again after a crash.
 * @param db the database (not a transaction: each batch is its own transaction).
 * @param now epoch ms; the background settler passes its clock minus a small lag.
 */
export async function settleDue(db: Db, now: number, options: SettleOptions = {}): Promise<SettleReport> {
  const batchSize = options.batchSize ?? 5000;
  const report: SettleReport = { settled: 0, won: 0, lost: 0, void: 0 };
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const { seen, counts } = await settleBatch(db, now, batchSize);
    report.settled += counts.settled;
    report.won += counts.won;
    report.lost += counts.lost;
    report.void += counts.void;
    if (seen < batchSize) break;
  }
  return report;
}
