/**
 * One currency story: instruments quote in their own currency
 * (INR for every NSE share, ETF and IPO), the account keeps money in the configured account
 * currency (`ACCOUNT_CURRENCY`, EUR by default, INR for an Indian deployment), and a buy or
 * sell of an INR instrument converts the INR amount at the feed's EUR/INR rate — the way
 * international brokers do. Isomorphic: the server moves money with it, the ticket shows it.
 */

/** Currencies the app knows. */
export const CURRENCIES = ['EUR', 'INR'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** Quote currency of every instrument in the master (NSE). */
export const QUOTE_CURRENCY: CurrencyCode = 'INR';

/** Symbol of the simulated EUR/INR rate in the market feed (INR per 1 EUR, in paise). */
export const FX_SYMBOL = 'EURINR';

/** The rate of a currency against itself, in minor units of the quote currency (1.00). */
export const SAME_CURRENCY_RATE_MINOR = 100;

/**
 * Which way a converted amount moves: `charge` — the investor pays it (a buy, an IPO
 * application, a plan's tranche); `credit` — the investor receives it (a sale's proceeds).
 */
export type MoneyDirection = 'charge' | 'credit';

/**
 * Converts an amount in the quote currency's minor units into the account currency's minor
 * units: `quoteMinor / rate`, rounded to the cent in the investor's favour — a charge is
 * truncated (never more than the exact amount: ₹1,364.05 at 104.14 = €13.098… is charged
 * €13.09), a credit is rounded up (never less than the exact amount).
 * @param quoteMinor e.g. paise (`300000` = ₹3,000.00), ≥ 0.
 * @param rateMinor quote-currency minor units per one account-currency unit, e.g. `10420`
 *   (EUR/INR 104.20); {@link SAME_CURRENCY_RATE_MINOR} when both are the same (no conversion).
 * @param direction `charge` (default) or `credit`, see {@link MoneyDirection}.
 * @returns e.g. cents (`2879` = €28.79).
 * @throws RangeError when the rate is not a positive integer.
 */
export function toAccountMinor(quoteMinor: number, rateMinor: number, direction: MoneyDirection = 'charge'): number {
  if (!Number.isSafeInteger(rateMinor) || rateMinor <= 0) throw new RangeError('rate must be a positive integer of minor units');
  if (rateMinor === SAME_CURRENCY_RATE_MINOR) return quoteMinor;
  const sign = quoteMinor < 0 ? -1n : 1n;
  const scaled = BigInt(Math.abs(quoteMinor)) * BigInt(SAME_CURRENCY_RATE_MINOR);
  const rate = BigInt(rateMinor);
  const magnitude = direction === 'charge' ? scaled / rate : (scaled + rate - 1n) / rate;
  return Number(sign * magnitude);
}

/**
 * Converts an amount in the account currency's minor units into the quote currency's minor
 * units at `rateMinor`, rounded up to the paisa: what must be paid in the quote currency so
 * that at least `accountMinor` arrives (a deposit's rupee transfer: €50.00 at 104.20 = ₹5,210.00;
 * €0.01 at 104.15 = ₹1.0415… → ₹1.05).
 * @param accountMinor e.g. cents, ≥ 0.
 * @param rateMinor quote-currency minor units per one account-currency unit, e.g. `10420`.
 * @returns e.g. paise.
 * @throws RangeError when the rate is not a positive integer or the amount is negative.
 */
export function toQuoteMinor(accountMinor: number, rateMinor: number): number {
  if (!Number.isSafeInteger(rateMinor) || rateMinor <= 0) throw new RangeError('rate must be a positive integer of minor units');
  if (!Number.isSafeInteger(accountMinor) || accountMinor < 0) throw new RangeError('amount must be a non-negative integer of minor units');
  const unit = BigInt(SAME_CURRENCY_RATE_MINOR);
  return Number((BigInt(accountMinor) * BigInt(rateMinor) + unit - 1n) / unit);
}

/** The currency's symbol for labels (`€`, `₹`). */
export function currencySymbol(code: string): string {
  return code === 'INR' ? '₹' : code === 'EUR' ? '€' : code;
}

/** Whether a text names a currency the app knows. */
export function isCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
