/**
 * Allotment and listing of an IPO, each exactly once.
 *
 * Allotment: one transaction marks the issue allotted by a conditional update
 * (`allotted_at IS NULL`) — a second caller (another server, a retry, the job after a restart)
 * updates nothing and only reads the result — then runs the SEBI retail rule with the
 * committed seed (`shared/ipo.ts`) and resolves every application's hold in ONE journal entry
 * (`ipo_allotted`): the allotted amount `held → securities settlement`, the rest `held →
 * available` (the refund). On PostgreSQL the second caller's update waits on the row lock and
 * then finds the issue allotted; on SQLite `BEGIN IMMEDIATE` serializes them. The row is
 * read `FOR UPDATE` first (`lock.ts`), so an application in flight is in the book or refused.
 *
 * Listing: at `listingAt` a conditional update sets `listed_at`, and the allotted shares become
 * positions (cost basis = allotted amount, through the holdings module), in one transaction.
 */
import { toAccountMinor } from '../../../shared/currency.js';
import { allotBids } from '../../../shared/ipo.js';
import type { Market } from '../../market/index.js';
import { syncListedInstruments } from './listed.js';
import { lockIpo } from './lock.js';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { ipoDb } from '../../db/ipo-tables.js';
import { writeAudit } from '../audit.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { addToPositions } from '../holdings/index.js';
import { ENTRY_KINDS, moneyTransaction, splitHold } from '../ledger/index.js';

/** Answer of `admin/ipo/allot`. */
export interface AllotmentReport {
  id: string;
  /** Applications in the book (their UPI mandate was approved). */
  applications: number;
  /** Applications that got at least one lot. */
  allottedApplications: number;
  allottedShares: number;
  /** Allotted applicants ÷ applicants (0 without applicants), 4 decimals. */
  winRate: number;
  /** The revealed lottery seed. */
  seed: string;
  /** False when the allotment had already run (this call changed nothing). */
  ranNow: boolean;
}

async function report(trx: Db, id: string, seed: string, ranNow: boolean): Promise<AllotmentReport> {
  // The book: applications whose mandate was approved (lapsed and rejected ones never joined it).
  const apps = await ipoDb(trx).selectFrom('ipo_applications').select(['allotted_shares']).where('ipo_id', '=', id).where('status', 'in', ['allotted', 'notAllotted']).execute();
  const won = apps.filter((a) => Number(a.allotted_shares ?? 0) > 0);
  return {
    id,
    applications: apps.length,
    allottedApplications: won.length,
    allottedShares: won.reduce((sum, a) => sum + Number(a.allotted_shares), 0),
    winRate: apps.length ? Math.floor((won.length / apps.length) * 10_000) / 10_000 : 0,
    seed,
    ranNow,
  };
}

/**
 * Lets the pending mandates of an issue lapse at `at` (the close: `lapsed`, nothing was
 * held). Exactly once per
 * application: a conditional update from `mandatePending`, which an approval in flight either
 * precedes (the application is `applied`) or finds done (`ipoMandateLapsed`).
 * @returns how many mandates lapsed.
 */
export async function lapsePending(db: Db, ipoId: string, at: number): Promise<number> {
  const lapsed = await ipoDb(db).updateTable('ipo_applications').set({ status: 'lapsed', mandate_at: at, resolved_at: at }).where('ipo_id', '=', ipoId).where('status', '=', 'mandatePending').executeTakeFirst();
  return Number(lapsed.numUpdatedRows);
}

/**
 * Allots an issue once (operator call or the job at `allotmentAt`) at the discovered price
 * (`allotBids` in `shared/ipo.ts`): bids below it get nothing; each approved bid's hold is split
 * into the allotted shares × discovered price and the released rest.
 * @param actorUserId the operator (audited), null for the server's job.
 * @throws AppError `ipoNotFound`, `ipoCancelled`, `ipoNotClosed` (before `closesAt`).
 */
export async function allotIpo(deps: Pick<Deps, 'db'>, id: string, now: number, actorUserId: string | null): Promise<AllotmentReport> {
  return moneyTransaction(deps.db, async (trx) => {
    const t = ipoDb(trx);
    const ipo = await lockIpo(trx, id, 'update');
    if (!ipo) throw new AppError('ipoNotFound');
    if (ipo.cancelled_at !== null) throw new AppError('ipoCancelled');
    if (now < Number(ipo.closes_at)) throw new AppError('ipoNotClosed');
    const marked = await t.updateTable('ipos').set({ allotted_at: now, updated_at: now }).where('id', '=', id).where('allotted_at', 'is', null).where('cancelled_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) {
      const after = await t.selectFrom('ipos').select(['cancelled_at']).where('id', '=', id).executeTakeFirstOrThrow();
      if (after.cancelled_at !== null) throw new AppError('ipoCancelled');
      return report(trx, id, ipo.seed, false);
    }

    // Mandates never approved lapse now (the job lapses them at the close already).
    await lapsePending(trx, id, Number(ipo.closes_at));
    const lotSize = Number(ipo.lot_size);
    const apps = await t.selectFrom('ipo_applications').select(['id', 'lots', 'hold_id', 'fx_rate_minor', 'category', 'bid_price_minor', 'cut_off']).where('ipo_id', '=', id).where('status', '=', 'applied').execute();
    const byId = new Map(apps.map((a) => [a.id, a]));
    const { priceMinor, rows } = allotBids(
      apps.map((a) => ({ id: a.id, lots: Number(a.lots), category: a.category, bidPriceMinor: Number(a.bid_price_minor), cutOff: Number(a.cut_off) === 1 })),
      { totalLots: Number(ipo.total_shares) / lotSize, minLots: Number(ipo.min_lots), priceMinMinor: Number(ipo.price_min_minor), priceMaxMinor: Number(ipo.price_minor), retailPercent: Number(ipo.retail_percent), seedHex: ipo.seed },
    );
    await t.updateTable('ipos').set({ discovered_price_minor: priceMinor }).where('id', '=', id).execute();
    for (const r of rows) {
      const app = byId.get(r.id)!;
      const allottedShares = r.allottedLots * lotSize;
      // INR at the discovered price → account money at the rate fixed when bidding (≤ the held
      // amount: the discovered price is at most the bid price, cut-off bids held the upper end).
      const allottedMinor = toAccountMinor(allottedShares * priceMinor, Number(app.fx_rate_minor));
      const { entryId, releasedMinor } = await splitHold(
        trx, now, app.hold_id!, ENTRY_KINDS.ipoAllotted,
        [{ house: 'securities_settlement', amountMinor: allottedMinor, postingKind: 'ipo_allotment' }],
        'ipo_refund',
      );
      const done = await t
        .updateTable('ipo_applications')
        .set({ status: allottedShares > 0 ? 'allotted' : 'notAllotted', allotted_shares: allottedShares, allotted_minor: allottedMinor, refund_minor: releasedMinor, resolve_entry_id: entryId, resolved_at: now })
        .where('id', '=', r.id)
        .where('status', '=', 'applied')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new AppError('holdResolved');
    }
    const out = await report(trx, id, ipo.seed, true);
    if (actorUserId) await writeAudit(trx, { actorUserId, action: 'ipo.allot', entity: 'ipo', entityId: id, after: { ...out, seed: undefined }, at: now });
    return out;
  });
}

/**
 * Lists an allotted issue once: sets `listed_at` (conditional) and turns every allotment into
 * a position at the issue price (cost basis = allotted amount).
 * @returns false when it was already listed, not yet allotted or not yet due.
 */
export async function listIpo(deps: Pick<Deps, 'db'>, id: string, now: number): Promise<boolean> {
  return moneyTransaction(deps.db, async (trx) => {
    const t = ipoDb(trx);
    const marked = await t
      .updateTable('ipos')
      .set({ listed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('listed_at', 'is', null)
      .where('allotted_at', 'is not', null)
      .where('cancelled_at', 'is', null)
      .where('listing_at', '<=', now)
      .returning(['symbol'])
      .executeTakeFirst();
    if (!marked) return false;
    const won = await t.selectFrom('ipo_applications').select(['user_id', 'allotted_shares', 'allotted_minor']).where('ipo_id', '=', id).where('status', '=', 'allotted').execute();
    await addToPositions(trx, now, won.map((a) => ({ userId: a.user_id, symbol: marked.symbol, quantity: Number(a.allotted_shares), costMinor: Number(a.allotted_minor) })));
    return true;
  });
}

/** What one pass of the IPO job did. */
export interface IpoJobReport {
  allotted: string[];
  listed: string[];
  /** Mandates that lapsed at their issue's close in this pass. */
  lapsed: number;
}

/**
 * One pass of the IPO job at `now`: lets the pending mandates of every closed issue lapse, allots every issue whose `allotmentAt` has come, then lists
 * every allotted issue whose `listingAt` has come and (with `market`) adds every listed symbol
 * to this process's instrument master and feed. Safe on several servers at once.
 */
export async function runIpoJob(deps: Pick<Deps, 'db'>, now: number, log?: { error(obj: unknown, msg?: string): void }, market?: Market): Promise<IpoJobReport> {
  const t = ipoDb(deps.db);
  const due = await t.selectFrom('ipos').select('id').where('allotted_at', 'is', null).where('cancelled_at', 'is', null).where('allotment_at', '<=', now).execute();
  const out: IpoJobReport = { allotted: [], listed: [], lapsed: 0 };
  // At the close every mandate still pending lapses (nothing was held).
  const closed = await t.selectFrom('ipo_applications').innerJoin('ipos', 'ipos.id', 'ipo_applications.ipo_id').select(['ipo_applications.ipo_id', 'ipos.closes_at']).distinct().where('ipo_applications.status', '=', 'mandatePending').where('ipos.closes_at', '<=', now).execute();
  for (const { ipo_id, closes_at } of closed) {
    try {
      out.lapsed += await moneyTransaction(deps.db, (trx) => lapsePending(trx, ipo_id, Number(closes_at)));
    } catch (error) {
      log?.error({ err: error, ipo: ipo_id }, 'lapsing IPO mandates failed');
    }
  }
  for (const { id } of due) {
    try {
      if ((await allotIpo(deps, id, now, null)).ranNow) out.allotted.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) log?.error({ err: error, ipo: id }, 'IPO allotment failed');
    }
  }
  const listing = await t.selectFrom('ipos').select('id').where('listed_at', 'is', null).where('allotted_at', 'is not', null).where('cancelled_at', 'is', null).where('listing_at', '<=', now).execute();
  for (const { id } of listing) {
    try {
      if (await listIpo(deps, id, now)) out.listed.push(id);
    } catch (error) {
      log?.error({ err: error, ipo: id }, 'IPO listing failed');
    }
  }
  if (market) {
    try {
      await syncListedInstruments(deps.db, market);
    } catch (error) {
      log?.error({ err: error }, 'adding listed IPOs to the market failed');
    }
  }
  return out;
}
