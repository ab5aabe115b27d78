/**
 * Stock orders at market: `order/purchase` with `kind: "stock"` and
 * `order/sell`, executed at the feed's current price; commission `COMMISSION_BPS` of the gross
 * on both sides, truncated to the cent (`commissionMinor` in `shared/trade.ts`), and the
 * statutory charges (`charges.ts`, docs/trading.md, Charges) each booked to its own house account.
 *
 * The holdings module books them (`recordShareBuy`, `recordShareSale`): one journal entry per
 * order, the position and a `trades` row. A sale takes the sold shares' share of the cost basis
 * (rounded to the cent, halves up; all of it when the position closes) and realizes
 * `proceeds − cost of the shares sold`.
 *
 * Prices are INR (the instrument's quote currency); gross, commission, cost basis and
 * P/L are account-currency money, the gross converted at the feed's EUR/INR rate of the order.
 */
import { fromMinor } from '../../../shared/money.js';
import { commissionMinor } from '../../../shared/trade.js';
import type { Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS } from '../ledger/index.js';
import { livePrice, type TradingContext } from './context.js';
import { etfPrice, findEtf } from '../etf/etfs.js';
import { recordShareBuy, recordShareSale } from '../holdings/index.js';
import { convert, currentFx, fxView, type FxView } from '../fx.js';
import { chargeRatesOf, chargesFields, computeCharges, type ChargesFields } from './charges.js';
import { recordMarketOrder } from '../orders/store.js';


/** Body of `order/purchase` for shares, and of `order/sell`. */
export interface StockOrderInput {
  symbol: string;
  /** Whole shares ≥ 1. */
  quantity?: number;
}

/**
 * Answer of a buy: `price` in the instrument's currency (INR), the money in the account
 * currency converted at `rate`.
 */
export interface StockBuyReceipt extends FxView, ChargesFields {
  id: string;
  symbol: string;
  side: 'buy';
  quantity: number;
  price: number;
  commission: number;
  /** Debited: price × quantity + commission + statutory charges. */
  total: number;
}

/** Answer of a sell: `price` in INR, money in the account currency at `rate`. */
export interface StockSellReceipt extends FxView, ChargesFields {
  id: string;
  symbol: string;
  side: 'sell';
  quantity: number;
  price: number;
  commission: number;
  /** Credited: price × quantity − commission − statutory charges. */
  proceeds: number;
  /** Proceeds − cost basis of the shares sold. */
  realizedPnl: number;
}

/** Body of `order/quote`. */
export interface OrderQuoteInput extends StockOrderInput {
  /** Default `buy`. */
  side?: 'buy' | 'sell';
}

/**
 * Answer of `order/quote`: the ticket's figures before confirming, in currency units.
 * `price` and `grossQuote` in the instrument's currency (INR); `amount` (the gross converted at
 * `rate`), `commission` and `total` in the account currency.
 */
export interface OrderQuoteView extends FxView, ChargesFields {
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  /** price × quantity in INR. */
  grossQuote: number;
  /** grossQuote converted to the account currency. */
  amount: number;
  /** Brokerage, account currency (equals `charges.brokerage`). */
  commission: number;
  /** The ticket's rows of the breakdown, account currency. */
  stt: number;
  exchangeCharge: number;
  sebiFee: number;
  stampDuty: number;
  gst: number;
  /** Every charge including brokerage: account currency, and rupees. */
  chargesTotal: number;
  chargesTotalInr: number;
  /** Buy: amount + charges (debited); sell: amount − charges (credited). */
  total: number;
}

/**
 * Prices an order without placing it, exactly as `order/purchase` / `order/sell` would now.
 * @throws AppError `unknownSymbol`, `symbolNotTradable`, `quantityInvalid`, `marketClosed`, `marketUnavailable`.
 */
export async function quoteOrder(ctx: TradingContext, input: OrderQuoteInput): Promise<OrderQuoteView> {
  const order = await prepare(ctx, input, input.side === 'sell' ? 'sell' : 'buy');
  const side = input.side === 'sell' ? 'sell' : 'buy';
  const charges = computeCharges({ side, turnoverInrMinor: order.priceMinor * order.quantity, grossAccountMinor: order.grossMinor, fxRateMinor: order.fx.rateMinor }, chargeRatesOf(ctx.deps.config.trading));
  const c = charges.account;
  const total = side === 'buy' ? order.grossMinor + c.total : order.grossMinor - c.total;
  return {
    symbol: order.symbol, side, quantity: order.quantity, price: fromMinor(order.priceMinor), grossQuote: fromMinor(order.priceMinor * order.quantity),
    amount: fromMinor(order.grossMinor), commission: fromMinor(c.brokerage), stt: fromMinor(c.stt), exchangeCharge: fromMinor(c.exchangeCharge), sebiFee: fromMinor(c.sebiFee),
    stampDuty: fromMinor(c.stampDuty), gst: fromMinor(c.gst), chargesTotal: fromMinor(c.total), chargesTotalInr: fromMinor(charges.inr.total), total: fromMinor(total),
    ...chargesFields(charges), ...fxView(order.fx),
  };
}

/** Priced, validated order (outside the transaction). */
async function prepare(ctx: TradingContext, input: StockOrderInput, side: 'buy' | 'sell') {
  // ETF units are priced from their basket (iNAV); everything else by the feed.
  const etf = findEtf(ctx.market, input.symbol);
  const { instrument, priceMinor } = etf ? { instrument: { symbol: etf.symbol, kind: 'equity' as const }, priceMinor: await etfPrice(ctx.market, etf) } : await livePrice(ctx.market, input.symbol);
  if (instrument.kind !== 'equity') throw new AppError('symbolNotTradable', { symbol: instrument.symbol });
  return priceStockOrder(ctx, instrument.symbol, priceMinor, input.quantity, side);
}

/** A priced, validated stock order as {@link settleStockBuy} and {@link settleStockSell} take it. */
export type PricedStockOrder = Awaited<ReturnType<typeof priceStockOrder>>;

/**
 * Prices `quantity` shares of `symbol` at `priceMinor` (INR paise): the gross converted to the
 * account currency at the feed's EUR/INR rate and the commission — a market order at the feed
 * price, or a resting order at the price of the tick that fills it.
 * @throws AppError `quantityInvalid`.
 */
export async function priceStockOrder(ctx: TradingContext, symbol: string, priceMinor: number, quantity: number | undefined, side: 'buy' | 'sell') {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000) throw new AppError('quantityInvalid');
  // The price is INR; the gross is converted to the account currency at the feed's
  // EUR/INR rate (none for an INR account) and the commission is taken on the converted gross.
  const fx = await currentFx(ctx.market, ctx.deps.config.money.accountCurrency);
  // What a buy charges is truncated to the cent, what a sale credits rounded up (currency.ts).
  const grossMinor = convert(fx, priceMinor * quantity, side === 'sell' ? 'credit' : 'charge');
  return { symbol, priceMinor, quantity, grossMinor, commission: commissionMinor(grossMinor, ctx.deps.config.trading.commissionBasisPoints), now: ctx.deps.clock.now(), fx };
}

/**
 * Buys whole shares at market; the order is written into the order book already filled
 * (`recordMarketOrder`), so `order/orderList` and `order/orderDetail` show it.
 * @throws AppError `unknownSymbol`, `symbolNotTradable` (an index), `quantityInvalid`,
 *   `marketClosed`, `marketUnavailable`, `insufficientBalance`, `idempotencyMismatch`.
 */
export async function buyStock(ctx: TradingContext, userId: string, input: StockOrderInput, idempotency: IdempotencyRequest | null): Promise<StockBuyReceipt> {
  return runIdempotent(ctx.deps, userId, idempotency, () => prepare(ctx, input, 'buy'), async (trx, order) => {
    const receipt = await settleStockBuy(ctx, trx, userId, order);
    await recordMarketOrder(trx, order.now, {
      userId, symbol: order.symbol, side: 'buy', quantity: order.quantity, priceMinor: order.priceMinor, tradeId: receipt.id,
      fill: { price: receipt.price, commission: receipt.commission, rate: receipt.rate, total: receipt.total },
    });
    return receipt;
  });
}

/**
 * Settles a priced buy inside the caller's money transaction: the ledger entry with the
 * statutory charges, the position and the `trades` row (`recordShareBuy`). A market order and
 * a filled resting order both settle here.
 * @throws AppError `insufficientBalance`.
 */
export async function settleStockBuy(ctx: TradingContext, trx: Db, userId: string, order: PricedStockOrder): Promise<StockBuyReceipt> {
  const buy = await recordShareBuy(trx, order.now, {
    userId,
    symbol: order.symbol,
    priceMinor: order.priceMinor,
    quantity: order.quantity,
    commissionBps: ctx.deps.config.trading.commissionBasisPoints,
    entryKind: ENTRY_KINDS.stockBought,
    fxRateMinor: order.fx.rateMinor,
    charges: chargeRatesOf(ctx.deps.config.trading),
  });
  return {
    id: buy.tradeId, symbol: order.symbol, side: 'buy' as const, quantity: order.quantity, price: fromMinor(order.priceMinor), commission: fromMinor(buy.commissionMinor), total: fromMinor(buy.totalMinor),
    ...chargesFields(buy.charges), ...fxView(order.fx),
  };
}

/**
 * Sells whole shares at market; the order is written into the order book already filled.
 * @throws AppError `unknownSymbol`, `symbolNotTradable`, `quantityInvalid`, `marketClosed`,
 *   `marketUnavailable`, `positionInsufficient` (selling more than held), `positionLocked` (block-bought
 *   shares before their unlock), `idempotencyMismatch`.
 */
export async function sellStock(ctx: TradingContext, userId: string, input: StockOrderInput, idempotency: IdempotencyRequest | null): Promise<StockSellReceipt> {
  return runIdempotent(ctx.deps, userId, idempotency, () => prepare(ctx, input, 'sell'), async (trx, order) => {
    const receipt = await settleStockSell(ctx, trx, userId, order);
    await recordMarketOrder(trx, order.now, {
      userId, symbol: order.symbol, side: 'sell', quantity: order.quantity, priceMinor: order.priceMinor, tradeId: receipt.id,
      fill: { price: receipt.price, commission: receipt.commission, rate: receipt.rate, proceeds: receipt.proceeds },
    });
    return receipt;
  });
}

/**
 * Settles a priced sale inside the caller's money transaction (`recordShareSale`, with the
 * statutory charges). A market order and a filled resting order both settle here.
 * @throws AppError `positionInsufficient`, `positionLocked`.
 */
export async function settleStockSell(ctx: TradingContext, trx: Db, userId: string, order: PricedStockOrder): Promise<StockSellReceipt> {
  const sale = await recordShareSale(trx, order.now, {
    userId, symbol: order.symbol, quantity: order.quantity, priceMinor: order.priceMinor, grossMinor: order.grossMinor,
    commissionMinor: order.commission, fxRateMinor: order.fx.rateMinor, entryKind: ENTRY_KINDS.stockSold, charges: chargeRatesOf(ctx.deps.config.trading),
  });
  const id = sale.tradeId;
  const proceeds = sale.proceedsMinor;
  const soldCost = sale.soldCostMinor;
  return {
    id, symbol: order.symbol, side: 'sell' as const, quantity: order.quantity, price: fromMinor(order.priceMinor),
    commission: fromMinor(order.commission), proceeds: fromMinor(proceeds), realizedPnl: fromMinor(proceeds - soldCost), ...chargesFields(sale.charges), ...fxView(order.fx),
  };
}
