/** Small rules shared by the offerings: amounts, instants, the price band. */
import { toMinor } from '../../../shared/money.js';
import { parseIndiaDateTime } from '../../../shared/india-time.js';
import type { Market } from '../../market/index.js';
import type { Instrument } from '../../market/instruments.js';
import { AppError } from '../errors.js';
import { instrumentOf } from '../markets.js';
import { readyFeed } from '../trading/context.js';

/**
 * A positive currency amount with at most 2 decimals, in minor units.
 * @throws AppError `amountInvalid`.
 */
export function positiveMinor(units: unknown): number {
  if (typeof units !== 'number') throw new AppError('amountInvalid');
  let minor: number;
  try {
    minor = toMinor(units);
  } catch {
    throw new AppError('amountInvalid');
  }
  if (minor <= 0) throw new AppError('amountInvalid');
  return minor;
}

/**
 * An instant given as epoch ms or an ISO 8601 date-time (without offset: India time) naming a
 * real calendar date and time (2026-02-30 is refused, not read as 2026-03-02).
 * @throws AppError `offerDateInvalid` (naming the value) when unreadable or not a calendar date.
 */
export function instantOf(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  const parsed = typeof value === 'string' ? parseIndiaDateTime(value) : null;
  if (parsed !== null) return parsed;
  throw new AppError('offerDateInvalid', { value: String(value).slice(0, 40) });
}

/** Whether `priceMinor` lies within ±`bandBps` basis points of `marketMinor`. */
export function withinBand(priceMinor: number, marketMinor: number, bandBps: number): boolean {
  return Math.abs(priceMinor - marketMinor) * 10_000 <= bandBps * marketMinor;
}

/** (price − market) / market in percent, 2 decimals. */
export function premiumPct(priceMinor: number, marketMinor: number): number {
  return Math.round(((priceMinor - marketMinor) / marketMinor) * 10_000) / 100;
}

/**
 * An equity and its feed price (last trade, also while the market is closed).
 * @throws AppError `unknownSymbol`, `symbolNotTradable` (an index), `marketUnavailable`.
 */
export async function equityWithPrice(market: Market, symbol: string): Promise<{ instrument: Instrument; priceMinor: number }> {
  const instrument = instrumentOf(market, symbol);
  if (instrument.kind !== 'equity') throw new AppError('symbolNotTradable', { symbol: instrument.symbol });
  const feed = await readyFeed(market);
  const quote = feed.quote(instrument.symbol);
  if (!quote) throw new AppError('marketUnavailable');
  return { instrument, priceMinor: quote.last };
}

/** Whole number in [min, max], else the given error. */
export function wholeIn(value: unknown, min: number, max: number, error: ConstructorParameters<typeof AppError>[0], values: Record<string, string | number> = {}): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new AppError(error, values);
  return value;
}
