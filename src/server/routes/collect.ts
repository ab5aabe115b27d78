/** `collect/*` calls (docs/product.md, Calls): the caller's favourites, idempotent add and delete. */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import * as favourites from '../domain/favourites.js';
import type { MarketSymbol } from '../../shared/generated/index.js';

export function collectRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  calls.define({
    name: 'collect/list',
    effect: 'query',
    access: 'user',
    handle: async ({ auth }) => {
      await market.ready();
      return favourites.listFavourites(deps, market, auth!.userId);
    },
  });
  calls.define<MarketSymbol>({
    name: 'collect/add',
    effect: 'command',
    access: 'user',
    body: 'api/marketSymbol',
    handle: ({ auth, body }) => favourites.addFavourite(deps, market, auth!.userId, body.symbol),
  });
  calls.define<MarketSymbol>({
    name: 'collect/del',
    effect: 'command',
    access: 'user',
    body: 'api/marketSymbol',
    handle: ({ auth, body }) => favourites.removeFavourite(deps, market, auth!.userId, body.symbol),
  });
}
