/**
 * Block trading for investors (docs/product.md, Calls):
 * `blockTrading/list` shows the offers beside the live market price, `blockTrading/purchase`
 * buys from one inside its window — at least `minQuantity` (or the whole rest when less
 * remains), at most `remaining`, decremented by one conditional update so concurrent buyers
 * never oversell — and refuses when the feed price has since moved outside the band (the
 * investor is never sold far above the market). The shares are an ordinary holding, locked
 * until `lockedUntil` = purchase + `lockDays` days. `blockTrading/recordList` lists my
 * purchases with lock status and P/L. Money in currency units, times epoch ms.
 */
import { fromMinor } from '../../../shared/money.js';
import { offeringsDb, type BlockOffersTable } from '../../db/offerings-tables.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { livePrice, nameOf, type TradingContext } from '../trading/context.js';
import { blockStatus, type BlockStatus } from './block-admin.js';
import { premiumPct, withinBand } from './common.js';
import { recordShareBuy } from '../holdings/index.js';
import { OFFERING_ENTRY_KINDS } from './entry-kinds.js';
import { convert, currentFx, fxView } from '../fx.js';
import { chargeRatesOf, chargesFields, computeCharges, type ChargesFields } from '../trading/charges.js';

/** An offer as `blockTrading/list` answers it. */
export interface BlockOfferView {
  id: string;
  symbol: string;
  name: string;
  price: number;
  /** The feed's last price (null when the feed has none). */
  marketPrice: number | null;
  /** (price − marketPrice) / marketPrice in percent, 2 decimals. */
  premiumPct: number | null;
  remaining: number;
  minQuantity: number;
  opensAt: number;
  closesAt: number;
  lockDays: number;
  status: BlockStatus;
}

/** Body of `blockTrading/purchase`. */
export interface BlockPurchaseInput {
  id: string;
  quantity: number;
}

/**
 * Answer of `blockTrading/purchase`: `commission` is the brokerage, `charges` / `chargesInr`
 * the whole breakdown (docs/trading.md, Charges).
 */
export interface BlockPurchaseReceipt extends ChargesFields {
  id: string;
  price: number;
  quantity: number;
  commission: number;
  /** Debited: price × quantity + brokerage + statutory charges. */
  amount: number;
  lockedUntil: number;
}

/** The open and upcoming offers (and sold-out ones until they close), soonest closing first. */
export async function listOffers(ctx: TradingContext): Promise<{ items: BlockOfferView[]; total: number }> {
  const now = ctx.deps.clock.now();
  const rows = await offeringsDb(ctx.deps.db).selectFrom('block_offers').selectAll().where('status', '=', 'open').where('closes_at', '>', now).orderBy('closes_at').orderBy('id').execute();
  const items = rows.map((row) => offerView(ctx, row as BlockOffersTable, now));
  return { items, total: items.length };
}

/**
 * One offer by id, in any status.
 * @throws AppError `blockOfferNotFound`.
 */
export async function offerDetail(ctx: TradingContext, id: string): Promise<BlockOfferView> {
  const row = await offeringsDb(ctx.deps.db).selectFrom('block_offers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('blockOfferNotFound');
  return offerView(ctx, row as BlockOffersTable, ctx.deps.clock.now());
}

function offerView(ctx: TradingContext, row: BlockOffersTable, now: number): BlockOfferView {
  const market = ctx.market.feed.quote(row.symbol)?.last ?? null;
  return {
    id: row.id, symbol: row.symbol, name: nameOf(ctx.market, row.symbol), price: fromMinor(Number(row.price_minor)),
    marketPrice: market === null ? null : fromMinor(market), premiumPct: market === null ? null : premiumPct(Number(row.price_minor), market),
    remaining: Number(row.remaining), minQuantity: Number(row.min_quantity), opensAt: Number(row.opens_at), closesAt: Number(row.closes_at),
    lockDays: Number(row.lock_days), status: blockStatus(row, now),
  };
}

/** A checked block order: the offer open, the quantity allowed, the price in band, the rate. */
async function prepareBlock(ctx: TradingContext, input: BlockPurchaseInput) {
  const { deps } = ctx;
  const now = deps.clock.now();
  const offer = await offeringsDb(deps.db).selectFrom('block_offers').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (!offer) throw new AppError('blockOfferNotFound');
  if (offer.status === 'closed' || now >= Number(offer.closes_at)) throw new AppError('blockClosed');
  if (now < Number(offer.opens_at)) throw new AppError('blockNotOpen', { opensAt: new Date(Number(offer.opens_at)).toISOString() });
  const quantity = input.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000_000) throw new AppError('quantityInvalid');
  const remaining = Number(offer.remaining);
  const minimum = Number(offer.min_quantity);
  if (quantity < minimum && quantity !== remaining) throw new AppError('blockBelowMinimum', { min: minimum });
  if (quantity > remaining) throw new AppError('blockSoldOut', { remaining });
  const { priceMinor: marketMinor } = await livePrice(ctx.market, offer.symbol);
  const band = deps.config.offerings.blockPriceBandBps;
  if (!withinBand(Number(offer.price_minor), marketMinor, band)) {
    throw new AppError('blockPriceStale', { price: fromMinor(Number(offer.price_minor)), market: fromMinor(marketMinor), band: band / 100 });
  }
  // The offer price is INR; the money converts at the feed's EUR/INR rate.
  const fx = await currentFx(ctx.market, deps.config.money.accountCurrency);
  return { offer, quantity, now, fx };
}

/**
 * Answer of `blockTrading/quote`: the block ticket before confirming, with the breakdown of
 * every charge (`charges` in the account currency, `chargesInr` in rupees).
 */
export interface BlockQuoteView extends ChargesFields {
  /** Offer price per share, INR. */
  price: number;
  quantity: number;
  /** price × quantity, INR. */
  grossQuote: number;
  /** The gross in the account currency at the current rate, currency units. */
  amount: number;
  /** Brokerage, account currency. */
  commission: number;
  /** The ticket's rows of the statutory charges and every charge summed, account currency. */
  stt: number;
  exchangeCharge: number;
  sebiFee: number;
  stampDuty: number;
  gst: number;
  chargesTotal: number;
  /** amount + every charge: what the purchase takes from the available balance. */
  total: number;
  currency: string;
  accountCurrency: string;
  /** INR per account-currency unit. */
  rate: number;
}

/**
 * `blockTrading/quote {id, quantity}`: what buying now would cost, computed like the purchase.
 * @throws AppError as {@link purchaseBlock} before the ledger (not found, closed, not open,
 *   quantity, minimum, sold out, price out of band, market unavailable).
 */
export async function quoteBlock(ctx: TradingContext, input: BlockPurchaseInput): Promise<BlockQuoteView> {
  const { offer, quantity, fx } = await prepareBlock(ctx, input);
  const priceMinor = Number(offer.price_minor);
  const grossMinor = convert(fx, priceMinor * quantity);
  // The same arithmetic recordShareBuy books (gross truncated to the cent, then every charge).
  const charges = computeCharges({ side: 'buy', turnoverInrMinor: priceMinor * quantity, grossAccountMinor: grossMinor, fxRateMinor: fx.rateMinor }, chargeRatesOf(ctx.deps.config.trading));
  return {
    price: fromMinor(priceMinor), quantity, grossQuote: fromMinor(priceMinor * quantity), amount: fromMinor(grossMinor), commission: fromMinor(charges.account.brokerage),
    stt: fromMinor(charges.account.stt), exchangeCharge: fromMinor(charges.account.exchangeCharge), sebiFee: fromMinor(charges.account.sebiFee), stampDuty: fromMinor(charges.account.stampDuty),
    gst: fromMinor(charges.account.gst), chargesTotal: fromMinor(charges.account.total), total: fromMinor(grossMinor + charges.account.total), ...chargesFields(charges), ...fxView(fx),
  };
}

/**
 * Buys from an offer.
 * @throws AppError `blockOfferNotFound`, `blockNotOpen` (before the window), `blockClosed`,
 *   `quantityInvalid`, `blockBelowMinimum`, `blockSoldOut` (more than remains; names what
 *   remains), `marketClosed`, `blockPriceStale` (feed moved outside the band),
 *   `insufficientBalance`, `idempotencyMismatch`.
 */
export async function purchaseBlock(ctx: TradingContext, userId: string, input: BlockPurchaseInput, idempotency: IdempotencyRequest | null): Promise<BlockPurchaseReceipt> {
  const { deps } = ctx;
  const prepare = () => prepareBlock(ctx, input);
  return runIdempotent(deps, userId, idempotency, prepare, async (trx, { offer, quantity, now, fx }) => {
    const o = offeringsDb(trx);
    const taken = await o
      .updateTable('block_offers')
      .set((eb) => ({ remaining: eb('remaining', '-', quantity), updated_at: now }))
      .where('id', '=', offer.id)
      .where('status', '=', 'open')
      .where('remaining', '>=', quantity)
      .returning('remaining')
      .executeTakeFirst();
    if (!taken) {
      const current = await o.selectFrom('block_offers').select(['remaining', 'status']).where('id', '=', offer.id).executeTakeFirstOrThrow();
      if (current.status === 'closed') throw new AppError('blockClosed');
      throw new AppError('blockSoldOut', { remaining: Number(current.remaining) });
    }
    const priceMinor = Number(offer.price_minor);
    const buy = await recordShareBuy(trx, now, {
      userId, symbol: offer.symbol, priceMinor, quantity, commissionBps: deps.config.trading.commissionBasisPoints, entryKind: OFFERING_ENTRY_KINDS.blockBought, fxRateMinor: fx.rateMinor,
      charges: chargeRatesOf(deps.config.trading),
    });
    const id = newId();
    const lockedUntil = now + Number(offer.lock_days) * 86_400_000;
    await o
      .insertInto('block_purchases')
      .values({ id, offer_id: offer.id, user_id: userId, symbol: offer.symbol, price_minor: priceMinor, quantity, commission_minor: buy.commissionMinor, amount_minor: buy.totalMinor, locked_until: lockedUntil, trade_id: buy.tradeId, created_at: now, fx_rate_minor: fx.rateMinor })
      .execute();
    return { id, price: fromMinor(priceMinor), quantity, commission: fromMinor(buy.commissionMinor), amount: fromMinor(buy.totalMinor), lockedUntil, ...chargesFields(buy.charges), ...fxView(fx) };
  });
}

/** A row of `blockTrading/recordList`. */
export interface BlockPurchaseView {
  id: string;
  offerId: string;
  symbol: string;
  name: string;
  price: number;
  quantity: number;
  commission: number;
  amount: number;
  lockedUntil: number;
  locked: boolean;
  lastPrice: number | null;
  marketValue: number | null;
  /** marketValue − amount. */
  pnl: number | null;
  createdAt: number;
}

/** My block purchases, newest first. */
export async function myBlockPurchases(ctx: TradingContext, userId: string): Promise<{ items: BlockPurchaseView[]; total: number }> {
  const now = ctx.deps.clock.now();
  const rows = await offeringsDb(ctx.deps.db).selectFrom('block_purchases').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  // Value = INR price × quantity at the current EUR/INR rate, in the account currency.
  const fx = rows.length ? await currentFx(ctx.market, ctx.deps.config.money.accountCurrency).catch(() => null) : null;
  const items = rows.map((r) => {
    const last = ctx.market.feed.quote(r.symbol)?.last ?? null;
    const value = last === null || fx === null ? null : convert(fx, last * Number(r.quantity));
    return {
      id: r.id, offerId: r.offer_id, symbol: r.symbol, name: nameOf(ctx.market, r.symbol), price: fromMinor(Number(r.price_minor)), quantity: Number(r.quantity),
      commission: fromMinor(Number(r.commission_minor)), amount: fromMinor(Number(r.amount_minor)), lockedUntil: Number(r.locked_until), locked: Number(r.locked_until) > now,
      lastPrice: last === null ? null : fromMinor(last), marketValue: value === null ? null : fromMinor(value), pnl: value === null ? null : fromMinor(value - Number(r.amount_minor)),
      createdAt: Number(r.created_at),
    };
  });
  return { items, total: items.length };
}
