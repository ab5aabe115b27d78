/**
 * Number formats for market data. Prices show exactly two decimals (prices are
 * multiples of 0.05, so nothing is rounded away and the truncation rule holds; docs/product.md, Display formats); changes carry
 * a sign; volumes are compact. Locale-aware (German format by default).
 */

import { indiaDateTimeFormat } from '../../src/shared/india-time';
import { numberFormat as format } from '../../src/shared/intl-cache';

/**
 * `2.450,35` — a price with two decimals; with its quote currency (every share, ETF
 * and IPO price is INR) `2.450,35 ₹`. Index levels are points and carry none.
 */
export function formatPrice(value: number | null | undefined, locale = 'de-DE', currency?: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'trunc' };
  return format(locale, currency ? { ...options, style: 'currency', currency } : options).format(value);
}

/** `+12,35` / `−3,10` — a signed price change. */
export function formatChange(value: number | null | undefined, locale = 'de-DE'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return format(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero', roundingMode: 'trunc' }).format(value);
}

/** `+1,25 %` — a signed percentage (the value is already in percent). */
export function formatPercent(value: number | null | undefined, locale = 'de-DE'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return format(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero', roundingMode: 'trunc' }).format(value / 100);
}

/** `1,2 Mio.` — a compact share count. */
export function formatVolume(value: number | null | undefined, locale = 'de-DE'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return format(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** `1.250` — a whole number (e.g. a lot size). */
export function formatInteger(value: number | null | undefined, locale = 'de-DE'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return format(locale, { maximumFractionDigits: 0 }).format(value);
}

/** `14:32` in India time. */
export function formatClock(epochMs: number, locale = 'de-DE'): string {
  return indiaDateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(epochMs));
}

/** Direction of a change: `up`, `down` or `flat` (for colours). */
export function trend(change: number | null | undefined): 'up' | 'down' | 'flat' {
  if (!change) return 'flat';
  return change > 0 ? 'up' : 'down';
}
