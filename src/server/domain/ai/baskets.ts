/**
 * AI-recommended baskets (docs/product.md, Calls): the models of `model.ts`
 * fitted on the daily history (`history.ts`), stored per model and data day (`ai_baskets`,
 * unique (model, asOf): several processes refitting store one row), refitted by the background
 * job of `job.ts` every `AI_REFIT_HOURS` — reads never fit. Not investment advice; no promised
 * return — the figures are a backtest.
 *
 * `aiRecommend/buy {id, amount}`: per symbol `quantity = floor(amount × weight ÷ price)` whole
 * shares at the current feed price; each line is an ordinary share purchase with brokerage and
 * the statutory charges (docs/trading.md, Charges). Should the charges push the total above the
 * amount, one share at a time is taken off the line with the largest cost until it fits.
 * `invested` = Σ (price × quantity + charges),
 * `leftover = amount − invested` stays available; the balance falls by exactly `invested`.
 */
import { fromMinor } from '../../../shared/money.js';
import { formatMinorMoney } from '../../../shared/format.js';
import { offeringsDb, type AiBasketsTable } from '../../db/offerings-tables.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { pageOf, pageSlice, type Page, type PageQuery } from '../../../shared/page.js';
import { livePrice, nameOf, readyFeed, type TradingContext } from '../trading/context.js';
import { positiveMinor } from '../offerings/common.js';
import { buyTotalMinor, recordShareBuy } from '../holdings/index.js';
import { chargeRatesOf, chargesFields, chargesView, computeCharges, sumCharges, type ChargesFields, type ChargesView } from '../trading/charges.js';
import { OFFERING_ENTRY_KINDS } from '../offerings/entry-kinds.js';
import { convert, currentFx, fxView } from '../fx.js';
import { SAME_CURRENCY_RATE_MINOR } from '../../../shared/currency.js';
import { loadHistory } from './history.js';
import { fit, MODEL_SPECS, type Fit } from './model.js';

/** A stored basket (the public shape minus localized texts). */
export interface StoredBasket {
  model: keyof typeof MODEL_SPECS;
  fit: Fit;
}

/** The refit under way per database (single flight per process and database). */
const refitting = new WeakMap<object, Promise<void>>();

/**
 * Fits every model on the history and stores the baskets (one row per model and data day, the
 * newest `current`; `fitted_at` = `now`, the injected clock's epoch ms). Single-flight per
 * process and database; the job of `job.ts` makes it once per period across processes.
 */
export function refitBaskets(ctx: TradingContext, now = ctx.deps.clock.now()): Promise<void> {
  const running = refitting.get(ctx.deps.db);
  if (running) return running;
  const started = (async () => {
    const data = await loadHistory(ctx.market, ctx.deps.config.offerings.aiDataDir);
    const o = offeringsDb(ctx.deps.db);
    for (const model of Object.keys(MODEL_SPECS) as Array<keyof typeof MODEL_SPECS>) {
      const fitted = fit(data, MODEL_SPECS[model]);
      const id = `${model}-${fitted.asOf}`;
      await o
        .insertInto('ai_baskets')
        .values({ id, model, as_of: fitted.asOf, fitted_at: now, basket_json: JSON.stringify({ model, fit: fitted } satisfies StoredBasket), min_amount_minor: ctx.deps.config.offerings.aiBasketMinAmountMinor, current: 0 })
        .onConflict((oc) => oc.columns(['model', 'as_of']).doUpdateSet({ fitted_at: now }))
        .execute();
      await o.updateTable('ai_baskets').set({ current: 0 }).where('model', '=', model).where('id', '!=', id).execute();
      await o.updateTable('ai_baskets').set({ current: 1 }).where('id', '=', id).execute();
    }
  })().finally(() => {
    refitting.delete(ctx.deps.db);
  });
  refitting.set(ctx.deps.db, started);
  return started;
}

/** Epoch ms of the newest stored fit, null when no basket is stored. */
export async function lastFittedAt(ctx: TradingContext): Promise<number | null> {
  const newest = await offeringsDb(ctx.deps.db).selectFrom('ai_baskets').select((eb) => eb.fn.max('fitted_at').as('at')).executeTakeFirst();
  return newest?.at === null || newest?.at === undefined ? null : Number(newest.at);
}

/** Translates a message id with values. */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** A basket as `aiRecommend/page` answers it (figures as fractions, e.g. 0.12 = 12 %). */
export interface BasketView {
  id: string;
  name: string;
  description: string;
  method: string;
  asOf: string;
  symbols: Array<{ symbol: string; name: string; weight: number; reason: string }>;
  backtest: { from: string; to: string; cagr: number; maxDrawdown: number; hitRate: number; benchmarkCagr: number; benchmarkMaxDrawdown: number; periods: number };
  riskLevel: 'low' | 'medium' | 'high';
  minAmount: number;
  disclaimer: string;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function basketView(ctx: TradingContext, row: AiBasketsTable, t: Translate): BasketView {
  const { model, fit: f } = JSON.parse(row.basket_json) as StoredBasket;
  const b = f.backtest;
  return {
    id: row.id,
    name: t(`ai.${model}.name`),
    description: t(`ai.${model}.description`),
    method: t(`ai.${model}.method`, { lookback: f.lookback, skip: f.skip, hold: f.holdDays, picks: f.picks.length, trainFrom: f.training.from, trainTo: f.training.to, testFrom: b.from, testTo: b.to }),
    asOf: f.asOf,
    symbols: f.picks.map((p) => ({
      symbol: p.symbol, name: nameOf(ctx.market, p.symbol), weight: p.weightBp / 10_000,
      reason: t(`ai.${model}.reason`, { lookback: f.lookback, skip: f.skip, value: round4(p.feature) }),
    })),
    backtest: { from: b.from, to: b.to, cagr: round4(b.cagr), maxDrawdown: round4(b.maxDrawdown), hitRate: round4(b.hitRate), benchmarkCagr: round4(b.benchmarkCagr), benchmarkMaxDrawdown: round4(b.benchmarkMaxDrawdown), periods: b.periods },
    riskLevel: b.volatility < 0.15 ? 'low' : b.volatility < 0.25 ? 'medium' : 'high',
    minAmount: fromMinor(Number(row.min_amount_minor)),
    disclaimer: t('ai.disclaimer'),
  };
}

/** The current baskets, paged. */
export async function basketPage(ctx: TradingContext, query: PageQuery, t: Translate): Promise<Page<BasketView>> {
  const rows = await offeringsDb(ctx.deps.db).selectFrom('ai_baskets').selectAll().where('current', '=', 1).orderBy('model').execute();
  const { items, ...page } = pageSlice(rows, query);
  return { items: items.map((r) => basketView(ctx, r as AiBasketsTable, t)), ...page };
}

/**
 * One current basket with its symbols also as `items` (for list blocks).
 * @throws AppError `basketNotFound`.
 */
export async function basketDetail(ctx: TradingContext, id: string, t: Translate): Promise<BasketView & { items: BasketView['symbols']; total: number }> {
  const row = await offeringsDb(ctx.deps.db).selectFrom('ai_baskets').selectAll().where('id', '=', id).where('current', '=', 1).executeTakeFirst();
  if (!row) throw new AppError('basketNotFound');
  const view = basketView(ctx, row as AiBasketsTable, t);
  return { ...view, items: view.symbols, total: view.symbols.length };
}

/**
 * Answer of `aiRecommend/buy` (currency units): each order with its cost (`amount`) and its
 * charges in the account currency; `charges` / `chargesInr` the lines' breakdowns summed.
 */
export interface BasketReceipt extends ChargesFields {
  id: string;
  orders: Array<{ symbol: string; quantity: number; price: number; amount: number; charges: ChargesView }>;
  /** Σ price × quantity + charges over the orders. */
  invested: number;
  /** amount − invested; stays available. */
  leftover: number;
}

/** A basket order split into whole shares per stock at live prices (see the module comment). */
async function planBasket(ctx: TradingContext, input: { id: string; amount: number }) {
  const { deps } = ctx;
  const rates = chargeRatesOf(deps.config.trading);
  const row = await offeringsDb(deps.db).selectFrom('ai_baskets').selectAll().where('id', '=', input.id).where('current', '=', 1).executeTakeFirst();
  if (!row) throw new AppError('basketNotFound');
  const amountMinor = positiveMinor(input.amount);
  if (amountMinor < Number(row.min_amount_minor)) throw new AppError('basketBelowMinimum', { min: formatMinorMoney(Number(row.min_amount_minor)) });
  const { fit: f } = JSON.parse(row.basket_json) as StoredBasket;
  const lines: Array<{ symbol: string; weightBp: number; priceMinor: number; quantity: number }> = [];
  // Prices are INR, the amount is account money: floor(amount × rate × weight / price).
  const fx = await currentFx(ctx.market, deps.config.money.accountCurrency);
  for (const p of f.picks) {
    const { priceMinor } = await livePrice(ctx.market, p.symbol);
    lines.push({ symbol: p.symbol, weightBp: p.weightBp, priceMinor, quantity: Math.floor((amountMinor * fx.rateMinor * p.weightBp) / (10_000 * priceMinor * SAME_CURRENCY_RATE_MINOR)) });
  }
  const total = () => lines.reduce((s, l) => s + (l.quantity ? buyTotalMinor(l.priceMinor, l.quantity, rates, fx.rateMinor) : 0), 0);
  while (total() > amountMinor) {
    const largest = lines.filter((l) => l.quantity > 0).sort((a, b) => b.priceMinor * b.quantity - a.priceMinor * a.quantity)[0]!;
    largest.quantity--;
  }
  if (!lines.some((l) => l.quantity > 0)) throw new AppError('basketAmountTooSmall');
  return { basketId: row.id, amountMinor, lines: lines.filter((l) => l.quantity > 0), now: deps.clock.now(), fx };
}

/**
 * Answer of `aiRecommend/quote`: the basket ticket before confirming; `charges` / `chargesInr`
 * the lines' breakdowns summed (docs/trading.md, Charges).
 */
export interface BasketQuoteView extends ChargesFields {
  /** One line per stock bought: shares, INR price, cost with every charge and the charges, account currency. */
  lines: Array<{ symbol: string; name: string; quantity: number; price: number; amount: number; charges: ChargesView }>;
  /** The amount asked for, currency units. */
  amount: number;
  /** Σ line costs: what the order takes from the available balance. */
  invested: number;
  /** Every charge of every line (brokerage included), account currency. */
  chargesTotal: number;
  /** amount − invested: what stays available. */
  leftover: number;
  currency: string;
  accountCurrency: string;
  /** INR per account-currency unit. */
  rate: number;
}

/**
 * `aiRecommend/quote {id, amount}`: the shares per stock and the leftover the order would
 * buy now, split exactly as {@link buyBasket} splits it.
 * @throws AppError as {@link buyBasket} before the ledger.
 */
export async function quoteBasket(ctx: TradingContext, input: { id: string; amount: number }): Promise<BasketQuoteView> {
  const plan = await planBasket(ctx, input);
  const rates = chargeRatesOf(ctx.deps.config.trading);
  const lines = plan.lines.map((l) => {
    const grossMinor = convert(plan.fx, l.priceMinor * l.quantity);
    const charges = computeCharges({ side: 'buy', turnoverInrMinor: l.priceMinor * l.quantity, grossAccountMinor: grossMinor, fxRateMinor: plan.fx.rateMinor }, rates);
    return { symbol: l.symbol, name: nameOf(ctx.market, l.symbol), quantity: l.quantity, price: fromMinor(l.priceMinor), costMinor: grossMinor + charges.account.total, charges };
  });
  const investedMinor = lines.reduce((sum, l) => sum + l.costMinor, 0);
  const charges = sumCharges(lines.map((l) => l.charges));
  return {
    ...chargesFields(charges),
    chargesTotal: fromMinor(charges.account.total),
    lines: lines.map(({ costMinor, charges, ...l }) => ({ ...l, amount: fromMinor(costMinor), charges: chargesView(charges.account) })),
    amount: fromMinor(plan.amountMinor),
    invested: fromMinor(investedMinor),
    leftover: fromMinor(plan.amountMinor - investedMinor),
    ...fxView(plan.fx),
  };
}

/**
 * Buys a basket for `amount`.
 * @throws AppError `basketNotFound` (also a basket replaced by a newer fit), `amountInvalid`,
 *   `basketBelowMinimum`, `marketClosed`, `basketAmountTooSmall` (no whole share at all),
 *   `insufficientBalance`, `idempotencyMismatch`.
 */
export async function buyBasket(ctx: TradingContext, userId: string, input: { id: string; amount: number }, idempotency: IdempotencyRequest | null): Promise<BasketReceipt> {
  const { deps } = ctx;
  const prepare = () => planBasket(ctx, input);
  const bps = deps.config.trading.commissionBasisPoints;
  return runIdempotent(deps, userId, idempotency, prepare, async (trx, order) => {
    const id = newId();
    const o = offeringsDb(trx);
    let invested = 0;
    const bought = [];
    for (const line of order.lines) {
      const buy = await recordShareBuy(trx, order.now, {
        userId, symbol: line.symbol, priceMinor: line.priceMinor, quantity: line.quantity, commissionBps: bps, entryKind: OFFERING_ENTRY_KINDS.basketBought, fxRateMinor: order.fx.rateMinor,
        charges: chargeRatesOf(deps.config.trading),
      });
      invested += buy.totalMinor;
      bought.push({ ...line, commissionMinor: buy.commissionMinor, tradeId: buy.tradeId, totalMinor: buy.totalMinor, charges: buy.charges! });
    }
    await o.insertInto('basket_orders').values({ id, user_id: userId, basket_id: order.basketId, amount_minor: order.amountMinor, invested_minor: invested, leftover_minor: order.amountMinor - invested, created_at: order.now }).execute();
    await o
      .insertInto('basket_order_lines')
      .values(bought.map((l) => ({ order_id: id, symbol: l.symbol, weight_bp: l.weightBp, quantity: l.quantity, price_minor: l.priceMinor, commission_minor: l.commissionMinor, trade_id: l.tradeId })))
      .execute();
    return {
      id, orders: bought.map((l) => ({ symbol: l.symbol, quantity: l.quantity, price: fromMinor(l.priceMinor), amount: fromMinor(l.totalMinor), charges: chargesView(l.charges.account) })),
      ...chargesFields(sumCharges(bought.map((l) => l.charges))), invested: fromMinor(invested), leftover: fromMinor(order.amountMinor - invested), ...fxView(order.fx),
    };
  });
}

/** A row of `aiRecommendRecord/page` (currency units). */
export interface BasketOrderView {
  id: string;
  basketId: string;
  name: string;
  amount: number;
  invested: number;
  leftover: number;
  /** Σ current price × quantity (null when the feed has no price). */
  currentValue: number | null;
  /** currentValue − invested. */
  pnl: number | null;
  orders: Array<{ symbol: string; quantity: number; price: number; lastPrice: number | null }>;
  createdAt: number;
}

/** My basket orders, newest first, paged. */
export async function basketOrders(ctx: TradingContext, userId: string, query: PageQuery, t: Translate): Promise<Page<BasketOrderView>> {
  const { page, pageSize, offset } = pageOf(query);
  const o = offeringsDb(ctx.deps.db);
  const feed = await readyFeed(ctx.market).catch(() => null);
  const fx = feed ? await currentFx(ctx.market, ctx.deps.config.money.accountCurrency).catch(() => null) : null;
  const count = await o.selectFrom('basket_orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  const rows = await o
    .selectFrom('basket_orders')
    .innerJoin('ai_baskets', 'ai_baskets.id', 'basket_orders.basket_id')
    .selectAll('basket_orders')
    .select('ai_baskets.model')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('basket_orders.id')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const lines = rows.length ? await o.selectFrom('basket_order_lines').selectAll().where('order_id', 'in', rows.map((r) => r.id)).orderBy('symbol').execute() : [];
  const items = rows.map((r) => {
    const mine = lines.filter((l) => l.order_id === r.id);
    let value: number | null = 0;
    const orders = mine.map((l) => {
      const last = feed?.quote(l.symbol)?.last ?? null;
      value = value === null || last === null ? null : value + last * Number(l.quantity);
      return { symbol: l.symbol, quantity: Number(l.quantity), price: fromMinor(Number(l.price_minor)), lastPrice: last === null ? null : fromMinor(last) };
    });
    // The INR value converts at the current EUR/INR rate.
    const v = value === null || fx === null ? null : convert(fx, value as number);
    return {
      id: r.id, basketId: r.basket_id, name: t(`ai.${r.model}.name`), amount: fromMinor(Number(r.amount_minor)), invested: fromMinor(Number(r.invested_minor)), leftover: fromMinor(Number(r.leftover_minor)),
      currentValue: v === null ? null : fromMinor(v), pnl: v === null ? null : fromMinor(v - Number(r.invested_minor)), orders, createdAt: Number(r.created_at),
    };
  });
  return { items, total: Number(count?.n ?? 0), page, pageSize };
}
