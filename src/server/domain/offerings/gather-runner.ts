/**
 * Executes due gather tranches: exactly once per tranche, on any number of
 * server processes and across restarts. Each tranche is claimed by one conditional update
 * (`done = n → n + 1` while `running`) in the transaction that moves its money, backed by the
 * primary key of `gather_fills` (participation, tranche): a second process's claim matches no
 * row, a rolled-back tranche leaves it due. A tranche missed while every server was down runs
 * on the first pass after start; later ones follow one interval apart from then.
 *
 * Tranche n (0-based) of R remaining with `held` still held: budget = held − (R − 1) ×
 * ⌊amount ÷ tranches⌋ (the last tranche: all of it), whole shares at the feed price including
 * brokerage and the statutory charges (`affordableQuantity`; docs/trading.md, Charges). A buying tranche releases the hold, records the buy and
 * re-holds the rest as the next tranche's hold; after the last tranche nothing is re-held —
 * the remainder is released. While the market is closed nothing runs (tranches stay due).
 */
import type { JobSpec } from '../../jobs/runner.js';
import { offeringsDb, type GatherParticipationsTable } from '../../db/offerings-tables.js';
import { AppError } from '../errors.js';
import { moneyTransaction } from '../ledger/index.js';
import { livePrice, type TradingContext } from '../trading/context.js';
import { holdGather, releaseGather } from './gather.js';
import { affordableQuantity, recordShareBuy } from '../holdings/index.js';
import { OFFERING_ENTRY_KINDS } from './entry-kinds.js';
import { currentFx } from '../fx.js';
import { chargeRatesOf } from '../trading/charges.js';

/** What one pass did. */
export interface GatherReport {
  /** Tranches executed (including ones that bought no share). */
  executed: number;
  /** Tranches left due because the market was closed or unavailable. */
  deferred: number;
}

/** The budget of the next tranche in minor units. */
export function trancheBudget(p: Pick<GatherParticipationsTable, 'amount_minor' | 'tranches' | 'done' | 'held_minor'>): number {
  const remaining = Number(p.tranches) - Number(p.done);
  const base = Math.floor(Number(p.amount_minor) / Number(p.tranches));
  return remaining <= 1 ? Number(p.held_minor) : Math.max(0, Number(p.held_minor) - (remaining - 1) * base);
}

/**
 * Runs one tranche of one participation at `now` with the feed price `priceMinor`.
 * @returns false when another process already ran it (or the participation ended).
 */
export async function runTranche(ctx: TradingContext, snapshot: GatherParticipationsTable, priceMinor: number, now: number): Promise<boolean> {
  const bps = ctx.deps.config.trading.commissionBasisPoints;
  const rates = chargeRatesOf(ctx.deps.config.trading);
  // The feed price is INR; the tranche's account money buys at the EUR/INR rate.
  const fx = await currentFx(ctx.market, ctx.deps.config.money.accountCurrency);
  return moneyTransaction(ctx.deps.db, async (trx) => {
    const o = offeringsDb(trx);
    const interval = Number(snapshot.interval_s) * 1000;
    const claimed = await o
      .updateTable('gather_participations')
      .set({ done: Number(snapshot.done) + 1, next_due_at: Math.max(Number(snapshot.next_due_at) + interval, now + interval) })
      .where('id', '=', snapshot.id)
      .where('status', '=', 'running')
      .where('done', '=', Number(snapshot.done))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return false;
    const p = { ...claimed, done: Number(snapshot.done) } as GatherParticipationsTable;
    const tranche = Number(p.done);
    const last = tranche + 1 >= Number(p.tranches);
    const held = Number(p.held_minor);
    const quantity = affordableQuantity(trancheBudget(p), priceMinor, rates, fx.rateMinor);
    let heldAfter = held;
    let holdId = p.hold_id;
    let invested = Number(p.invested_minor);
    let fill = { gross: 0, commission: 0, tradeId: null as string | null };
    if (quantity > 0 || last) {
      if (holdId) await releaseGather(trx, now, holdId);
      holdId = null;
      if (quantity > 0) {
        const buy = await recordShareBuy(trx, now, { userId: p.user_id, symbol: p.symbol, priceMinor, quantity, commissionBps: bps, entryKind: OFFERING_ENTRY_KINDS.gatherFilled, fxRateMinor: fx.rateMinor, charges: rates });
        fill = { gross: buy.grossMinor, commission: buy.commissionMinor, tradeId: buy.tradeId };
        heldAfter = held - buy.totalMinor;
        invested += buy.totalMinor;
      }
      if (last) heldAfter = 0;
      else if (heldAfter > 0) holdId = await holdGather(trx, now, p.user_id, p.id, tranche + 1, heldAfter);
    }
    await o
      .insertInto('gather_fills')
      .values({ participation_id: p.id, tranche, at: now, price_minor: priceMinor, quantity, gross_minor: fill.gross, commission_minor: fill.commission, trade_id: fill.tradeId })
      .execute();
    await o
      .updateTable('gather_participations')
      .set({ hold_id: holdId, held_minor: heldAfter, invested_minor: invested, ...(last ? { status: 'completed' as const, ended_at: now } : {}) })
      .where('id', '=', p.id)
      .execute();
    return true;
  });
}

/**
 * One pass at `now`: every running participation whose next tranche is due runs that tranche.
 * @param batch at most this many participations per pass.
 */
export async function runDueTranches(ctx: TradingContext, now: number, batch = 500): Promise<GatherReport> {
  const due = await offeringsDb(ctx.deps.db)
    .selectFrom('gather_participations')
    .selectAll()
    .where('status', '=', 'running')
    .where('next_due_at', '<=', now)
    .orderBy('next_due_at')
    .limit(batch)
    .execute();
  const report: GatherReport = { executed: 0, deferred: 0 };
  const prices = new Map<string, number | null>();
  for (const row of due as GatherParticipationsTable[]) {
    if (!prices.has(row.symbol)) {
      try {
        prices.set(row.symbol, (await livePrice(ctx.market, row.symbol)).priceMinor);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        prices.set(row.symbol, null);
      }
    }
    const price = prices.get(row.symbol);
    if (price === null || price === undefined) {
      report.deferred++;
      continue;
    }
    if (await runTranche(ctx, row, price, now)) report.executed++;
  }
  return report;
}

/**
 * The gather job for the JobRunner (`shared`: tranches are claimed one by one): a pass at start
 * (tranches missed while the server was down), then — only with a running clock, never a
 * test's ManualClock — every `GATHER_INTERVAL_MS`.
 */
export function gatherJob(ctx: TradingContext): JobSpec {
  return { name: 'offerings.gather', everyMs: ctx.deps.config.offerings.gatherIntervalMs, mode: 'shared', run: (now) => runDueTranches(ctx, now), atStart: true };
}
