/**
 * Market reads (docs/product.md, Calls): the quote snapshot, search, one
 * market's detail, rankings, today's 1-minute bars and longer chart history. Everything is
 * served from the feed's memory except history, which reads stored bars. Prices leave here in
 * currency units (the feed keeps integer minor units).
 */
import { fromMinor } from '../../shared/money.js';
import { HISTORY_RANGES, RANKING_TYPES, type BarView, type HistoryRange, type HistoryView, type MarketDetailView, type MarketStatusView, type QuoteView, type RankingType } from '../../shared/market.js';
import { resample } from '../market/bars.js';
import { addDays } from '../market/calendar.js';
import { indiaDay, indiaMidnight } from '../../shared/india-time.js';
import type { QuoteState } from '../market/feed.js';
import type { Market } from '../market/index.js';
import type { Instrument } from '../market/instruments.js';
import { intradayFromDaily } from '../market/synth.js';
import type { Bar, DailyBar } from '../market/types.js';
import { AppError } from './errors.js';
import { findEtf } from './etf/catalogue.js';
import { etfQuoteView } from './etf/quote.js';

/** Most symbols one `markets/remote` or stream request may name. */
export const MAX_SYMBOLS = 60;
/** Most search results. */
export const SEARCH_LIMIT = 20;

/** Change in percent of the previous close, 2 decimals. */
function percent(change: number, prevClose: number): number {
  return prevClose ? Math.round((change / prevClose) * 10_000) / 100 : 0;
}

/** The API's quote view of a feed state. */
export function quoteView(instrument: Instrument, state: QuoteState): QuoteView {
  const change = state.last - state.prevClose;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    kind: instrument.kind,
    sector: instrument.sector,
    currency: instrument.currency,
    last: fromMinor(state.last),
    change: fromMinor(change),
    changePct: percent(change, state.prevClose),
    open: state.open === null ? null : fromMinor(state.open),
    high: state.high === null ? null : fromMinor(state.high),
    low: state.low === null ? null : fromMinor(state.low),
    prevClose: fromMinor(state.prevClose),
    volume: state.volume,
    time: state.time,
  };
}

/** Ready feed, caught up to the clock. @throws AppError `marketUnavailable` when the feed cannot start. */
async function feedOf(market: Market) {
  try {
    return await market.ready();
  } catch {
    throw new AppError('marketUnavailable');
  }
}

/**
 * The instrument for a symbol (exact, then case-insensitive).
 * @throws AppError `unknownSymbol`.
 */
export function instrumentOf(market: Market, symbol: string): Instrument {
  const exact = market.feed.instrument(symbol);
  if (exact) return exact;
  const upper = String(symbol ?? '').trim().toUpperCase();
  const found = market.instruments.find((i) => i.symbol === upper);
  if (!found) throw new AppError('unknownSymbol', { symbol: String(symbol ?? '').slice(0, 24) });
  return found;
}

function viewOf(market: Market, instrument: Instrument): QuoteView {
  return quoteView(instrument, market.feed.quote(instrument.symbol)!);
}

const snapshots = new WeakMap<Market, { seq: number; views: QuoteView[] }>();

/** `markets/getAllMarkets`: every instrument's quote, indices first (built once per feed batch). */
export async function getAllMarkets(market: Market): Promise<QuoteView[]> {
  const feed = await feedOf(market);
  const cached = snapshots.get(market);
  if (cached && cached.seq === feed.lastSeq) return cached.views;
  const views = market.instruments.map((instrument) => quoteView(instrument, feed.quote(instrument.symbol)!));
  snapshots.set(market, { seq: feed.lastSeq, views });
  return views;
}

/**
 * `markets/searchMarket`: instruments whose symbol or name contains the keyword
 * (case-insensitive): exact symbol first, then symbol prefixes, name prefixes, word prefixes
 * and other matches. An empty keyword finds nothing (an empty list, not an error).
 */
export async function searchMarket(market: Market, keyword: string): Promise<QuoteView[]> {
  await feedOf(market);
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const scored: Array<{ instrument: Instrument; score: number }> = [];
  for (const instrument of market.instruments) {
    const symbol = instrument.symbol.toLowerCase();
    const name = instrument.name.toLowerCase();
    const score =
      symbol === k ? 0
      : symbol.startsWith(k) ? 1
      : name.startsWith(k) ? 2
      : name.split(/[\s&.-]+/).some((word) => word.startsWith(k)) ? 3
      : symbol.includes(k) ? 4
      : name.includes(k) ? 5
      : -1;
    if (score >= 0) scored.push({ instrument, score });
  }
  scored.sort((a, b) => a.score - b.score || a.instrument.symbol.localeCompare(b.instrument.symbol));
  return scored.slice(0, SEARCH_LIMIT).map(({ instrument }) => viewOf(market, instrument));
}

/** The status view. */
export function statusView(market: Market): MarketStatusView {
  return market.feed.status();
}

/** `markets/status`: price source and open/closed. */
export async function getStatus(market: Market): Promise<MarketStatusView> {
  await feedOf(market);
  return statusView(market);
}

/**
 * `markets/getMarket`: the quote with open, high, low, previous close, 52-week range,
 * volume, instrument details and (for a logged-in caller) the favourite flag. An ETF symbol
 * answers its iNAV quote (`kind: 'etf'`, no ranges, no favourite flag).
 * @param isFavourite resolves the caller's star; null for visitors.
 * @throws AppError `unknownSymbol`.
 */
export async function getMarket(market: Market, symbol: string, isFavourite: ((symbol: string) => Promise<boolean>) | null): Promise<MarketDetailView> {
  const feed = await feedOf(market);
  // An ETF quotes like a share (its iNAV), so the ticket /buy serves both; no star.
  const etf = findEtf(market, symbol);
  if (etf) return { ...etfQuoteView(feed, etf), isin: null, lotSize: 1, tickSize: 0.01, yearHigh: null, yearLow: null, favourite: null, status: statusView(market) };
  const instrument = instrumentOf(market, symbol);
  const range = feed.yearRange(instrument.symbol);
  return {
    ...viewOf(market, instrument),
    isin: instrument.isin,
    lotSize: instrument.lotSize,
    tickSize: fromMinor(instrument.tickSizeMinor),
    yearHigh: range ? fromMinor(range.high) : null,
    yearLow: range ? fromMinor(range.low) : null,
    favourite: isFavourite ? await isFavourite(instrument.symbol) : null,
    status: statusView(market),
  };
}

/**
 * `markets/remote`: quotes for a list of symbols, in the order asked.
 * @throws AppError `unknownSymbol` (names the first unknown one), `tooManySymbols`.
 */
export async function getQuotes(market: Market, symbols: readonly string[]): Promise<QuoteView[]> {
  await feedOf(market);
  if (symbols.length > MAX_SYMBOLS) throw new AppError('tooManySymbols', { max: MAX_SYMBOLS });
  return symbols.map((symbol) => viewOf(market, instrumentOf(market, symbol)));
}

/** Splits a `symbols` list (`A,B` or repeated) into trimmed, distinct symbols. */
export function parseSymbols(raw: unknown): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => String(value ?? '').split(','));
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

/**
 * `markets/getRankings`: top equities by change % (gainers, losers) or by volume (active).
 * @throws AppError `unknownRanking` for another type.
 */
export async function getRankings(market: Market, type: string, limit = 10): Promise<QuoteView[]> {
  const feed = await feedOf(market);
  if (!(RANKING_TYPES as readonly string[]).includes(type)) throw new AppError('unknownRanking', { type: String(type).slice(0, 20) });
  const views = market.instruments.filter((i) => i.kind === 'equity').map((i) => quoteView(i, feed.quote(i.symbol)!));
  const sorters: Record<RankingType, (a: QuoteView, b: QuoteView) => number> = {
    gainers: (a, b) => b.changePct - a.changePct,
    losers: (a, b) => a.changePct - b.changePct,
    active: (a, b) => b.volume - a.volume,
  };
  const sorted = views.sort((a, b) => sorters[type as RankingType](a, b) || a.symbol.localeCompare(b.symbol));
  const filtered = type === 'gainers' ? sorted.filter((q) => q.changePct > 0) : type === 'losers' ? sorted.filter((q) => q.changePct < 0) : sorted;
  return filtered.slice(0, Math.min(Math.max(1, limit), 50));
}

const toView = (bar: Bar): BarView => ({ t: bar.time, o: fromMinor(bar.open), h: fromMinor(bar.high), l: fromMinor(bar.low), c: fromMinor(bar.close), v: bar.volume });
const dailyToBar = (bar: DailyBar): Bar => ({ time: indiaMidnight(bar.day), open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume });

/**
 * `markets/historyOneDay/{symbol}`: today's 1-minute bars including the minute in progress.
 * @throws AppError `unknownSymbol`.
 */
export async function historyOneDay(market: Market, symbol: string): Promise<HistoryView> {
  const feed = await feedOf(market);
  const instrument = instrumentOf(market, symbol);
  const bars = await feed.todayBars(instrument.symbol);
  return {
    symbol: instrument.symbol,
    range: '1D',
    interval: '1m',
    prevClose: fromMinor(feed.quote(instrument.symbol)!.prevClose),
    bars: bars.map(toView),
    synthetic: false,
  };
}

const RANGE_DAYS: Record<Exclude<HistoryRange, '5D'>, number> = { '1M': 31, '6M': 183, '1Y': 365 };
const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * `markets/history`: 5D as 15-minute bars (recorded minutes; days before the feed ran are
 * generated from their daily bar and flagged `synthetic`), 1M, 6M and 1Y as daily bars.
 * @throws AppError `unknownSymbol`, `unknownRange`.
 */
export async function history(market: Market, symbol: string, range: string): Promise<HistoryView> {
  const feed = await feedOf(market);
  const instrument = instrumentOf(market, symbol);
  if (!(HISTORY_RANGES as readonly string[]).includes(range)) throw new AppError('unknownRange', { range: String(range).slice(0, 8) });
  const quote = feed.quote(instrument.symbol)!;
  const today = feed.today;
  if (range !== '5D') {
    const days = await feed.dailyBars(instrument.symbol, addDays(today, -RANGE_DAYS[range as Exclude<HistoryRange, '5D'>]));
    return {
      symbol: instrument.symbol,
      range: range as HistoryRange,
      interval: '1d',
      prevClose: fromMinor(days[0] ? days[0].open : quote.prevClose),
      bars: days.map(dailyToBar).map(toView),
      synthetic: false,
    };
  }
  const days = (await feed.dailyBars(instrument.symbol, addDays(today, -14))).slice(-5);
  const from = days[0] ? indiaMidnight(days[0].day) : indiaMidnight(today);
  const minutes = await feed.minuteBars(instrument.symbol, from, indiaMidnight(today));
  const todayBars = await feed.todayBars(instrument.symbol);
  const recordedDays = new Set(minutes.map((bar) => indiaDay(bar.time)));
  let synthetic = false;
  const bars: Bar[] = [];
  for (const day of days) {
    if (day.day === today) continue;
    if (recordedDays.has(day.day)) {
      bars.push(...resample(minutes.filter((bar) => bar.time >= indiaMidnight(day.day) && bar.time < indiaMidnight(addDays(day.day, 1))), FIFTEEN_MINUTES));
    } else {
      synthetic = true;
      const open = market.calendar.sessionBounds(day.day).open;
      bars.push(...intradayFromDaily(instrument.symbol, day, open, FIFTEEN_MINUTES, 25, instrument.tickSizeMinor));
    }
  }
  bars.push(...resample(todayBars, FIFTEEN_MINUTES));
  return {
    symbol: instrument.symbol,
    range: '5D',
    interval: '15m',
    prevClose: fromMinor(days[0]?.open ?? quote.prevClose),
    bars: bars.map(toView),
    synthetic,
  };
}
