/**
 * The conversion rate of a trade: INR instruments bought or
 * sold from an account in another currency convert at the feed's EUR/INR rate (simulated like
 * every other price, and labelled the same way); an INR account converts nothing.
 */
import { FX_SYMBOL, QUOTE_CURRENCY, SAME_CURRENCY_RATE_MINOR, toAccountMinor, type CurrencyCode, type MoneyDirection } from '../../shared/currency.js';
import { fromMinor } from '../../shared/money.js';
import type { Market } from '../market/index.js';
import { AppError } from './errors.js';

/** The rate a trade converts at. */
export interface FxRate {
  /** Currency of the instrument's price (always INR today). */
  quoteCurrency: CurrencyCode;
  /** Currency of the account's money (`ACCOUNT_CURRENCY`). */
  accountCurrency: CurrencyCode;
  /** Quote-currency minor units per one account-currency unit (EUR/INR 104.20 → 10420; 100 when equal). */
  rateMinor: number;
}

/** The conversion part of a ticket or receipt, in currency units. */
export interface FxView {
  /** Quote currency of `price` (INR). */
  currency: CurrencyCode;
  accountCurrency: CurrencyCode;
  /** Quote-currency units per account-currency unit, e.g. 104.2 (1 when not converted). */
  rate: number;
}

/**
 * The current rate from the feed.
 * @param accountCurrency `config.money.accountCurrency`.
 * @throws AppError `marketUnavailable` when the feed cannot start or has no EUR/INR quote.
 */
export async function currentFx(market: Market, accountCurrency: CurrencyCode): Promise<FxRate> {
  if (accountCurrency === QUOTE_CURRENCY) return { quoteCurrency: QUOTE_CURRENCY, accountCurrency, rateMinor: SAME_CURRENCY_RATE_MINOR };
  let feed;
  try {
    feed = await market.ready();
  } catch {
    throw new AppError('marketUnavailable');
  }
  const quote = feed.quote(FX_SYMBOL);
  if (!quote || quote.last <= 0) throw new AppError('marketUnavailable');
  return { quoteCurrency: QUOTE_CURRENCY, accountCurrency, rateMinor: quote.last };
}

/**
 * INR minor units → account minor units at this rate, in the investor's favour
 * (`toAccountMinor`: a charge truncated, a credit rounded up; valuations use `charge`).
 */
export function convert(fx: Pick<FxRate, 'rateMinor'>, quoteMinor: number, direction: MoneyDirection = 'charge'): number {
  return toAccountMinor(quoteMinor, fx.rateMinor, direction);
}

/** The rate as the API shows it. */
export function fxView(fx: FxRate): FxView {
  return { currency: fx.quoteCurrency, accountCurrency: fx.accountCurrency, rate: fromMinor(fx.rateMinor) };
}
