/**
 * An ETF as a market quote: the stand-alone ticket and `markets/getMarket`
 * show a fund like a share — last = the iNAV from the basket's live prices, previous close =
 * the NAV at the constituents' previous closes. ETFs are not feed instruments: they have no
 * day range, volume, ISIN or SSE stream (the client does not subscribe them; the ticket's
 * estimate prices the live iNAV on every change).
 */
import { fromMinor } from '../../../shared/money.js';
import type { QuoteView } from '../../../shared/market.js';
import type { MarketFeed } from '../../market/feed.js';
import { navMinor, type Etf } from './catalogue.js';

/** Change in percent of the previous NAV, 2 decimals (as for shares). */
const percent = (change: number, prev: number) => (prev ? Math.round((change / prev) * 10_000) / 100 : 0);

/**
 * The quote view of an ETF (currency units, INR): `kind: 'etf'`, `sector` = its benchmark.
 * @param feed a ready feed (constituent prices; the market time of the quote).
 */
export function etfQuoteView(feed: MarketFeed, etf: Etf): QuoteView {
  const last = navMinor(etf, (s) => feed.quote(s)?.last ?? null);
  const prev = navMinor(etf, (s) => feed.quote(s)?.prevClose ?? null);
  return {
    symbol: etf.symbol, name: etf.name, kind: 'etf', sector: etf.benchmark, currency: 'INR',
    last: fromMinor(last), change: fromMinor(last - prev), changePct: percent(last - prev, prev),
    open: null, high: null, low: null, prevClose: fromMinor(prev), volume: 0, time: feed.status().marketTime,
  };
}
