/**
 * Market data shapes as the API and the SSE stream send them, shared by the server
 * and the renderer. Prices are in currency units with at most 2 decimals (converted from the
 * server's integer minor units), percentages in percent, times epoch milliseconds.
 */

/**
 * A quote's trading day so far, in the unit of the record that carries it: integer minor units
 * in the server's live state, currency units in {@link QuoteView}. Times are market time (epoch ms).
 */
export interface QuoteDay {
  symbol: string;
  /** Last traded price. */
  last: number;
  /** Today's open, high, low (null before the day's first tick). */
  open: number | null;
  high: number | null;
  low: number | null;
  /** Close of the previous day. */
  prevClose: number;
  /** Shares traded today. */
  volume: number;
  /** Market time of the last tick. */
  time: number;
}

/** A live quote: `markets/getAllMarkets` items, `markets/remote`, SSE `quote` events. Prices in currency units. */
export interface QuoteView extends QuoteDay {
  name: string;
  /**
   * `fx` only for the EUR/INR rate, which no list shows; `etf` only from
   * `markets/getMarket` for an ETF (priced from its basket, not streamed).
   */
  kind: 'equity' | 'index' | 'fx' | 'etf';
  sector: string;
  /** Quote currency of the prices: `INR`; null for an index (points). */
  currency?: 'INR' | null;
  /** last − prevClose. */
  change: number;
  /** change / prevClose × 100, 2 decimals. */
  changePct: number;
}

/** `markets/getMarket`: the quote with instrument details and the year's range. */
export interface MarketDetailView extends QuoteView {
  isin: string | null;
  lotSize: number;
  tickSize: number;
  yearHigh: number | null;
  yearLow: number | null;
  /** Whether the caller has starred it; null for visitors. */
  favourite: boolean | null;
  status: MarketStatusView;
}

/** Where prices come from and whether the market is open: the feed's status as the UI shows it. */
export interface MarketStatusView {
  /** `simulated`, `replay` or a vendor id. */
  provider: string;
  /** False for simulated and replayed prices: the UI must label them ('Simulated prices'). */
  real: boolean;
  /** Whether open/closed follows the NSE calendar (09:15–15:30 India time, weekdays). */
  followsCalendar: boolean;
  /** Open per the NSE calendar when the provider follows it; always true otherwise. */
  open: boolean;
  /** Market time now (epoch ms). */
  marketTime: number;
  /** Next session open (epoch ms) when closed, else null. */
  nextOpen: number | null;
  /** Close of the running session (epoch ms) when open and following the calendar, else null. */
  closesAt: number | null;
}

/** One OHLCV bar: `t` bar start (epoch ms), prices in currency units, `v` shares. */
export interface BarView {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** Chart ranges of `markets/history` (1D is `markets/historyOneDay`). */
export const HISTORY_RANGES = ['5D', '1M', '6M', '1Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** Ranking types of `markets/getRankings`. */
export const RANKING_TYPES = ['gainers', 'losers', 'active'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];

/** `markets/historyOneDay` and `markets/history` answers. */
export interface HistoryView {
  symbol: string;
  /** `1D` for today's 1-minute bars. */
  range: '1D' | HistoryRange;
  /** `1m`, `15m` or `1d`. */
  interval: '1m' | '15m' | '1d';
  /** Previous close (a baseline for the 1D chart). */
  prevClose: number;
  bars: BarView[];
  /** True when some bars were generated (simulated history), not recorded by the feed. */
  synthetic: boolean;
}
