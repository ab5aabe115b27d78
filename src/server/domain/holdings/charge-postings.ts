/**
 * The ledger legs of a trade's statutory charges: for each charge other than brokerage (which
 * the buy and sale writers book to fee revenue themselves) one pair `available → its house
 * account` (docs/trading.md, Charges), in the account currency's minor units.
 */
import type { AccountRef, PostingInput } from '../ledger/index.js';
import { CHARGE_HOUSE_ACCOUNTS, CHARGE_ITEMS, CHARGE_POSTING_KINDS, computeCharges, type ChargeRates, type TradeCharges } from '../trading/charges.js';

/**
 * A trade's breakdown, or null without rates.
 * @param turnoverInrMinor price × quantity in paise; `grossAccountMinor` the same converted.
 */
export function tradeChargesOf(side: 'buy' | 'sell', turnoverInrMinor: number, grossAccountMinor: number, fxRateMinor: number, rates: ChargeRates | undefined): TradeCharges | null {
  return rates ? computeCharges({ side, turnoverInrMinor, grossAccountMinor, fxRateMinor }, rates) : null;
}

/** Postings of every non-zero statutory charge: −amount on `available`, +amount on the charge's house account. */
export function chargePostings(available: AccountRef, charges: TradeCharges): PostingInput[] {
  return CHARGE_ITEMS.filter((item) => item !== 'brokerage' && charges.account[item] > 0).flatMap((item) => [
    { account: available, amountMinor: -charges.account[item], kind: CHARGE_POSTING_KINDS[item] },
    { account: { house: CHARGE_HOUSE_ACCOUNTS[item] }, amountMinor: charges.account[item], kind: CHARGE_POSTING_KINDS[item] },
  ]);
}
