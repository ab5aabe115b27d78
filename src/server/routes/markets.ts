/**
 * `markets/*` calls (docs/product.md, Calls). POST calls take a JSON body; the GET calls
 * (`remote`, `getNIFTY`, `getSensexData`) take query parameters, as docs/product.md, Calls lists them.
 * `historyOneDay` answers both `/markets/historyOneDay/{symbol}` and a `{symbol}` body.
 */
import type { FastifyRequest } from 'fastify';
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import { preparedEnvelope } from '../http/prepared.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { INDEX_SYMBOLS } from '../market/instruments.js';
import * as markets from '../domain/markets.js';
import { isFavourite } from '../domain/favourites.js';
import type { MarketHistory, MarketQuotes, MarketRankings, MarketSearch, MarketSymbol } from '../../shared/generated/index.js';

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

export function marketRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  const open = callsWith(calls, 'public');
  const visitor = callsWith(calls, 'optional');
  open.query('markets/getAllMarkets', undefined, async ({ locale }) => preparedEnvelope(deps.messages, locale, await markets.getAllMarkets(market)), {
    // One snapshot per feed batch, serialized (and compressed) once per locale.
    prepared: true,
  });
  open.query<MarketSearch>('markets/searchMarket', 'api/marketSearch', ({ body }) => markets.searchMarket(market, body.keyword));
  visitor.query<MarketSymbol>('markets/getMarket', 'api/marketSymbol', ({ body, auth }) => markets.getMarket(market, body.symbol, auth ? (symbol) => isFavourite(deps, auth.userId, symbol) : null));
  open.query<MarketRankings>('markets/getRankings', 'api/marketRankings', ({ body }) => markets.getRankings(market, body.type, body.limit));
  open.query('markets/historyOneDay/:symbol', undefined, ({ request }) => markets.historyOneDay(market, String((request.params as { symbol?: string }).symbol ?? '')));
  open.query<MarketSymbol>('markets/historyOneDay', 'api/marketSymbol', ({ body }) => markets.historyOneDay(market, body.symbol));
  open.query<MarketHistory>('markets/history', 'api/marketHistory', ({ body }) => markets.history(market, body.symbol, body.range));
  open.query('markets/remote', undefined, ({ request }) => markets.getQuotes(market, markets.parseSymbols(query(request).symbols)), { method: 'GET' });
  // The same snapshot for layouts, whose calls are POSTed by the renderer.
  open.query<MarketQuotes>('markets/quotes', 'api/marketQuotes', ({ body }) => markets.getQuotes(market, markets.parseSymbols(body.symbols)));
  open.query('markets/getNIFTY', undefined, () => markets.getMarket(market, INDEX_SYMBOLS.nifty, null), { method: 'GET' });
  open.query('markets/getSensexData', undefined, () => markets.getMarket(market, INDEX_SYMBOLS.sensex, null), { method: 'GET' });
  open.query('markets/status', undefined, () => markets.getStatus(market));
}
