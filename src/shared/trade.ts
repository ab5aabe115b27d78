/**
 * Trading rules shared by the server and the screens (docs/product.md, Up/down trading). Isomorphic:
 * imports only the money units (`money.ts`). Money in integer minor units unless a name says otherwise.
 *
 * - Direction: 1 = up, anything else down (docs/product.md, Up/down trading), normalized to 1 | 2.
 * - Outcome (docs/product.md, Up/down trading): an up contract wins when the settle price is above the buy price, a
 *   down contract when it is below; an equal price loses.
 * - Profit on a win (docs/product.md, Up/down trading) = amount × rate rounded to an integer number of currency
 *   units, halves rounded up (away from zero: amounts and rates are positive), e.g. 15 × 0.90
 *   = 13.5 → 14, 5 × 0.85 = 4.25 → 4. Computed exactly in basis points, never in floats.
 *   The stake comes back with it. A loss equals the amount.
 * - Commission on stock orders = gross × basis points / 10 000, rounded to the cent with
 *   halves rounded up (e.g. 0.10 % of 12 345.00 = 12.345 → 12.35).
 */

import { fromMinor, toMinor } from './money.js';

/** Up (1) or down (2). */
export type Direction = 1 | 2;

/** A settled contract's outcome; `void` when no price was recorded for its expiry. */
export type ContractOutcome = 'won' | 'lost' | 'void';

/** Normalizes a requested direction: 1 (number or "1") is up, anything else is down. */
export function normalizeDirection(value: unknown): Direction {
  return value === 1 || value === '1' ? 1 : 2;
}

/**
 * Whether a contract wins (docs/product.md, Up/down trading). Prices in the same unit (minor units).
 * @returns true for up when settle > buy, for down when settle < buy; false when equal.
 */
export function isWin(direction: Direction, buyPrice: number, settlePrice: number): boolean {
  return direction === 1 ? settlePrice > buyPrice : settlePrice < buyPrice;
}

/**
 * A rate such as 0.85 as integer basis points (8500).
 * @throws RangeError when the rate is not within 0–10 (0–100 000 bp) or has more than 4 decimals.
 */
export function rateToBasisPoints(rate: number): number {
  const bp = Math.round(rate * 10_000);
  if (!Number.isFinite(rate) || bp < 0 || bp > 100_000 || Math.abs(bp - rate * 10_000) > 1e-6) throw new RangeError(`rate ${rate} is not a ratio with at most 4 decimals`);
  return bp;
}

/**
 * Profit of a winning contract in whole currency units: amount × rate, halves rounded up.
 * @param amountUnits whole currency units (the contract's stake), ≥ 0.
 * @param rateBasisPoints the rate in basis points (0.85 → 8500).
 */
export function winProfitUnits(amountUnits: number, rateBasisPoints: number): number {
  return Math.floor((amountUnits * rateBasisPoints + 5_000) / 10_000);
}

/** What a settlement pays, in minor units. */
export interface Settlement {
  outcome: ContractOutcome;
  /** Signed profit: +amount × rate on a win, −amount on a loss, 0 when void. */
  profitMinor: number;
  /** Credited back to the available balance: stake + profit on a win, 0 on a loss, stake when void. */
  payoutMinor: number;
}

/**
 * Settles a contract (docs/product.md, Up/down trading).
 * @param amountMinor the stake in minor units (a whole number of currency units).
 * @param settlePrice null when no price was recorded in (buy time, expiry]: void, stake returned.
 */
export function settle(direction: Direction, amountMinor: number, rateBasisPoints: number, buyPrice: number, settlePrice: number | null): Settlement {
  if (settlePrice === null) return { outcome: 'void', profitMinor: 0, payoutMinor: amountMinor };
  if (!isWin(direction, buyPrice, settlePrice)) return { outcome: 'lost', profitMinor: -amountMinor, payoutMinor: 0 };
  const profitMinor = toMinor(winProfitUnits(Math.round(fromMinor(amountMinor)), rateBasisPoints));
  return { outcome: 'won', profitMinor, payoutMinor: amountMinor + profitMinor };
}

/**
 * Commission of a stock order: gross × basis points / 10 000, truncated to the cent (a charge
 * is never more than its exact amount).
 * @param grossMinor price × quantity in minor units, ≥ 0.
 */
export function commissionMinor(grossMinor: number, basisPoints: number): number {
  return Number((BigInt(grossMinor) * BigInt(basisPoints)) / 10_000n);
}

/**
 * Potential profit of a contract in whole currency units, as the screens show it on the
 * duration chips: amount × rate rounded to an integer, halves up (same rule as {@link winProfitUnits}).
 * @param amountUnits the stake in currency units.
 * @param rate the profit ratio, e.g. 0.85.
 */
export function contractProfit(amountUnits: number, rate: number): number {
  return winProfitUnits(amountUnits, Math.round(rate * 10_000));
}
