/**
 * Share buys: one journal entry per buy (`available → securities settlement` for the gross,
 * `available → fee revenue` for the commission, each statutory charge to its house account), the position grown by quantity and cost basis
 * (`addToPositions`), and a `trades` row. {@link recordShareBuy} is the one writer of share
 * buys — `order/purchase` (stocks), `etf/buy`, block purchases, gather fills and basket lines
 * all call it — so holdings, history, P/L and the ledger invariants treat them alike.
 */
import { commissionMinor } from '../../../shared/trade.js';
import { SAME_CURRENCY_RATE_MINOR, toAccountMinor } from '../../../shared/currency.js';
import type { Db } from '../../db/index.js';
import { newId } from '../ids.js';
import { postEntry, type PostingInput } from '../ledger/index.js';
import { addToPositions } from './positions.js';
import { chargePostings, tradeChargesOf } from './charge-postings.js';
import { computeCharges, type ChargeRates, type TradeCharges } from '../trading/charges.js';

/** A buy to record. Prices and money in minor units. */
export interface ShareBuy {
  userId: string;
  symbol: string;
  priceMinor: number;
  /** Whole shares ≥ 1. */
  quantity: number;
  /** Basis points of the gross (`COMMISSION_BPS`). */
  commissionBps: number;
  /** Journal entry kind, e.g. `stock_bought` or `block_bought`. */
  entryKind: string;
  /**
   * `priceMinor` is the INR quote; the gross converts to the account currency at this
   * EUR/INR rate (paise per account unit, `FxRate.rateMinor`). Absent or 100: no conversion.
   */
  fxRateMinor?: number;
  /**
   * With rates: the statutory charges too (docs/trading.md, Charges), each booked to its own
   * house account; brokerage is then `charges.brokerageBps` (callers pass `COMMISSION_BPS` in both).
   * Without: commission only.
   */
  charges?: ChargeRates;
}

/** What a recorded buy cost, in minor units. */
export interface RecordedBuy {
  tradeId: string;
  grossMinor: number;
  commissionMinor: number;
  /** gross + commission + statutory charges: what left the user's available balance. */
  totalMinor: number;
  /** The breakdown, when the buy was charged with rates. */
  charges: TradeCharges | null;
}

/**
 * The cost of `quantity` shares at `priceMinor` (INR) including commission, in account minor
 * units (the gross converted at `fxRateMinor`; default: no conversion).
 */
export function buyCostMinor(priceMinor: number, quantity: number, commissionBps: number, fxRateMinor = SAME_CURRENCY_RATE_MINOR): number {
  const gross = toAccountMinor(priceMinor * quantity, fxRateMinor);
  return gross + commissionMinor(gross, commissionBps);
}

/**
 * What a buy of `quantity` shares at `priceMinor` (INR) takes from the available balance with
 * brokerage and every statutory charge at `rates`, in account minor units (the gross converted
 * at `fxRateMinor`) — the same sum `recordShareBuy` books. Charges grow with the turnover, so
 * this at the limit price is a resting buy's worst case.
 */
export function buyTotalMinor(priceMinor: number, quantity: number, rates: ChargeRates, fxRateMinor = SAME_CURRENCY_RATE_MINOR): number {
  const gross = toAccountMinor(priceMinor * quantity, fxRateMinor);
  return gross + computeCharges({ side: 'buy', turnoverInrMinor: priceMinor * quantity, grossAccountMinor: gross, fxRateMinor }, rates).account.total;
}

/**
 * The most whole shares `budgetMinor` (account money) buys at `priceMinor` (INR) with brokerage
 * and every statutory charge at `rates` ({@link buyTotalMinor}, what `recordShareBuy` books).
 */
export function affordableQuantity(budgetMinor: number, priceMinor: number, rates: ChargeRates, fxRateMinor = SAME_CURRENCY_RATE_MINOR): number {
  let quantity = Math.floor((budgetMinor * fxRateMinor) / (priceMinor * SAME_CURRENCY_RATE_MINOR));
  while (quantity > 0 && buyTotalMinor(priceMinor, quantity, rates, fxRateMinor) > budgetMinor) quantity--;
  return quantity;
}

/**
 * Records one buy inside the caller's money transaction.
 * @throws AppError `insufficientBalance` when the available balance does not cover it.
 */
export async function recordShareBuy(trx: Db, now: number, buy: ShareBuy): Promise<RecordedBuy> {
  const tradeId = newId();
  const fxRateMinor = buy.fxRateMinor ?? SAME_CURRENCY_RATE_MINOR;
  const gross = toAccountMinor(buy.priceMinor * buy.quantity, fxRateMinor);
  const charges = tradeChargesOf('buy', buy.priceMinor * buy.quantity, gross, fxRateMinor, buy.charges);
  const commission = charges ? charges.account.brokerage : commissionMinor(gross, buy.commissionBps);
  const statutory = charges ? charges.account.total - charges.account.brokerage : 0;
  const available = { userId: buy.userId, kind: 'available' as const };
  const postings: PostingInput[] = [
    { account: available, amountMinor: -gross, kind: 'stock_buy' },
    { account: { house: 'securities_settlement' }, amountMinor: gross, kind: 'stock_buy' },
  ];
  if (commission > 0) {
    postings.push({ account: available, amountMinor: -commission, kind: 'stock_commission' });
    postings.push({ account: { house: 'fee_revenue' }, amountMinor: commission, kind: 'stock_commission' });
  }
  if (charges) postings.push(...chargePostings(available, charges));
  const entry = await postEntry(trx, now, { kind: buy.entryKind, reference: tradeId, postings });
  const total = gross + commission + statutory;
  const t = trx;
  await addToPositions(trx, now, [{ userId: buy.userId, symbol: buy.symbol, quantity: buy.quantity, costMinor: total }]);
  await t
    .insertInto('trades')
    .values({
      id: tradeId, user_id: buy.userId, symbol: buy.symbol, side: 'buy', quantity: buy.quantity, price_minor: buy.priceMinor, gross_minor: gross,
      commission_minor: commission, net_minor: total, cost_minor: null, realized_pnl_minor: null, entry_id: entry.id, created_at: now,
      fx_rate_minor: fxRateMinor, charges_minor: statutory, charges_json: charges ? JSON.stringify({ ...charges, rates: buy.charges }) : null,
    })
    .execute();
  return { tradeId, grossMinor: gross, commissionMinor: commission, totalMinor: total, charges };
}
