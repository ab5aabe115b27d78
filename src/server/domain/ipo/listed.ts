/**
 * Listed IPOs in the market: at `listingAt` an issue's symbol joins the
 * instrument master and the market feed, its price path starting at the discovered price, so the
 * allotted shares can be sold with `order/sell` and are valued at the live price. Every server
 * process keeps its own feed, so each one adds every listed symbol it does not know yet — on
 * each IPO job pass (at start, too: after a restart the feed resumes at the stored price).
 */
import { ipoDb } from '../../db/ipo-tables.js';
import type { Db } from '../../db/index.js';
import type { Market } from '../../market/index.js';
import { listedIpoInstrument } from '../../market/instruments.js';

/**
 * Adds the symbols of every listed, not cancelled issue that the market does not list yet.
 * @returns the symbols added by this call.
 * @throws the database's error; a feed that cannot start (the next pass tries again).
 */
export async function syncListedInstruments(db: Db, market: Market): Promise<string[]> {
  const listed = await ipoDb(db).selectFrom('ipos').select(['symbol', 'name', 'price_minor', 'discovered_price_minor']).where('listed_at', 'is not', null).where('cancelled_at', 'is', null).orderBy('listed_at').execute();
  const added: string[] = [];
  for (const row of listed) {
    if (market.instruments.some((i) => i.symbol === row.symbol)) continue;
    await market.list(listedIpoInstrument(row.symbol, row.name, Number(row.discovered_price_minor ?? row.price_minor)));
    added.push(row.symbol);
  }
  return added;
}
