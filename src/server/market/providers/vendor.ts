/**
 * The slot for a real market-data vendor. A vendor adapter is a module that exports
 * `createProvider(context)` returning a {@link MarketDataProvider}; select it with
 * `MARKET_PROVIDER=module:/absolute/path/to/adapter.js` (options in `MARKET_VENDOR_OPTIONS`
 * as JSON). Nothing else in the server changes: the feed, bars, SSE and the UI work the same,
 * and an adapter that reports `info.real = true` removes the 'Simulated prices' label.
 *
 * How to write one (e.g. for a broker's WebSocket ticker):
 * - `init(lastPrices, wallMs)`: log in, subscribe to the instruments' tokens, start buffering
 *   the vendor's ticks (last price, cumulative volume, exchange timestamp) per symbol.
 * - `tick(wallSecondMs)`: drain the buffer and return one {@link Tick} per symbol that printed
 *   since the previous call — price in paise rounded to the instrument's tick, `volume` the
 *   shares traded since the previous tick (difference of the cumulative volume), `time` the
 *   exchange timestamp. Return `[]` when nothing printed; never block.
 * - `marketTime(wallMs)`: return `wallMs` (a live vendor is on wall time).
 * - `history(symbol, beforeDay, count)`: the vendor's historical daily candles before
 *   `beforeDay` (called once per instrument when the database has none; may be cached).
 * - `info`: `{id: '<vendor>', real: true, followsCalendar: true}`.
 * - `close()`: unsubscribe and close the socket.
 */
import type { Instrument } from '../instruments.js';
import type { MarketDataProvider } from '../types.js';

/** What the server passes to a vendor adapter's `createProvider`. */
export interface VendorContext {
  instruments: readonly Instrument[];
  /** Parsed `MARKET_VENDOR_OPTIONS`. */
  options: Record<string, unknown>;
}

/** A vendor adapter module's shape. */
export interface VendorModule {
  createProvider(context: VendorContext): MarketDataProvider | Promise<MarketDataProvider>;
}

/**
 * Loads a vendor adapter module.
 * @throws Error when the module does not export `createProvider`.
 */
export async function loadVendorProvider(modulePath: string, context: VendorContext): Promise<MarketDataProvider> {
  const module = (await import(modulePath)) as Partial<VendorModule>;
  if (typeof module.createProvider !== 'function') throw new Error(`${modulePath} does not export createProvider(context)`);
  return module.createProvider(context);
}
