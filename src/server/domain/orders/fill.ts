/**
 * The matcher of resting orders (docs/trading.md, Orders): a feed tick that reaches an open
 * order's limit (or a stop's trigger) fills the whole quantity at the tick's price — for a
 * limit never worse than the limit — and settles it exactly like a market order
 * (`settleStockBuy` / `settleStockSell` in `trading/stocks.ts`); day orders expire at the
 * session close and release their hold.
 *
 * Exactly once across processes: a fill is claimed by a conditional update
 * (`status = 'open' AND version = v` → `filled`) in the transaction that releases the hold and
 * books the trade, so a second process (or a second pass) matches no row and books nothing; a
 * rolled-back fill leaves the order open. Each process's {@link OrderMatcher} listens to the
 * ticks its feed produces — with several processes only the feed leader ticks, so the leader
 * fills from ticks — and the `orders.match` job (every process, `shared`) also checks every
 * open order against the current price (followers, ETF units, ticks missed while down) and
 * expires due day orders. A fill the money no longer covers (the EUR/INR rate moved) or the
 * shares no longer allow is rejected and its hold released.
 *
 * Prices INR minor units (paise), times epoch ms.
 */
import { fromMinor } from '../../../shared/money.js';
import type { JobSpec } from '../../jobs/runner.js';
import type { Tick } from '../../market/types.js';
import { ordersDb, type OrdersTable } from '../../db/order-tables.js';
import { AppError } from '../errors.js';
import { moneyTransaction } from '../ledger/index.js';
import { etfPrice, findEtf } from '../etf/etfs.js';
import { readyFeed, type TradingContext } from '../trading/context.js';
import { priceStockOrder, settleStockBuy, settleStockSell } from '../trading/stocks.js';
import { crosses } from './rules.js';
import { addOrderEvent, closeOrder, openOrderHold, releaseOrderHold } from './store.js';

/** The matching terms of an open order (market orders are written filled, so only limit and stop orders are open). */
const asTerms = (row: OrdersTable) => ({
  side: row.side,
  orderType: row.order_type === 'stop' ? ('stop' as const) : ('limit' as const),
  limitPriceMinor: row.limit_price_minor === null ? null : Number(row.limit_price_minor),
  triggerPriceMinor: row.trigger_price_minor === null ? null : Number(row.trigger_price_minor),
});

/** Refusals of a fill that reject the order instead of leaving it open. */
const REJECTING = new Set(['insufficientBalance', 'positionInsufficient', 'positionLocked']);

/**
 * Fills one open order at `priceMinor` (the price of the tick that reached it).
 * @param order the row as read; the claim requires its status and version unchanged.
 * @returns `filled` when this call filled it, `rejected` when the money or shares no longer
 *   cover it, `skipped` when the order was no longer open at that version.
 */
export async function fillOrder(ctx: TradingContext, order: OrdersTable, priceMinor: number): Promise<'filled' | 'rejected' | 'skipped'> {
  const priced = await priceStockOrder(ctx, order.symbol, priceMinor, Number(order.quantity), order.side);
  const now = priced.now;
  try {
    const filled = await moneyTransaction(ctx.deps.db, async (trx) => {
      const claimed = await ordersDb(trx)
        .updateTable('orders')
        .set({ status: 'filled', fill_price_minor: priceMinor, filled_at: now, closed_at: now, updated_at: now, hold_id: null, held_minor: 0 })
        .where('id', '=', order.id)
        .where('status', '=', 'open')
        .where('version', '=', Number(order.version))
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      const hold = await openOrderHold(trx, order.id);
      await releaseOrderHold(trx, now, hold?.id ?? null);
      if (order.order_type === 'stop') await addOrderEvent(trx, order.id, 'triggered', now, { price: fromMinor(priceMinor), triggerPrice: fromMinor(Number(order.trigger_price_minor)) });
      const receipt = order.side === 'buy' ? await settleStockBuy(ctx, trx, order.user_id, priced) : await settleStockSell(ctx, trx, order.user_id, priced);
      await ordersDb(trx).updateTable('orders').set({ trade_id: receipt.id }).where('id', '=', order.id).execute();
      await addOrderEvent(trx, order.id, 'filled', now, {
        price: receipt.price, quantity: receipt.quantity, commission: receipt.commission, rate: receipt.rate,
        ...(receipt.side === 'buy' ? { total: receipt.total } : { proceeds: receipt.proceeds }), released: hold ? fromMinor(hold.amountMinor) : 0,
      });
      return true;
    });
    return filled ? 'filled' : 'skipped';
  } catch (error) {
    if (!(error instanceof AppError) || !REJECTING.has(error.errorName)) throw error;
    const rejected = await closeOrder(ctx.deps.db, order.id, 'rejected', now, { price: fromMinor(priceMinor) }, `error.${error.errorName}`);
    return rejected ? 'rejected' : 'skipped';
  }
}

/** The current price of a share (feed) or ETF unit (iNAV) in paise; null while the market is closed or has no price. */
async function currentPrice(ctx: TradingContext, symbol: string): Promise<number | null> {
  try {
    const etf = findEtf(ctx.market, symbol);
    if (etf) return await etfPrice(ctx.market, etf);
    const feed = await readyFeed(ctx.market);
    if (!feed.status().open) return null;
    return feed.quote(symbol)?.last ?? null;
  } catch {
    return null;
  }
}

/** Fills one order at the current price when that price reaches it (after placing or modifying). */
export async function fillIfCrossing(ctx: TradingContext, orderId: string): Promise<void> {
  const row = await ordersDb(ctx.deps.db).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row || row.status !== 'open') return;
  const price = await currentPrice(ctx, row.symbol);
  if (price !== null && crosses(asTerms(row), price)) await fillOrder(ctx, row, price);
}

/** What one matcher pass did. */
export interface MatchReport {
  filled: number;
  expired: number;
  rejected: number;
}

/**
 * Watches the feed's ticks for open orders of this process's book (refreshed from the database
 * on every pass), queues every tick that reaches an order and fills the queue in order.
 */
export class OrderMatcher {
  private book = new Map<string, OrdersTable[]>();
  private queue: Array<{ order: OrdersTable; priceMinor: number }> = [];
  private readonly queued = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(private readonly ctx: TradingContext) {
    this.unsubscribe = ctx.market.feed.subscribeTicks((_second, ticks) => this.onTicks(ticks));
  }

  private onTicks(ticks: readonly Tick[]): void {
    if (!this.book.size) return;
    for (const tick of ticks) {
      const orders = this.book.get(tick.symbol);
      if (!orders) continue;
      for (const order of orders) {
        if (this.queued.has(order.id) || !crosses(asTerms(order), tick.price)) continue;
        this.queued.add(order.id);
        this.queue.push({ order, priceMinor: tick.price });
      }
    }
  }

  /** Reads the open orders of every investor into the book. */
  async refresh(): Promise<OrdersTable[]> {
    const rows = await ordersDb(this.ctx.deps.db).selectFrom('orders').selectAll().where('status', '=', 'open').execute();
    const book = new Map<string, OrdersTable[]>();
    for (const row of rows) book.set(row.symbol, [...(book.get(row.symbol) ?? []), row]);
    this.book = book;
    return rows;
  }

  /** Fills the queued crossings, oldest first. */
  async drain(report: MatchReport): Promise<void> {
    while (this.queue.length) {
      const { order, priceMinor } = this.queue.shift()!;
      try {
        const result = await fillOrder(this.ctx, order, priceMinor);
        if (result === 'filled') report.filled++;
        if (result === 'rejected') report.rejected++;
      } finally {
        this.queued.delete(order.id);
      }
    }
  }

  /**
   * One pass at `now`: due day orders expire; the feed catches up to the clock (its ticks
   * reach the book), the crossings fill; then every open order is checked against the
   * current price.
   */
  async run(now: number): Promise<MatchReport> {
    const report: MatchReport = { filled: 0, expired: 0, rejected: 0 };
    const due = await ordersDb(this.ctx.deps.db).selectFrom('orders').select(['id', 'expires_at']).where('status', '=', 'open').where('expires_at', '<=', now).execute();
    for (const order of due) if (await closeOrder(this.ctx.deps.db, order.id, 'expired', now, { expiresAt: Number(order.expires_at) })) report.expired++;
    if (!this.book.size) await this.refresh();
    await readyFeed(this.ctx.market).catch(() => undefined);
    await this.drain(report);
    const open = await this.refresh();
    const prices = new Map<string, number | null>();
    for (const order of open) {
      if (!prices.has(order.symbol)) prices.set(order.symbol, await currentPrice(this.ctx, order.symbol));
      const price = prices.get(order.symbol);
      if (price === null || price === undefined || !crosses(asTerms(order), price)) continue;
      const result = await fillOrder(this.ctx, order, price);
      if (result === 'filled') report.filled++;
      if (result === 'rejected') report.rejected++;
    }
    if (report.filled || report.rejected) await this.refresh();
    return report;
  }

  /** Stops listening to the feed. */
  stop(): void {
    this.unsubscribe();
  }
}

/**
 * The matcher's job for the JobRunner (`shared`: every process may run it, each fill and
 * expiry happens once): every `ORDER_MATCH_INTERVAL_MS`, and once at start (day orders that
 * expired while the server was down).
 */
export function orderMatchJob(ctx: TradingContext, matcher: OrderMatcher): JobSpec {
  return { name: 'orders.match', everyMs: ctx.deps.config.trading.orders.matchIntervalMs, mode: 'shared', run: (now) => matcher.run(now), atStart: true };
}
