/**
 * Charges of a share or ETF trade (docs/trading.md, Charges): brokerage (`COMMISSION_BPS`),
 * securities transaction tax, exchange transaction charge, SEBI turnover fee, stamp duty (buy
 * side only) and GST on brokerage + exchange charge + SEBI fee. Pure: no database, no clock.
 *
 * Rates come from configuration ({@link ChargeRates}); the statutory ones are written as
 * rupees per crore (₹1,00,00,000) of turnover, so every rate is an integer and every amount is
 * computed exactly in integer paise (BigInt), never in floats.
 *
 * Rounding, as the sources say:
 * - STT and stamp duty: to the nearest rupee, halves up;
 * - exchange transaction charge, SEBI turnover fee and GST: to the nearest paisa, halves up;
 * - brokerage: `commissionMinor` (truncated to the cent), the rule the app always used.
 *
 * Two columns: `inr` — every charge in paise on the INR turnover; `account` — what the investor
 * pays in the account currency: brokerage on the converted gross (as before), the statutory
 * charges converted from their INR amount at the trade's EUR/INR rate (truncated, a charge is
 * never more than its exact amount) and GST at its rate on the account-currency base. For an
 * INR account both columns are equal. In each column `total` is the exact sum of its items.
 */
import { commissionMinor } from '../../../shared/trade.js';
import { SAME_CURRENCY_RATE_MINOR, toAccountMinor } from '../../../shared/currency.js';

/** Charge rates of an NSE equity delivery trade (`CHARGES_*` configuration). */
export interface ChargeRates {
  /** Brokerage in basis points of the gross, both sides (`COMMISSION_BPS`). */
  brokerageBps: number;
  /** Securities transaction tax, rupees per crore of turnover, both sides (0.1 % = 10000). */
  sttPerCrore: number;
  /** NSE transaction charge, rupees per crore of turnover, both sides (0.00297 % = 297). */
  exchangePerCrore: number;
  /** SEBI turnover fee, rupees per crore of turnover, both sides (10). */
  sebiPerCrore: number;
  /** Stamp duty, rupees per crore of turnover, buy side only (0.015 % = 1500). */
  stampPerCrore: number;
  /** GST in basis points on brokerage + exchange charge + SEBI fee (18 % = 1800). */
  gstBps: number;
}

/** The NSE equity delivery rates named in docs/trading.md, with brokerage 10 bp. */
export const NSE_DELIVERY_RATES: ChargeRates = { brokerageBps: 10, sttPerCrore: 10_000, exchangePerCrore: 297, sebiPerCrore: 10, stampPerCrore: 1_500, gstBps: 1_800 };

/** The charge items in the order a breakdown shows them. */
export const CHARGE_ITEMS = ['brokerage', 'stt', 'exchangeCharge', 'sebiFee', 'stampDuty', 'gst'] as const;
export type ChargeItem = (typeof CHARGE_ITEMS)[number];

/** One column of a breakdown: each item and their sum, in minor units of one currency. */
export type ChargeAmounts = Record<ChargeItem, number> & { total: number };

/** A trade's charges in paise (`inr`) and in the account currency's minor units (`account`). */
export interface TradeCharges {
  inr: ChargeAmounts;
  account: ChargeAmounts;
}

/** What a trade's charges are computed from. */
export interface ChargeInput {
  side: 'buy' | 'sell';
  /** price × quantity in paise (the INR turnover), ≥ 0. */
  turnoverInrMinor: number;
  /** The turnover converted to the account currency (what the trade's gross is), minor units. */
  grossAccountMinor: number;
  /** Paise per account-currency unit of the conversion (`FxRate.rateMinor`); 100 = INR account. */
  fxRateMinor: number;
}

const CRORE_PAISE = 1_000_000_000n; // ₹1 crore = 10^7 rupees = 10^9 paise

/** round(numerator / denominator) with halves up, for non-negative integers. */
const roundHalfUp = (numerator: bigint, denominator: bigint): bigint => (numerator * 2n + denominator) / (denominator * 2n);

/** Turnover × rupees-per-crore, in paise, rounded to the paisa (halves up). */
const perCroreToPaisa = (turnover: bigint, perCrore: number): number => Number(roundHalfUp(turnover * BigInt(perCrore) * 100n, CRORE_PAISE));

/** Turnover × rupees-per-crore, in paise, rounded to the nearest rupee (halves up). */
const perCroreToRupee = (turnover: bigint, perCrore: number): number => Number(roundHalfUp(turnover * BigInt(perCrore), CRORE_PAISE)) * 100;

/** GST on a base in minor units: base × bps / 10 000, to the minor unit, halves up. */
const gstOn = (baseMinor: number, gstBps: number): number => Number(roundHalfUp(BigInt(baseMinor) * BigInt(gstBps), 10_000n));

const sum = (c: Record<ChargeItem, number>): ChargeAmounts => ({ ...c, total: CHARGE_ITEMS.reduce((s, k) => s + c[k], 0) });

/**
 * The charges of one trade.
 * @returns both columns; `account.brokerage` equals `commissionMinor(grossAccountMinor, brokerageBps)`.
 * @throws RangeError when an amount is negative or the rate is not a positive integer.
 */
export function computeCharges(input: ChargeInput, rates: ChargeRates): TradeCharges {
  if (input.turnoverInrMinor < 0 || input.grossAccountMinor < 0) throw new RangeError('turnover must not be negative');
  const turnover = BigInt(input.turnoverInrMinor);
  const stt = perCroreToRupee(turnover, rates.sttPerCrore);
  const exchangeCharge = perCroreToPaisa(turnover, rates.exchangePerCrore);
  const sebiFee = perCroreToPaisa(turnover, rates.sebiPerCrore);
  const stampDuty = input.side === 'buy' ? perCroreToRupee(turnover, rates.stampPerCrore) : 0;
  const brokerage = commissionMinor(input.turnoverInrMinor, rates.brokerageBps);
  const inr = sum({ brokerage, stt, exchangeCharge, sebiFee, stampDuty, gst: gstOn(brokerage + exchangeCharge + sebiFee, rates.gstBps) });
  if (input.fxRateMinor === SAME_CURRENCY_RATE_MINOR) return { inr, account: { ...inr } };
  const conv = (paise: number) => toAccountMinor(paise, input.fxRateMinor, 'charge');
  const a = { brokerage: commissionMinor(input.grossAccountMinor, rates.brokerageBps), stt: conv(stt), exchangeCharge: conv(exchangeCharge), sebiFee: conv(sebiFee), stampDuty: conv(stampDuty) };
  return { inr, account: sum({ ...a, gst: gstOn(a.brokerage + a.exchangeCharge + a.sebiFee, rates.gstBps) }) };
}

/** Every item and total summed over several trades (a basket's lines), both columns. */
export function sumCharges(list: readonly TradeCharges[]): TradeCharges {
  const zero = (): ChargeAmounts => ({ brokerage: 0, stt: 0, exchangeCharge: 0, sebiFee: 0, stampDuty: 0, gst: 0, total: 0 });
  const out = { inr: zero(), account: zero() };
  for (const c of list) {
    for (const k of [...CHARGE_ITEMS, 'total'] as const) {
      out.inr[k] += c.inr[k];
      out.account[k] += c.account[k];
    }
  }
  return out;
}

/** A breakdown in currency units, as answers carry it. */
export type ChargesView = Record<ChargeItem | 'total', number>;

/** A column of minor units as currency units (two decimals). */
export const chargesView = (c: ChargeAmounts): ChargesView => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v / 100])) as ChargesView;

/** The rates of this deployment: `COMMISSION_BPS` and the `CHARGES_*` settings. */
export function chargeRatesOf(trading: { commissionBasisPoints: number; charges: Omit<ChargeRates, 'brokerageBps'> }): ChargeRates {
  return { brokerageBps: trading.commissionBasisPoints, ...trading.charges };
}

/** The house account each charge is booked to (docs/trading.md, Charges). */
export const CHARGE_HOUSE_ACCOUNTS = {
  brokerage: 'fee_revenue',
  stt: 'stt_payable',
  exchangeCharge: 'exchange_charges_payable',
  sebiFee: 'sebi_fees_payable',
  stampDuty: 'stamp_duty_payable',
  gst: 'gst_payable',
} as const satisfies Record<ChargeItem, string>;

/** The posting kind of each charge's legs (the bill flow's `kind`). */
export const CHARGE_POSTING_KINDS = {
  brokerage: 'stock_commission',
  stt: 'stock_stt',
  exchangeCharge: 'stock_exchange_charge',
  sebiFee: 'stock_sebi_fee',
  stampDuty: 'stock_stamp_duty',
  gst: 'stock_gst',
} as const satisfies Record<ChargeItem, string>;

/**
 * A trade's breakdown in an answer, currency units: `charges` in the account currency,
 * `chargesInr` in rupees; each `{brokerage, stt, exchangeCharge, sebiFee, stampDuty, gst, total}`.
 */
export interface ChargesFields {
  charges: ChargesView;
  chargesInr: ChargesView;
}

/** The answer fields of a breakdown (zeros with brokerage only when there is none). */
export function chargesFields(charges: TradeCharges | null, commissionMinor = 0): ChargesFields {
  if (!charges) {
    const only = { brokerage: commissionMinor / 100, stt: 0, exchangeCharge: 0, sebiFee: 0, stampDuty: 0, gst: 0, total: commissionMinor / 100 };
    return { charges: only, chargesInr: { ...only } };
  }
  return { charges: chargesView(charges.account), chargesInr: chargesView(charges.inr) };
}
