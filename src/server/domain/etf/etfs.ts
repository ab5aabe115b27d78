/**
 * ETF calls: `etf/page` (the funds with NAV/iNAV, change, expense ratio and
 * basket), `etf/buy` (whole units at the current iNAV, commission as for stocks, one ledger
 * entry like a share buy) and `etfOrder/page` (my ETF orders). Units are positions like shares:
 * they show in holdings and are sold with `order/sell` (which prices an ETF by {@link etfPrice}).
 * Money in currency units.
 */
import { fromMinor } from '../../../shared/money.js';
import type { Market } from '../../market/index.js';
import { AppError } from '../errors.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS } from '../ledger/index.js';
import { recordShareBuy } from '../holdings/index.js';
import { recordMarketOrder } from '../orders/store.js';
import { chargeRatesOf, chargesFields, type ChargesView } from '../trading/charges.js';
import { pageOf, pageSlice, type Page, type PageQuery } from '../../../shared/page.js';
import { readyFeed, type TradingContext } from '../trading/context.js';
import { etfsOf, findEtf, navMinor, type Etf } from './catalogue.js';
import { convert, currentFx, fxView, type FxView } from '../fx.js';

// The catalogue's lookups, re-exported for the order and view modules.
export { etfsOf, findEtf };

/**
 * The live price (iNAV) of an ETF in minor units; refuses while the market is closed.
 * @throws AppError `marketUnavailable`, `marketClosed`.
 */
export async function etfPrice(market: Market, etf: Etf): Promise<number> {
  const feed = await readyFeed(market);
  if (!feed.status().open) throw new AppError('marketClosed');
  return navMinor(etf, (s) => feed.quote(s)?.last ?? null);
}

/** One ETF in `etf/page`. */
export interface EtfView {
  symbol: string;
  name: string;
  /** NAV per unit (the iNAV during the session), currency units. */
  nav: number;
  /** Against the NAV at the constituents' previous closes. */
  change: number;
  changePct: number;
  /** Annual expense ratio, e.g. 0.0005. */
  expenseRatio: number;
  benchmark: string;
  /** Constituents with weights (0–1), largest first; `label` e.g. `HDFCBANK 33.31 %`. */
  holdings: Array<{ symbol: string; weight: number; label: string }>;
}

/** `etf/page {page?, pageSize?}`. */
export async function etfPage(ctx: TradingContext, query: PageQuery): Promise<Page<EtfView>> {
  const { items, ...page } = pageSlice(etfsOf(ctx.market), query);
  return { items: await views(ctx, items), ...page };
}

/**
 * `etf/details {symbol}`: one fund (the ETF screen's detail).
 * @throws AppError `unknownSymbol`.
 */
export async function etfDetails(ctx: TradingContext, symbol: string): Promise<EtfView> {
  const etf = findEtf(ctx.market, symbol);
  if (!etf) throw new AppError('unknownSymbol', { symbol: String(symbol ?? '').slice(0, 24) });
  return (await views(ctx, [etf]))[0]!;
}

async function views(ctx: TradingContext, etfs: Etf[]): Promise<EtfView[]> {
  const feed = await readyFeed(ctx.market).catch(() => null);
  return etfs.map((etf) => {
    const nav = navMinor(etf, (s) => feed?.quote(s)?.last ?? null);
    const prev = navMinor(etf, (s) => feed?.quote(s)?.prevClose ?? null);
    return {
      symbol: etf.symbol, name: etf.name, nav: fromMinor(nav), change: fromMinor(nav - prev), changePct: prev ? Math.round(((nav - prev) / prev) * 10_000) / 100 : 0,
      expenseRatio: etf.expenseRatio, benchmark: etf.benchmark, holdings: etf.basket.map((l) => ({ symbol: l.symbol, weight: Math.round(l.weight * 10_000) / 10_000, label: `${l.symbol} ${(Math.round(l.weight * 10_000) / 100).toFixed(2)} %` })),
    };
  });
}

/** Answer of `etf/buy`, currency units: `price` (the iNAV) in INR, money in the account currency. */
export interface EtfBuyReceipt extends FxView {
  id: string;
  symbol: string;
  price: number;
  quantity: number;
  commission: number;
  /** Debited in the account currency: price × quantity converted at `rate`, + every charge. */
  amount: number;
  /** The breakdown (docs/trading.md, Charges). */
  charges: ChargesView;
  chargesInr: ChargesView;
}

/**
 * Buys whole ETF units at the current iNAV: one entry available → securities settlement
 * (gross) and → fee revenue (commission); the units join the position.
 * @throws AppError `unknownSymbol`, `quantityInvalid`, `marketClosed`, `marketUnavailable`,
 *   `insufficientBalance`, `idempotencyMismatch`.
 */
export async function buyEtf(ctx: TradingContext, userId: string, input: { symbol: string; quantity: number }, idempotency: IdempotencyRequest | null): Promise<EtfBuyReceipt> {
  return runIdempotent(
    ctx.deps,
    userId,
    idempotency,
    async () => {
      const etf = findEtf(ctx.market, input.symbol);
      if (!etf) throw new AppError('unknownSymbol', { symbol: String(input.symbol ?? '').slice(0, 24) });
      const q = input.quantity;
      if (!Number.isInteger(q) || q < 1 || q > 1_000_000) throw new AppError('quantityInvalid');
      const priceMinor = await etfPrice(ctx.market, etf);
      // The iNAV is INR; the gross converts at the feed's EUR/INR rate.
      const fx = await currentFx(ctx.market, ctx.deps.config.money.accountCurrency);
      return { etf, priceMinor, quantity: q, now: ctx.deps.clock.now(), fx };
    },
    async (trx, o) => {
      const buy = await recordShareBuy(trx, o.now, {
        userId,
        symbol: o.etf.symbol,
        priceMinor: o.priceMinor,
        quantity: o.quantity,
        commissionBps: ctx.deps.config.trading.commissionBasisPoints,
        entryKind: ENTRY_KINDS.stockBought,
        fxRateMinor: o.fx.rateMinor,
        charges: chargeRatesOf(ctx.deps.config.trading),
      });
      const receipt = { id: buy.tradeId, symbol: o.etf.symbol, price: fromMinor(o.priceMinor), quantity: o.quantity, commission: fromMinor(buy.commissionMinor), amount: fromMinor(buy.totalMinor), ...chargesFields(buy.charges), ...fxView(o.fx) };
      // A market buy of units: in the order book too, already filled.
      await recordMarketOrder(trx, o.now, {
        userId, symbol: o.etf.symbol, side: 'buy', quantity: o.quantity, priceMinor: o.priceMinor, tradeId: buy.tradeId,
        fill: { price: receipt.price, commission: receipt.commission, rate: receipt.rate, total: receipt.amount },
      });
      return receipt;
    },
  );
}

/** `etfOrder/page {page?, pageSize?}`: my ETF orders (buys and sells), newest first. */
export async function etfOrders(ctx: TradingContext, userId: string, query: PageQuery) {
  const { page, pageSize, offset } = pageOf(query);
  const symbols = etfsOf(ctx.market).map((e) => e.symbol);
  const t = ctx.deps.db;
  const [rows, count] = await Promise.all([
    t.selectFrom('trades').selectAll().where('user_id', '=', userId).where('symbol', 'in', symbols).orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset(offset).execute(),
    t.selectFrom('trades').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where('symbol', 'in', symbols).executeTakeFirstOrThrow(),
  ]);
  const nameOf = new Map(etfsOf(ctx.market).map((e) => [e.symbol, e.name]));
  return {
    items: rows.map((r) => ({
      id: r.id, symbol: r.symbol, name: nameOf.get(r.symbol) ?? r.symbol, side: r.side, quantity: Number(r.quantity), price: fromMinor(Number(r.price_minor)),
      commission: fromMinor(Number(r.commission_minor)), amount: fromMinor(Number(r.net_minor)), createdAt: Number(r.created_at),
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}
