/**
 * `markets/*` calls (docs/product.md, Calls). POST calls take a JSON body; the GET calls
 * (`remote`, `getNIFTY`, `getSensexData`) take query parameters, as docs/product.md, Calls lists them.
 * `historyOneDay` answers both `/markets/historyOneDay/{symbol}` and a `{symbol}` body.
 */
import type { FastifyRequest } from 'fastify';
import type { CallRegistry } from '../http/calls.js';
import { preparedEnvelope } from '../http/prepared.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { INDEX_SYMBOLS } from '../market/instruments.js';
import * as markets from '../domain/markets.js';
import { isFavourite } from '../domain/favourites.js';
import type { MarketHistory, MarketQuotes, MarketRankings, MarketSearch, MarketSymbol } from '../../shared/generated/index.js';

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

export function marketRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  calls.define({
    name: 'markets/getAllMarkets',
    effect: 'query',
    access: 'public',
    // One snapshot per feed batch, serialized (and compressed) once per locale.
    prepared: true,
    handle: async ({ locale }) => preparedEnvelope(deps.messages, locale, await markets.getAllMarkets(market)),
  });
  calls.define<MarketSearch>({
    name: 'markets/searchMarket',
    effect: 'query',
    access: 'public',
    body: 'api/marketSearch',
    handle: ({ body }) => markets.searchMarket(market, body.keyword),
  });
  calls.define<MarketSymbol>({
    name: 'markets/getMarket',
    effect: 'query',
    access: 'optional',
    body: 'api/marketSymbol',
    handle: ({ body, auth }) => markets.getMarket(market, body.symbol, auth ? (symbol) => isFavourite(deps, auth.userId, symbol) : null),
  });
  calls.define<MarketRankings>({
    name: 'markets/getRankings',
    effect: 'query',
    access: 'public',
    body: 'api/marketRankings',
    handle: ({ body }) => markets.getRankings(market, body.type, body.limit),
  });
  calls.define({
    name: 'markets/historyOneDay/:symbol',
    effect: 'query',
    access: 'public',
    handle: ({ request }) => markets.historyOneDay(market, String((request.params as { symbol?: string }).symbol ?? '')),
  });
  calls.define<MarketSymbol>({
    name: 'markets/historyOneDay',
    effect: 'query',
    access: 'public',
    body: 'api/marketSymbol',
    handle: ({ body }) => markets.historyOneDay(market, body.symbol),
  });
  calls.define<MarketHistory>({
    name: 'markets/history',
    effect: 'query',
    access: 'public',
    body: 'api/marketHistory',
    handle: ({ body }) => markets.history(market, body.symbol, body.range),
  });
  calls.define({
    name: 'markets/remote',
    effect: 'query',
    method: 'GET',
    access: 'public',
    handle: ({ request }) => markets.getQuotes(market, markets.parseSymbols(query(request).symbols)),
  });
  // The same snapshot for layouts, whose calls are POSTed by the renderer.
  calls.define<MarketQuotes>({
    name: 'markets/quotes',
    effect: 'query',
    access: 'public',
    body: 'api/marketQuotes',
    handle: ({ body }) => markets.getQuotes(market, markets.parseSymbols(body.symbols)),
  });
  calls.define({
    name: 'markets/getNIFTY',
    effect: 'query',
    method: 'GET',
    access: 'public',
    handle: () => markets.getMarket(market, INDEX_SYMBOLS.nifty, null),
  });
  calls.define({
    name: 'markets/getSensexData',
    effect: 'query',
    method: 'GET',
    access: 'public',
    handle: () => markets.getMarket(market, INDEX_SYMBOLS.sensex, null),
  });
  calls.define({
    name: 'markets/status',
    effect: 'query',
    access: 'public',
    handle: () => markets.getStatus(market),
  });
}
