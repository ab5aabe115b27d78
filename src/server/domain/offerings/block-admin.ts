/**
 * The operator's block-trading desk (operator): `admin/blockTrading/save`
 * creates or edits an offer, `…/list` lists every offer with what was sold, `…/close` ends one.
 * The offer price must lie within `BLOCK_PRICE_BAND_BPS` of the feed price when saved (as on
 * NSE's block-deal window, ±1 %). Every change is audited in the same transaction.
 */
import type { BlockOfferForm } from '../../../shared/generated/index.js';
import { sql } from 'kysely';
import { fromMinor } from '../../../shared/money.js';
import { offeringsDb, type BlockOffersTable } from '../../db/offerings-tables.js';
import { writeAudit } from '../audit.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { isSqlite, moneyTransaction } from '../ledger/index.js';
import type { TradingContext } from '../trading/context.js';
import { nameOf } from '../trading/context.js';
import { equityWithPrice, instantOf, positiveMinor, premiumPct, wholeIn, withinBand } from './common.js';

/** Body of `admin/blockTrading/save` (the generated type of the form's contract, schemas/contracts/blockTradingController.schema.json): price in currency units, instants epoch ms (or ISO, India time). */
export type BlockOfferInput = BlockOfferForm;

/** An offer as the operator sees it (currency units, epoch ms). */
export interface BlockOfferAdminView {
  id: string;
  symbol: string;
  name: string;
  price: number;
  marketPrice: number | null;
  premiumPct: number | null;
  quantity: number;
  remaining: number;
  sold: number;
  minQuantity: number;
  opensAt: number;
  closesAt: number;
  lockDays: number;
  status: BlockStatus;
}

/** Investor-facing status of an offer at an instant. */
export type BlockStatus = 'upcoming' | 'open' | 'soldOut' | 'closed';

/** The status of an offer row at `now`. */
export function blockStatus(row: Pick<BlockOffersTable, 'status' | 'opens_at' | 'closes_at' | 'remaining'>, now: number): BlockStatus {
  if (row.status === 'closed' || now >= Number(row.closes_at)) return 'closed';
  if (Number(row.remaining) === 0) return 'soldOut';
  return now < Number(row.opens_at) ? 'upcoming' : 'open';
}

function adminView(ctx: TradingContext, row: BlockOffersTable, now: number): BlockOfferAdminView {
  const market = ctx.market.feed.quote(row.symbol)?.last ?? null;
  return {
    id: row.id, symbol: row.symbol, name: nameOf(ctx.market, row.symbol), price: fromMinor(Number(row.price_minor)),
    marketPrice: market === null ? null : fromMinor(market), premiumPct: market === null ? null : premiumPct(Number(row.price_minor), market),
    quantity: Number(row.quantity), remaining: Number(row.remaining), sold: Number(row.quantity) - Number(row.remaining), minQuantity: Number(row.min_quantity),
    opensAt: Number(row.opens_at), closesAt: Number(row.closes_at), lockDays: Number(row.lock_days), status: blockStatus(row, now),
  };
}

/**
 * Creates (no `id`) or edits an offer.
 * @throws AppError `unknownSymbol`, `symbolNotTradable`, `amountInvalid` (price), `offerQuantityInvalid`
 *   (quantity, minimum, or a quantity below what was already sold), `offerDateInvalid` (not a
 *   calendar date), `offerWindowInvalid` (closing not after opening), `offerWindowEnded` (closing
 *   not in the future),
 *   `blockPriceOutOfBand`, `blockOfferNotFound`, `blockClosed` (editing a closed offer).
 */
export async function saveBlockOffer(ctx: TradingContext, actorUserId: string, input: BlockOfferInput): Promise<BlockOfferAdminView> {
  const { deps } = ctx;
  const { instrument, priceMinor: marketMinor } = await equityWithPrice(ctx.market, input.symbol);
  const priceMinor = positiveMinor(input.price);
  const quantity = wholeIn(input.quantity, 1, 10_000_000, 'offerQuantityInvalid');
  const minQuantity = wholeIn(input.minQuantity, 1, quantity, 'offerQuantityInvalid');
  const lockDays = wholeIn(input.lockDays, 0, 3650, 'offerQuantityInvalid');
  const opensAt = instantOf(input.opensAt);
  const closesAt = instantOf(input.closesAt);
  if (closesAt <= opensAt) throw new AppError('offerWindowInvalid');
  if (closesAt <= ctx.deps.clock.now()) throw new AppError('offerWindowEnded');
  const band = deps.config.offerings.blockPriceBandBps;
  if (!withinBand(priceMinor, marketMinor, band)) {
    throw new AppError('blockPriceOutOfBand', { price: fromMinor(priceMinor), market: fromMinor(marketMinor), band: band / 100 });
  }
  const now = deps.clock.now();
  const row = await moneyTransaction(deps.db, async (trx) => {
    const o = offeringsDb(trx);
    if (!input.id) {
      const created: BlockOffersTable = {
        id: newId(), symbol: instrument.symbol, price_minor: priceMinor, quantity, remaining: quantity, min_quantity: minQuantity, opens_at: opensAt, closes_at: closesAt,
        lock_days: lockDays, status: 'open', created_by: actorUserId, created_at: now, updated_at: now,
      };
      await o.insertInto('block_offers').values(created).execute();
      await writeAudit(trx, { actorUserId, action: 'blockOffer.create', entity: 'block_offer', entityId: created.id, after: created, at: now });
      return created;
    }
    let read = o.selectFrom('block_offers').selectAll().where('id', '=', input.id);
    if (!isSqlite(trx)) read = read.forUpdate();
    const before = await read.executeTakeFirst();
    if (!before) throw new AppError('blockOfferNotFound');
    if (before.status === 'closed') throw new AppError('blockClosed');
    const sold = Number(before.quantity) - Number(before.remaining);
    if (quantity < sold) throw new AppError('offerQuantityInvalid');
    const after: BlockOffersTable = {
      ...before, symbol: instrument.symbol, price_minor: priceMinor, quantity, remaining: quantity - sold, min_quantity: minQuantity,
      opens_at: opensAt, closes_at: closesAt, lock_days: lockDays, updated_at: now,
    };
    if (sold > 0 && after.symbol !== before.symbol) throw new AppError('offerQuantityInvalid');
    await o
      .updateTable('block_offers')
      .set({ symbol: after.symbol, price_minor: priceMinor, quantity, remaining: remainingAfterEdit(quantity, Number(before.quantity)), min_quantity: minQuantity, opens_at: opensAt, closes_at: closesAt, lock_days: lockDays, updated_at: now })
      .where('id', '=', before.id)
      .execute();
    await writeAudit(trx, { actorUserId, action: 'blockOffer.update', entity: 'block_offer', entityId: before.id, before, after, at: now });
    return (await o.selectFrom('block_offers').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow()) as BlockOffersTable;
  });
  return adminView(ctx, row, now);
}

/**
 * `remaining` moves by the change in quantity (never set from a read: the row lock on
 * PostgreSQL and the write lock on SQLite order it with concurrent purchases).
 */
function remainingAfterEdit(quantity: number, oldQuantity: number) {
  return sql<number>`remaining + ${quantity - oldQuantity}`;
}

/** Every offer, newest first. */
export async function listBlockOffers(ctx: TradingContext): Promise<{ items: BlockOfferAdminView[]; total: number }> {
  const rows = await offeringsDb(ctx.deps.db).selectFrom('block_offers').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  const now = ctx.deps.clock.now();
  return { items: rows.map((r) => adminView(ctx, r as BlockOffersTable, now)), total: rows.length };
}

/**
 * Closes an offer (no more purchases; bought shares stay locked as agreed).
 * @throws AppError `blockOfferNotFound`, `blockClosed` (already closed).
 */
export async function closeBlockOffer(ctx: TradingContext, actorUserId: string, id: string): Promise<BlockOfferAdminView> {
  const now = ctx.deps.clock.now();
  const row = await moneyTransaction(ctx.deps.db, async (trx) => {
    const o = offeringsDb(trx);
    const closed = await o.updateTable('block_offers').set({ status: 'closed', updated_at: now }).where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
    if (!closed) {
      const exists = await o.selectFrom('block_offers').select('id').where('id', '=', id).executeTakeFirst();
      throw new AppError(exists ? 'blockClosed' : 'blockOfferNotFound');
    }
    await writeAudit(trx, { actorUserId, action: 'blockOffer.close', entity: 'block_offer', entityId: id, before: { status: 'open' }, after: { status: 'closed' }, at: now });
    return closed as BlockOffersTable;
  });
  return adminView(ctx, row, now);
}
