/**
 * The operator's side of IPOs: set up or edit an issue before it opens,
 * list issues, cancel one before allotment (every application refunded in full). Every change
 * is audited in the same transaction. The operator never chooses who gets shares: allotment
 * is the rule in `shared/ipo.ts` with the lottery seed committed at creation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { toMinor } from '../../../shared/money.js';
import type { AdminIpoSave } from '../../../shared/generated/index.js';
import { ipoDb, type IposTable } from '../../db/ipo-tables.js';
import { uniqueViolation } from '../../db/unique.js';
import { writeAudit } from '../audit.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { ENTRY_KINDS, moneyTransaction, releaseHold } from '../ledger/index.js';
import { ipoView, type IpoView } from './views.js';
import { appliedSharesByIpo } from './reads.js';
import { lockIpo } from './lock.js';

/**
 * Body of `admin/ipo/save`: prices in currency units (INR, the quote currency) — `price` (a fixed
 * price) or the band `priceMin`–`priceMax` (`price`, given too, must equal `priceMax`) — times ISO 8601.
 * The generated type of `schemas/screens/adminIpo.schema.json` — the one field list.
 */
export type IpoInput = AdminIpoSave;

/** Validated, stored form of {@link IpoInput}. */
function normalize(input: IpoInput) {
  const minor = (value: number | undefined): number | undefined => {
    if (value === undefined) return undefined;
    try {
      return toMinor(value);
    } catch {
      throw new AppError('ipoPriceInvalid');
    }
  };
  const price = minor(input.price);
  const band = { min: minor(input.priceMin), max: minor(input.priceMax) };
  // The band's upper end is `priceMax`, or `price` (a fixed price, or the band's top when only
  // `priceMin` is given); the lower end defaults to the upper one (a fixed-price issue).
  const priceMinor = band.max ?? price;
  if (priceMinor === undefined || priceMinor <= 0) throw new AppError('ipoPriceInvalid');
  if (price !== undefined && band.max !== undefined && price !== band.max) throw new AppError('ipoPriceBandInvalid');
  const priceMinMinor = band.min ?? priceMinor;
  if (priceMinMinor <= 0 || priceMinMinor > priceMinor) throw new AppError('ipoPriceBandInvalid');
  const times = [input.opensAt, input.closesAt, input.allotmentAt, input.listingAt].map((t) => Date.parse(t));
  const [opens, closes, allotment, listing] = times as [number, number, number, number];
  if (times.some((t) => Number.isNaN(t)) || !(opens < closes && closes <= allotment && allotment <= listing)) throw new AppError('ipoTimesInvalid');
  if (input.maxLots < input.minLots) throw new AppError('ipoLotsInvalid', { min: input.minLots, max: input.maxLots });
  if (input.totalShares % input.lotSize !== 0 || input.totalShares < input.minLots * input.lotSize) throw new AppError('ipoSharesInvalid');
  // The largest application (max lots × lot size × price) and the whole issue must be exact
  // integers of minor units: money arithmetic on them stays within Number.MAX_SAFE_INTEGER.
  const largest = BigInt(input.maxLots) * BigInt(input.lotSize) * BigInt(priceMinor);
  const whole = BigInt(input.totalShares) * BigInt(priceMinor);
  if (largest > BigInt(Number.MAX_SAFE_INTEGER) || whole > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new AppError('ipoTooLarge');
  }
  return {
    symbol: input.symbol.trim().toUpperCase(),
    name: input.name.trim(),
    description: input.description?.trim() || null,
    price_minor: priceMinor,
    price_min_minor: priceMinMinor,
    lot_size: input.lotSize,
    min_lots: input.minLots,
    max_lots: input.maxLots,
    total_shares: input.totalShares,
    opens_at: opens,
    closes_at: closes,
    allotment_at: allotment,
    listing_at: listing,
  };
}

/**
 * Creates an issue (no `id`) or edits one before it opens; a new issue gets its lottery seed
 * and the seed's SHA-256 commitment.
 * The share reserved for retail bids is fixed from `IPO_RETAIL_PERCENT` when it is created.
 * @throws AppError `ipoPriceInvalid` (no price, not above zero or more than two decimals),
 *   `ipoPriceBandInvalid` (lower end above the upper, or `price` ≠ `priceMax`), `ipoTimesInvalid`, `ipoLotsInvalid`, `ipoSharesInvalid`,
 *   `ipoTooLarge` (an application or the issue beyond Number.MAX_SAFE_INTEGER minor units),
 *   `ipoSymbolTaken`, `ipoNotFound`, `ipoNotEditable` (already open or cancelled).
 */
export async function saveIpo(deps: Deps, actorUserId: string, input: IpoInput): Promise<{ id: string }> {
  const values = normalize(input);
  const now = deps.clock.now();
  try {
    return await moneyTransaction(deps.db, async (trx) => {
      const t = ipoDb(trx);
      if (!input.id) {
        const id = newId();
        const seed = randomBytes(32).toString('hex');
        const row: IposTable = {
          id, ...values, discovered_price_minor: null, retail_percent: deps.config.ipo.retailPercent, seed, seed_hash: createHash('sha256').update(seed).digest('hex'),
          allotted_at: null, listed_at: null, cancelled_at: null, version: 1, created_at: now, updated_at: now,
        };
        await t.insertInto('ipos').values(row).execute();
        await writeAudit(trx, { actorUserId, action: 'ipo.create', entity: 'ipo', entityId: id, after: values, at: now });
        return { id };
      }
      const before = await t.selectFrom('ipos').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!before) throw new AppError('ipoNotFound');
      // Editable only before it opens (by the stored and by the new opening time).
      const updated = await t
        .updateTable('ipos')
        .set({ ...values, version: before.version + 1, updated_at: now })
        .where('id', '=', input.id)
        .where('version', '=', before.version)
        .where('cancelled_at', 'is', null)
        .where('opens_at', '>', now)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1 || values.opens_at <= now) throw new AppError('ipoNotEditable');
      const { seed: _seed, ...shown } = before;
      await writeAudit(trx, { actorUserId, action: 'ipo.update', entity: 'ipo', entityId: input.id, before: shown, after: values, at: now });
      return { id: input.id };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('ipoSymbolTaken', { symbol: values.symbol });
    throw error;
  }
}

/** `admin/ipo/list`: every issue (a plain array), newest opening first, with its application count. */
export async function adminListIpos(deps: Deps): Promise<Array<IpoView & { applications: number }>> {
  const rows = await ipoDb(deps.db).selectFrom('ipos').selectAll().orderBy('opens_at', 'desc').execute();
  const applied = await appliedSharesByIpo(deps.db, rows.map((r) => r.id));
  const now = deps.clock.now();
  return rows.map((row) => ({ ...ipoView(row, applied.get(row.id)?.shares ?? 0, now), applications: applied.get(row.id)?.count ?? 0 }));
}

/**
 * Cancels an issue before allotment: marks it cancelled, lets pending mandates lapse and
 * releases every approved application's hold in full (`ipo_refunded`), all in one transaction, audited.
 * @returns how many applications were refunded.
 * @throws AppError `ipoNotFound`, `ipoAllotted` (allotment ran), `ipoCancelled` (already).
 */
export async function cancelIpo(deps: Deps, actorUserId: string, id: string): Promise<{ id: string; refunded: number }> {
  const now = deps.clock.now();
  return moneyTransaction(deps.db, async (trx) => {
    const t = ipoDb(trx);
    // FOR UPDATE (lock.ts): applications in flight commit first and are in the book read below.
    const row = await lockIpo(trx, id, 'update');
    if (!row) throw new AppError('ipoNotFound');
    const marked = await t.updateTable('ipos').set({ cancelled_at: now, updated_at: now }).where('id', '=', id).where('allotted_at', 'is', null).where('cancelled_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new AppError(row.cancelled_at !== null ? 'ipoCancelled' : 'ipoAllotted');
    // Mandates not yet approved hold nothing: they lapse with the issue.
    await t.updateTable('ipo_applications').set({ status: 'lapsed', mandate_at: now, resolved_at: now }).where('ipo_id', '=', id).where('status', '=', 'mandatePending').execute();
    const applications = await t.selectFrom('ipo_applications').select(['id', 'hold_id', 'amount_minor']).where('ipo_id', '=', id).where('status', '=', 'applied').orderBy('id').execute();
    for (const a of applications) {
      const entryId = await releaseHold(trx, now, a.hold_id!, ENTRY_KINDS.ipoRefunded, 'ipo_refund');
      await t
        .updateTable('ipo_applications')
        .set({ status: 'refunded', allotted_shares: 0, allotted_minor: 0, refund_minor: Number(a.amount_minor), resolve_entry_id: entryId, resolved_at: now })
        .where('id', '=', a.id)
        .where('status', '=', 'applied')
        .execute();
    }
    await writeAudit(trx, { actorUserId, action: 'ipo.cancel', entity: 'ipo', entityId: id, after: { refunded: applications.length }, at: now });
    return { id, refunded: applications.length };
  });
}

/**
 * `admin/ipo/get {id}`: one issue in the shape of `admin/ipo/save` (the edit form): a
 * fixed-price issue with `price` alone, a band with `priceMin` and `priceMax` alone, so an edit
 * of one never contradicts the other.
 * @throws AppError `ipoNotFound`.
 */
export async function adminGetIpo(deps: Deps, id: string): Promise<IpoInput & { id: string; description: string }> {
  const row = await ipoDb(deps.db).selectFrom('ipos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('ipoNotFound');
  // The view is the save body plus derived figures: drop those, and the form edits the rest.
  const { status: _status, subscribedTimes: _times, lotAmount: _lot, closesInMs: _closes, currency: _currency, discoveredPrice: _discovered, retailPercent: _retail, price, priceMin, priceMax, ...save } = ipoView(row, 0, deps.clock.now());
  const prices = priceMin === priceMax ? { price } : { priceMin, priceMax };
  return { ...save, ...prices, description: save.description ?? '' };
}
