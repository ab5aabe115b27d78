/**
 * Market-data shapes shared by providers, the feed and the domain. Prices are integer minor
 * units (paise), times epoch milliseconds, days India dates `YYYY-MM-DD`, volumes shares.
 */

/** One trade print: the last price of an instrument at an instant. */
export interface Tick {
  symbol: string;
  /** Market time of the tick (epoch ms). */
  time: number;
  /** Price in minor units, a multiple of the instrument's tick size. */
  price: number;
  /** Shares traded since the previous tick (0 for indices). */
  volume: number;
}

/** An OHLCV bar starting at `time`. */
export interface Bar {
  /** Start of the bar (epoch ms): a minute start for 1-minute bars, India midnight for daily bars. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A daily bar keyed by India date. */
export interface DailyBar extends Omit<Bar, 'time'> {
  day: string;
}

/** What the UI needs to know about where prices come from. */
export interface ProviderInfo {
  /** `simulated`, `replay` or a vendor id; also the key under which bars are stored. */
  id: string;
  /** True only for a live real-market vendor; otherwise the UI labels prices as not real. */
  real: boolean;
  /** Whether ticks follow the NSE session calendar (market open/closed is meaningful). */
  followsCalendar: boolean;
}

/**
 * A market-data provider: the feed asks it for ticks once per wall-clock second and
 * for history that precedes the live feed. Implementations: `simulated` (GBM), `replay`
 * (recorded CSV bars) and the vendor slot documented in `providers/vendor.ts`.
 */
export interface MarketDataProvider {
  readonly info: ProviderInfo;
  /**
   * Prepares the provider. `lastPrices` holds the last stored price per symbol (minor units)
   * for providers that continue a path (simulated); `wallMs` is the current wall time.
   */
  init(lastPrices: ReadonlyMap<string, number>, wallMs: number): Promise<void>;
  /** Market time for a wall-clock instant (identity except for replay). */
  marketTime(wallMs: number): number;
  /**
   * Ticks for one wall-clock second (`wallSecondMs` is a multiple of 1000). Called with
   * increasing seconds; seconds may be skipped after a pause, and the provider covers the gap.
   * Instruments without a new print are left out.
   */
  tick(wallSecondMs: number): Tick[];
  /**
   * At least `count` daily bars before `beforeDay`, oldest first. `anchorClose` is the price
   * the history must lead up to (minor units) for providers that generate it.
   */
  history(symbol: string, beforeDay: string, count: number, anchorClose: number): DailyBar[];
  /**
   * Optional, for providers that generate prices: 1-minute bars in [fromMs, toMs) that end at
   * `endPrice`, deterministic, so the first day's chart is not empty on a fresh start.
   */
  prelude?(symbol: string, fromMs: number, toMs: number, endPrice: number): Bar[];
  /**
   * Optional: starts a path for an instrument that joined after construction (an IPO
   * listing) at `startPrice` (minor units). Providers without it publish no ticks for it.
   */
  addInstrument?(instrument: import('./instruments.js').Instrument, startPrice: number): void;
  /** Releases connections (vendor adapters). */
  close?(): Promise<void>;
}
