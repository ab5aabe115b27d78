/**
 * Favourites (`collect/*`, docs/product.md, Calls): a user's starred instruments. Adding
 * twice or removing a symbol that is not starred succeeds without change (idempotent).
 */
import type { QuoteView } from '../../shared/market.js';
import type { Market } from '../market/index.js';
import type { Deps } from './deps.js';
import { getQuotes, instrumentOf } from './markets.js';

/** Whether a user has starred a symbol. */
export async function isFavourite(deps: Deps, userId: string, symbol: string): Promise<boolean> {
  const row = await deps.db.selectFrom('favourites').select('symbol').where('user_id', '=', userId).where('symbol', '=', symbol).executeTakeFirst();
  return row !== undefined;
}

/** `collect/list`: the user's favourites with live quotes, newest star first. */
export async function listFavourites(deps: Deps, market: Market, userId: string): Promise<QuoteView[]> {
  const rows = await deps.db.selectFrom('favourites').select('symbol').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('symbol', 'asc').execute();
  const known = rows.map((r) => r.symbol).filter((symbol) => market.feed.instrument(symbol));
  return getQuotes(market, known);
}

/**
 * `collect/add`: stars a symbol (again: no change).
 * @returns the canonical symbol and `favourite: true`.
 * @throws AppError `unknownSymbol`.
 */
export async function addFavourite(deps: Deps, market: Market, userId: string, symbol: string): Promise<{ symbol: string; favourite: true }> {
  const instrument = instrumentOf(market, symbol);
  await deps.db
    .insertInto('favourites')
    .values({ user_id: userId, symbol: instrument.symbol, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
    .execute();
  return { symbol: instrument.symbol, favourite: true };
}

/**
 * `collect/del`: removes a star (absent: no change).
 * @throws AppError `unknownSymbol`.
 */
export async function removeFavourite(deps: Deps, market: Market, userId: string, symbol: string): Promise<{ symbol: string; favourite: false }> {
  const instrument = instrumentOf(market, symbol);
  await deps.db.deleteFrom('favourites').where('user_id', '=', userId).where('symbol', '=', instrument.symbol).execute();
  return { symbol: instrument.symbol, favourite: false };
}
