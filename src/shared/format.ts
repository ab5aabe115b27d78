/**
 * Display formats shared by the browser and the server (docs/product.md, Display formats).
 *
 * Money shows in the account currency (euros unless configured otherwise), German format, 2 decimals truncated toward zero (never rounded);
 * other numbers show at most 3 decimals, truncated. Truncation is done by Intl's
 * `roundingMode: 'trunc'`, which works on the shortest decimal representation of the
 * double, so 0.29 stays 0,29 (a naive `Math.trunc(v * 100)` would give 0,28).
 */

import { fromMinor } from './money.js';
import { numberFormat } from './intl-cache.js';

function moneyFormat(currency: string): Intl.NumberFormat {
  return numberFormat('de-DE', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
    signDisplay: 'negative',
  });
}

let accountCurrency = 'EUR';

/**
 * Sets the account currency money is shown in (`ACCOUNT_CURRENCY`; the client reads
 * it from the page's `nivesh-currency` meta tag at start). EUR until set.
 */
export function setAccountCurrency(code: string): void {
  if (/^[A-Z]{3}$/.test(code)) accountCurrency = code;
}

/** The account currency money is shown in (ISO 4217 code). */
export function getAccountCurrency(): string {
  return accountCurrency;
}

/**
 * Formats an amount of money for display (docs/product.md, Display formats).
 * @param units amount in currency units, e.g. `2000.5`; as sent by the API.
 * @param currency ISO 4217 code; the account currency by default (money the API sends is in
 *   it), `INR` for an instrument's price or an amount before conversion.
 * @returns e.g. `2.000,50 €`, `3.000,00 ₹`; `-0,009` shows as `0,00 €` (no negative zero).
 */
export function formatMoney(units: number, currency: string = accountCurrency): string {
  if (!Number.isFinite(units)) return '–';
  return moneyFormat(currency).format(units);
}

/**
 * Formats an amount held in integer minor units (cents) for display.
 * @param minor integer number of cents.
 */
export function formatMinorMoney(minor: number): string {
  return formatMoney(fromMinor(minor));
}

/**
 * Formats a non-money number: at most 3 decimals, truncated (docs/product.md, Display formats).
 * @param value any finite number.
 * @param locale BCP 47 locale, German format by default.
 */
export function formatNumber(value: number, locale = 'de-DE'): string {
  if (!Number.isFinite(value)) return '–';
  return numberFormat(locale, { maximumFractionDigits: 3, roundingMode: 'trunc', signDisplay: 'negative' }).format(value);
}

/**
 * Masks all but the last four characters of an account or ID number: `•••• 1234`.
 * @param value the full number; shorter than 5 characters shows as is.
 */
export function maskTail(value: string): string {
  const clean = String(value ?? '').replace(/\s+/g, '');
  if (clean.length <= 4) return clean;
  return `•••• ${clean.slice(-4)}`;
}
