/**
 * Share sales at a given price: the position shrinks (`takeFromPosition`, which refuses locked
 * or missing shares), one journal entry moves `securities settlement → available` (gross) and
 * `available → fee revenue` (commission), and a `trades` row records the proceeds, the cost of
 * the shares sold and the realized P/L (proceeds − that cost).
 */
import type { Db } from '../../db/index.js';
import { newId } from '../ids.js';
import { postEntry, type PostingInput } from '../ledger/index.js';
import { takeFromPosition } from './positions.js';
import { chargePostings, tradeChargesOf } from './charge-postings.js';
import type { ChargeRates, TradeCharges } from '../trading/charges.js';

/** A sale to record. Money in account minor units, the price in the instrument's (INR). */
export interface ShareSale {
  userId: string;
  symbol: string;
  /** Whole shares ≥ 1. */
  quantity: number;
  priceMinor: number;
  /** price × quantity converted to the account currency. */
  grossMinor: number;
  commissionMinor: number;
  /** EUR/INR rate of the conversion (`FxRate.rateMinor`; 100: none). */
  fxRateMinor: number;
  /** Journal entry kind, e.g. `stock_sold`. */
  entryKind: string;
  /**
   * With rates: the statutory charges too (docs/trading.md, Charges), each booked to its own
   * house account; `commissionMinor` must then equal the breakdown's brokerage.
   */
  charges?: ChargeRates;
}

/** What a recorded sale credited, in minor units. */
export interface RecordedSale {
  tradeId: string;
  /** gross − commission − statutory charges: what reached the available balance. */
  proceedsMinor: number;
  /** The breakdown, when the sale was charged with rates. */
  charges: TradeCharges | null;
  soldCostMinor: number;
  realizedPnlMinor: number;
}

/**
 * Records one sale inside the caller's money transaction.
 * @param now epoch milliseconds.
 * @throws AppError `positionInsufficient`, `positionLocked`.
 */
export async function recordShareSale(trx: Db, now: number, sale: ShareSale): Promise<RecordedSale> {
  const { soldCostMinor } = await takeFromPosition(trx, now, sale);
  const tradeId = newId();
  const charges = tradeChargesOf('sell', sale.priceMinor * sale.quantity, sale.grossMinor, sale.fxRateMinor, sale.charges);
  const statutory = charges ? charges.account.total - charges.account.brokerage : 0;
  const available = { userId: sale.userId, kind: 'available' as const };
  const postings: PostingInput[] = [
    { account: { house: 'securities_settlement' }, amountMinor: -sale.grossMinor, kind: 'stock_sell' },
    { account: available, amountMinor: sale.grossMinor, kind: 'stock_sell' },
  ];
  if (sale.commissionMinor > 0) {
    postings.push({ account: available, amountMinor: -sale.commissionMinor, kind: 'stock_commission' });
    postings.push({ account: { house: 'fee_revenue' }, amountMinor: sale.commissionMinor, kind: 'stock_commission' });
  }
  if (charges) postings.push(...chargePostings(available, charges));
  const entry = await postEntry(trx, now, { kind: sale.entryKind, reference: tradeId, postings });
  const proceedsMinor = sale.grossMinor - sale.commissionMinor - statutory;
  await trx
    .insertInto('trades')
    .values({
      id: tradeId, user_id: sale.userId, symbol: sale.symbol, side: 'sell', quantity: sale.quantity, price_minor: sale.priceMinor, gross_minor: sale.grossMinor,
      commission_minor: sale.commissionMinor, net_minor: proceedsMinor, cost_minor: soldCostMinor, realized_pnl_minor: proceedsMinor - soldCostMinor, entry_id: entry.id, created_at: now,
      fx_rate_minor: sale.fxRateMinor, charges_minor: statutory, charges_json: charges ? JSON.stringify({ ...charges, rates: sale.charges }) : null,
    })
    .execute();
  return { tradeId, proceedsMinor, soldCostMinor, realizedPnlMinor: proceedsMinor - soldCostMinor, charges };
}
