/**
 * Conversion between API money (currency units, at most 2 decimals) and stored money
 * (integer minor units). docs/product.md, Money.
 */

/**
 * Converts an API amount to integer minor units without float drift.
 * @param units number of currency units with at most 2 decimals, e.g. `2000.5`.
 * @returns integer cents, e.g. `200050`.
 * @throws RangeError when the amount has more than 2 decimals or is not a safe number.
 */
export function toMinor(units: number): number {
  if (!Number.isFinite(units)) throw new RangeError('amount is not a finite number');
  const text = String(units);
  if (/e/i.test(text)) throw new RangeError('amount out of range');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  if (frac.length > 2) throw new RangeError('amount has more than 2 decimals');
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount out of range');
  return units < 0 ? -minor : minor;
}

/**
 * Currency units with any number of decimals (a recorded price, a form's raw input) to the
 * nearest integer minor unit, halves away from zero; float noise of the ×100 is cut off first
 * (`1.005` → 101, not 100). Use {@link toMinor} where more than 2 decimals must be refused.
 * @param units a finite number of currency units.
 * @returns integer cents.
 */
export function roundToMinor(units: number): number {
  const cents = Number((units * 100).toPrecision(15));
  return Math.sign(cents) * Math.round(Math.abs(cents));
}

/**
 * Converts integer minor units to the API's currency-unit number.
 * @param minor integer cents.
 */
export function fromMinor(minor: number): number {
  return minor / 100;
}

/**
 * The withdrawal fee: `amount × basisPoints / 10 000`, rounded down to the cent (
 * docs/product.md, Withdrawals: 3 %). Shared by the server and the withdrawal form.
 * @param amountMinor integer minor units.
 * @returns integer minor units, 0 ≤ fee ≤ amount.
 */
export function withdrawalFeeMinor(amountMinor: number, basisPoints: number): number {
  return Number((BigInt(amountMinor) * BigInt(basisPoints)) / 10_000n);
}
