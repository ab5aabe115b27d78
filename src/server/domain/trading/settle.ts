/**
 * Exactly-once settlement of up/down contracts (issue 6 "Settlement"; SPEC.md §4, §9).
 *
 * `settleDue(db, now)` settles every open contract with `expires_at <= now`, in batches of
 * one transaction each. Per contract, in that transaction:
 * 1. the settle price is the last tick recorded at or before the expiry instant
 *    (`price_ticks`), never the price when the settler runs; when no tick was recorded after
 *    the buy instant and up to the expiry (the feed or the server was down), the contract is
 *    voided and the stake returned;
 * 2. the contract row moves `open → won | lost | void` by a conditional update (`WHERE status
 *    = 'open'`), so only one settler ever proceeds;
 * 3. its hold is resolved by a conditional update as well, and ONE journal entry
 *    (`contract_settled`, reference = contract id; the unique (kind, reference) index is the
 *    last line of defence) posts: won — held → available (stake) and trading book → available
 *    (profit); lost — held → trading book; void — held → available.
 *
 * Two settlers at once: on PostgreSQL each batch is selected `FOR UPDATE SKIP LOCKED`, so
 * concurrent settlers (several API processes) take disjoint batches; on SQLite transactions
 * are serialized (`BEGIN IMMEDIATE`). A crash rolls the open batch back; the next run (every
 * server runs one at start) settles it with the same recorded prices.
 */
import { settle, type Direction, type Settlement } from '../../../shared/trade.js';
import type { Db } from '../../db/index.js';
import { tradingDb, type ContractsTable } from '../../db/trading-tables.js';
import { newId } from '../ids.js';
import { ENTRY_KINDS, isSqlite, LedgerError, moneyTransaction, postEntry, type PostingInput } from '../ledger/index.js';
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
  /** Contracts per transaction (default 500). */
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

/**
 * Settles one due contract inside the caller's transaction.
 * @param tick the last tick at or before the expiry, or null.
 * @returns the outcome, or null when another settler already settled it.
 * @throws LedgerError when the contract's hold is not open (an inconsistency, never expected).
 */
export async function settleContract(trx: Db, now: number, row: DueRow, tick: PriceTick | null): Promise<Settlement | null> {
  const amountMinor = Number(row.amount_minor);
  const usable = tick && tick.at > Number(row.bought_at) ? tick : null;
  const result = settle(Number(row.direction) as Direction, amountMinor, Number(row.rate_bp), Number(row.buy_price_minor), usable?.priceMinor ?? null);
  const entryId = newId();
  const t = tradingDb(trx);
  const updated = await t
    .updateTable('contracts')
    .set({
      status: result.outcome,
      settle_price_minor: usable?.priceMinor ?? null,
      settle_tick_at: usable?.at ?? null,
      profit_minor: result.profitMinor,
      settle_entry_id: entryId,
      settled_at: now,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (!updated) return null;
  const hold = await trx
    .updateTable('holds')
    .set({ status: result.outcome === 'void' ? 'released' : 'settled', resolved_entry_id: entryId, resolved_at: now })
    .where('id', '=', row.hold_id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (!hold) throw new LedgerError(`contract ${row.id}: hold ${row.hold_id} is not open`);
  await postEntry(trx, now, { id: entryId, kind: ENTRY_KINDS.contractSettled, reference: row.id, postings: settlementPostings(row.user_id, amountMinor, result) });
  return result;
}

/** One batch in one transaction; returns the rows seen and what it settled. */
async function settleBatch(db: Db, now: number, batchSize: number): Promise<{ seen: number; counts: SettleReport }> {
  return moneyTransaction(db, async (trx) => {
    let query = tradingDb(trx)
      .selectFrom('contracts')
      .select(['id', 'user_id', 'symbol', 'direction', 'amount_minor', 'buy_price_minor', 'rate_bp', 'bought_at', 'expires_at', 'hold_id'])
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(batchSize);
    if (!isSqlite(trx)) query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    // Contracts due at the same instant on the same symbol share one tick lookup.
    const ticks = new Map<string, PriceTick | null>();
    const counts = { settled: 0, won: 0, lost: 0, void: 0 };
    for (const row of rows) {
      const key = `${row.symbol}|${row.expires_at}`;
      let tick = ticks.get(key);
      if (tick === undefined) {
        tick = await lastTickAtOrBefore(trx, row.symbol, Number(row.expires_at));
        ticks.set(key, tick);
      }
      const result = await settleContract(trx, now, row, tick);
      if (!result) continue;
      counts.settled++;
      counts[result.outcome]++;
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
  const batchSize = options.batchSize ?? 500;
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
