/** What trading operations need besides `Deps`: the market (prices) and the tick recorder. */
import type { Market } from '../../market/index.js';
import type { MarketFeed } from '../../market/feed.js';
import type { Instrument } from '../../market/instruments.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { instrumentOf } from '../markets.js';
import type { TickRecorder } from './ticks.js';

/** Trading's dependencies, built once per server (`app.ts`). */
export interface TradingContext {
  deps: Deps;
  market: Market;
  recorder: TickRecorder;
}

/**
 * The ready feed, caught up to the clock.
 * @throws AppError `marketUnavailable` when the feed cannot start.
 */
export async function readyFeed(market: Market): Promise<MarketFeed> {
  try {
    return await market.ready();
  } catch {
    throw new AppError('marketUnavailable');
  }
}

/** An instrument and its current price in minor units (the server's price, never the client's). */
export interface PricedInstrument {
  instrument: Instrument;
  priceMinor: number;
}

/**
 * The instrument and its live price; refuses when the feed follows the calendar and the
 * market is closed.
 * @throws AppError `unknownSymbol`, `marketUnavailable`, `marketClosed`.
 */
export async function livePrice(market: Market, symbol: string): Promise<PricedInstrument> {
  const instrument = instrumentOf(market, symbol);
  const feed = await readyFeed(market);
  if (!feed.status().open) throw new AppError('marketClosed');
  const quote = feed.quote(instrument.symbol);
  if (!quote) throw new AppError('marketUnavailable');
  return { instrument, priceMinor: quote.last };
}

/** The display name of a symbol (the symbol itself when unknown). */
export function nameOf(market: Market, symbol: string): string {
  return market.feed.instrument(symbol)?.name ?? symbol;
}
