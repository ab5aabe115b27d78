/** `collect/*` calls (docs/product.md, Calls): the caller's favourites, idempotent add and delete. */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import * as favourites from '../domain/favourites.js';
import type { MarketSymbol } from '../../shared/generated/index.js';

export function collectRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  const user = callsWith(calls, 'user');
  user.query('collect/list', undefined, async ({ auth }) => {
    await market.ready();
    return favourites.listFavourites(deps, market, auth!.userId);
  });
  user.command<MarketSymbol>('collect/add', 'api/marketSymbol', ({ auth, body }) => favourites.addFavourite(deps, market, auth!.userId, body.symbol));
  user.command<MarketSymbol>('collect/del', 'api/marketSymbol', ({ auth, body }) => favourites.removeFavourite(deps, market, auth!.userId, body.symbol));
}
