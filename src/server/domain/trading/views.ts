/**
 * What the investor follows on /position: `order/purchaseDetails` (open contracts
 * with the live price and remaining seconds; holdings with live price, market value and
 * unrealized P/L) and `order/historicalDetails` (settled contracts and sales with realized
 * P/L, newest first), both paged; and the market value of holdings for `purse/getAssets`.
 * Money and prices in currency units; times epoch ms.
 */
import { fromMinor } from '../../../shared/money.js';
import { type PositionsTable } from '../../db/trading-tables.js';
import { OPEN_STATUS } from '../../db/open-status.js';
import type { Market } from '../../market/index.js';
import type { Deps } from '../deps.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import { contractView, type ContractView } from './contracts.js';
import { nameOf, readyFeed, type TradingContext } from './context.js';
import { lockedShares } from '../holdings/index.js';
import { convert, currentFx, type FxRate } from '../fx.js';
import { findEtf } from '../etf/etfs.js';
import { navMinor } from '../etf/catalogue.js';
import { QUOTE_CURRENCY } from '../../../shared/currency.js';

/** An open contract with its live price. */
export interface OpenContractView extends ContractView {
  currentPrice: number | null;
  /** Whole seconds until expiry (rounded up), 0 once due. */
  remainingSeconds: number;
}

/**
 * A holding with live valuation. `averageCost` = cost basis / quantity, to the cent, in the
 * account currency; `lastPrice` in the instrument's currency (INR; an ETF's iNAV); the market
 * value = quantity × last price converted at the current EUR/INR rate.
 */
export interface HoldingView {
  symbol: string;
  name: string;
  quantity: number;
  averageCost: number;
  /** Null when the feed has no price (then the holding is valued at cost). */
  lastPrice: number | null;
  /** Quote currency of `lastPrice` (INR). */
  currency: string;
  /** `lastPrice` converted to the account currency at the current rate (null without price or rate). */
  lastPriceAccount: number | null;
  marketValue: number;
  unrealizedPnl: number;
  /** Unrealized P/L in percent of the cost basis, 2 decimals. */
  unrealizedPnlPercent: number;
  /** Block-bought shares not sellable yet and when the last of them unlocks (epoch ms). */
  lockedQuantity: number;
  lockedUntil: number | null;
}

/** A row of `order/historicalDetails`. */
export interface HistoryItemView {
  id: string;
  type: 'contract' | 'trade';
  symbol: string;
  name: string;
  direction: 1 | 2 | null;
  side: 'sell' | null;
  quantity: number | null;
  /** Contract: the stake; trade: price × quantity. */
  amount: number;
  /** Contract: buy price; trade: sell price. */
  price: number;
  settlePrice: number | null;
  outcome: 'won' | 'lost' | 'void' | null;
  /** Signed realized P/L: the contract's profit, or the sale's proceeds − cost. */
  pnl: number;
  /** Settled or sold at. */
  time: number;
}

/** Body of `order/purchaseDetails`. */
export interface PurchaseDetailsQuery extends PageQuery {
  /** One list; absent: both. */
  type?: 'contracts' | 'holdings';
}

/** `order/purchaseDetails` without a `type`: both lists, each paged with the same page and size. */
export interface BothDetails {
  contracts: Page<OpenContractView>;
  holdings: Page<HoldingView>;
}

const count = (n: { n: number | string } | undefined) => Number(n?.n ?? 0);

/**
 * Prices holdings: a symbol's last price in INR minor units — the feed's for shares
 * and listed IPOs, the iNAV from the basket for ETF units — or null without one, and the rate
 * that converts it to the account currency (null when the feed cannot give one: then holdings
 * are valued at cost).
 */
async function valuation(ctx: { deps: Deps; market: Market }): Promise<{ price: (symbol: string) => number | null; prevClose: (symbol: string) => number | null; fx: FxRate | null }> {
  const feed = await readyFeed(ctx.market).catch(() => null);
  const fx = feed ? await currentFx(ctx.market, ctx.deps.config.money.accountCurrency).catch(() => null) : null;
  const last = (symbol: string) => feed?.quote(symbol)?.last ?? null;
  const previous = (symbol: string) => feed?.quote(symbol)?.prevClose ?? null;
  const priced = (read: (symbol: string) => number | null) => (symbol: string) => {
    const etf = findEtf(ctx.market, symbol);
    return etf ? (feed ? navMinor(etf, read) : null) : read(symbol);
  };
  return { price: priced(last), prevClose: priced(previous), fx };
}

/** The lock of a holding's block-bought shares. */
async function lockOf(ctx: TradingContext, userId: string, symbol: string, now: number): Promise<Pick<HoldingView, 'lockedQuantity' | 'lockedUntil'>> {
  const locked = await lockedShares(ctx.deps.db, userId, symbol, now);
  return { lockedQuantity: locked.quantity, lockedUntil: locked.until };
}

function holdingView(market: Market, row: Pick<PositionsTable, 'symbol' | 'quantity' | 'cost_minor'>, last: number | null, fx: FxRate | null): Omit<HoldingView, 'lockedQuantity' | 'lockedUntil'> {
  const quantity = Number(row.quantity);
  const cost = Number(row.cost_minor);
  const value = valueMinor(row, last, fx);
  const pnl = value - cost;
  return {
    symbol: row.symbol,
    name: nameOf(market, row.symbol),
    quantity,
    averageCost: fromMinor(Math.round(cost / quantity)),
    lastPrice: last === null ? null : fromMinor(last),
    currency: QUOTE_CURRENCY,
    lastPriceAccount: last === null || fx === null ? null : fromMinor(convert(fx, last)),
    marketValue: fromMinor(value),
    unrealizedPnl: fromMinor(pnl),
    unrealizedPnlPercent: cost ? Math.round((pnl / cost) * 10_000) / 100 : 0,
  };
}

/** `order/purchaseDetails`: the caller's open contracts (soonest expiry first) or holdings (by symbol). */
export async function purchaseDetails(ctx: TradingContext, userId: string, query: PurchaseDetailsQuery): Promise<Page<OpenContractView | HoldingView> | BothDetails> {
  if (!query.type) {
    const [contracts, holdings] = await Promise.all([
      purchaseDetails(ctx, userId, { ...query, type: 'contracts' }) as Promise<Page<OpenContractView>>,
      purchaseDetails(ctx, userId, { ...query, type: 'holdings' }) as Promise<Page<HoldingView>>,
    ]);
    return { contracts, holdings };
  }
  const { page, pageSize, offset } = pageOf(query);
  const t = ctx.deps.db;
  const { price, fx } = await valuation(ctx);
  if (query.type === 'holdings') {
    const [rows, total] = await Promise.all([
      t.selectFrom('positions').select(['symbol', 'quantity', 'cost_minor']).where('user_id', '=', userId).orderBy('symbol').limit(pageSize).offset(offset).execute(),
      t.selectFrom('positions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    const now = ctx.deps.clock.now();
    const items = await Promise.all(rows.map(async (row) => ({ ...holdingView(ctx.market, row, price(row.symbol), fx), ...(await lockOf(ctx, userId, row.symbol, now)) })));
    return { items, total: count(total), page, pageSize };
  }
  const now = ctx.deps.clock.now();
  const [rows, total] = await Promise.all([
    openContractsOf(t, userId).selectAll().orderBy('expires_at').orderBy('id').limit(pageSize).offset(offset).execute(),
    openContractsOf(t, userId).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  const items = rows.map((row) => {
    const last = price(row.symbol);
    return { ...contractView(ctx, row), currentPrice: last === null ? null : fromMinor(last), remainingSeconds: Math.max(0, Math.ceil((Number(row.expires_at) - now) / 1000)) };
  });
  return { items, total: count(total), page, pageSize };
}

/** An investor's open contracts, through the partial index `contracts_user_open` (migration 0016). */
export function openContractsOf(db: Deps['db'], userId: string) {
  return db.selectFrom('contracts').where('user_id', '=', userId).where('status', '=', OPEN_STATUS);
}

/** An investor's settled contracts, through the partial index `contracts_user_settled` (migration 0026). */
export function settledContractsOf(db: Deps['db'], userId: string) {
  return db.selectFrom('contracts').where('user_id', '=', userId).where('status', '!=', OPEN_STATUS);
}

/** `order/historicalDetails`: settled contracts and sales, newest first. */
export async function historicalDetails(ctx: TradingContext, userId: string, query: PageQuery): Promise<Page<HistoryItemView>> {
  const { page, pageSize, offset } = pageOf(query);
  const t = ctx.deps.db;
  const take = offset + pageSize;
  const [contracts, sales, contractCount, saleCount] = await Promise.all([
    settledContractsOf(t, userId).selectAll().orderBy('settled_at', 'desc').orderBy('id', 'desc').limit(take).execute(),
    t.selectFrom('trades').selectAll().where('user_id', '=', userId).where('side', '=', 'sell').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take).execute(),
    settledContractsOf(t, userId).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    t.selectFrom('trades').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where('side', '=', 'sell').executeTakeFirst(),
  ]);
  const items: HistoryItemView[] = [
    ...contracts.map((row): HistoryItemView => ({
      id: row.id,
      type: 'contract',
      symbol: row.symbol,
      name: nameOf(ctx.market, row.symbol),
      direction: Number(row.direction) === 1 ? 1 : 2,
      side: null,
      quantity: null,
      amount: fromMinor(Number(row.amount_minor)),
      price: fromMinor(Number(row.buy_price_minor)),
      settlePrice: row.settle_price_minor === null ? null : fromMinor(Number(row.settle_price_minor)),
      outcome: row.status === 'open' ? null : row.status,
      pnl: fromMinor(Number(row.profit_minor ?? 0)),
      time: Number(row.settled_at),
    })),
    ...sales.map((row): HistoryItemView => ({
      id: row.id,
      type: 'trade',
      symbol: row.symbol,
      name: nameOf(ctx.market, row.symbol),
      direction: null,
      side: 'sell',
      quantity: Number(row.quantity),
      amount: fromMinor(Number(row.gross_minor)),
      price: fromMinor(Number(row.price_minor)),
      settlePrice: null,
      outcome: null,
      pnl: fromMinor(Number(row.realized_pnl_minor ?? 0)),
      time: Number(row.created_at),
    })),
  ];
  items.sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
  return { items: items.slice(offset, take), total: count(contractCount) + count(saleCount), page, pageSize };
}

/**
 * A holding's market value in account minor units: quantity × last INR price converted at the
 * rate; the cost basis when there is no price or no rate.
 */
function valueMinor(row: Pick<PositionsTable, 'quantity' | 'cost_minor'>, last: number | null, fx: FxRate | null): number {
  return last === null || fx === null ? Number(row.cost_minor) : convert(fx, last * Number(row.quantity));
}

/** Market value of the user's holdings in account minor units (cost basis for a symbol without a live price). */
export async function positionsValueMinor(deps: Deps, market: Market, userId: string): Promise<number> {
  const rows = await deps.db.selectFrom('positions').select(['symbol', 'quantity', 'cost_minor']).where('user_id', '=', userId).execute();
  if (!rows.length) return 0;
  const { price, fx } = await valuation({ deps, market });
  return rows.reduce((sum, row) => sum + valueMinor(row, price(row.symbol), fx), 0);
}

/**
 * The money picture at the top of /position, in account currency units: what the holdings
 * cost (`invested`), what they are worth now (`currentValue`, at cost without a price), the
 * day's change (quantity × (last − previous close), converted at the current rate) and the
 * unrealized total, each with its percentage (2 decimals; 0 without a base); the realized P/L
 * of all sales and settled contracts.
 */
export interface PortfolioSummary {
  invested: number;
  currentValue: number;
  dayPnl: number;
  dayPnlPercent: number;
  totalPnl: number;
  totalPnlPercent: number;
  realizedPnl: number;
}

const percentOf = (part: number, base: number) => (base ? Math.round((part / base) * 10_000) / 100 : 0);

/** The investor's {@link PortfolioSummary} (holdings valued like `order/purchaseDetails`). */
export async function portfolioSummary(deps: Deps, market: Market, userId: string): Promise<PortfolioSummary> {
  const [rows, sales, contracts] = await Promise.all([
    deps.db.selectFrom('positions').select(['symbol', 'quantity', 'cost_minor']).where('user_id', '=', userId).execute(),
    deps.db.selectFrom('trades').select((eb) => eb.fn.sum<number | string | null>('realized_pnl_minor').as('n')).where('user_id', '=', userId).where('side', '=', 'sell').executeTakeFirst(),
    settledContractsOf(deps.db, userId).select((eb) => eb.fn.sum<number | string | null>('profit_minor').as('n')).executeTakeFirst(),
  ]);
  const { price, prevClose, fx } = rows.length ? await valuation({ deps, market }) : { price: () => null, prevClose: () => null, fx: null };
  let invested = 0;
  let value = 0;
  let day = 0;
  let dayBase = 0;
  for (const row of rows) {
    const last = price(row.symbol);
    const previous = prevClose(row.symbol);
    invested += Number(row.cost_minor);
    const now = valueMinor(row, last, fx);
    value += now;
    if (last !== null && previous !== null && fx !== null) {
      const before = convert(fx, previous * Number(row.quantity));
      day += now - before;
      dayBase += before;
    }
  }
  const realized = Number(sales?.n ?? 0) + Number(contracts?.n ?? 0);
  return {
    invested: fromMinor(invested),
    currentValue: fromMinor(value),
    dayPnl: fromMinor(day),
    dayPnlPercent: percentOf(day, dayBase),
    totalPnl: fromMinor(value - invested),
    totalPnlPercent: percentOf(value - invested, invested),
    realizedPnl: fromMinor(realized),
  };
}
