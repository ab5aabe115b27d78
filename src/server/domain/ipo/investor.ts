/**
 * The investor's side of IPOs: the list of issues, one issue's detail
 * (with the lottery commitment, and after allotment the revealed seed, the book and the win
 * rate), applying (ASBA-like: the amount is held in the ledger, not spent) and my applications.
 * Money in currency units, times ISO 8601.
 */
import type { Market } from '../../market/index.js';
import { convert, currentFx, fxView, type FxView } from '../fx.js';
import { fromMinor } from '../../../shared/money.js';
import type { IpoStatus } from '../../../shared/ipo.js';
import { ipoDb } from '../../db/ipo-tables.js';
import { uniqueViolation } from '../../db/unique.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { isIdentityApproved } from '../identity/submissions.js';
import { runMoneyCommand, type IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, placeHoldForNewRecord } from '../ledger/index.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import { appliedSharesByIpo } from './reads.js';
import { lockIpo } from './lock.js';
import { ipoView, type IpoView } from './views.js';

/** `ipo/list {status?}`: the issues (a plain array), open first, then upcoming, then the rest by opening time. */
export async function listIpos(deps: Deps, query: { status?: IpoStatus }): Promise<IpoView[]> {
  const rows = await ipoDb(deps.db).selectFrom('ipos').selectAll().orderBy('opens_at', 'desc').execute();
  const applied = await appliedSharesByIpo(deps.db, rows.map((r) => r.id));
  const now = deps.clock.now();
  const order: Record<IpoStatus, number> = { open: 0, upcoming: 1, pendingAllocation: 2, pendingListing: 3, listed: 4, ended: 5 };
  const items = rows
    .map((row) => ipoView(row, applied.get(row.id)?.shares ?? 0, now))
    .filter((v) => !query.status || v.status === query.status)
    .sort((a, b) => order[a.status] - order[b.status]);
  return items;
}

/** My application as `ipo/details` and `ipo/ipoRecord` show it. */
export interface IpoApplicationView {
  id: string;
  ipoId: string;
  symbol: string;
  name: string;
  lots: number;
  appliedShares: number;
  allottedShares: number;
  /** Held (before allotment) or paid (after) — shares × price, currency units. */
  amount: number;
  /** Released back: the unallotted part, or all of it after a cancellation. */
  refundAmount: number;
  /** Allotted shares × price. */
  allottedAmount: number;
  /** What the application held when it was made (shares × price), currency units. */
  heldAmount: number;
  /** What the allotted shares cost, taken from the held amount; null until the application is resolved. */
  paidAmount: number | null;
  /** What was released back to the available balance; null until the application is resolved. */
  releasedAmount: number | null;
  /** When the issue allots (ISO 8601): the day the figures above become final. */
  allotmentAt: string;
  status: 'applied' | 'allotted' | 'notAllotted' | 'refunded';
  appliedAt: string;
}

/** `ipo/details {id}` for the caller. */
export interface IpoDetailsView extends IpoView {
  applications: number;
  appliedShares: number;
  /** SHA-256 (hex) of the lottery seed, shown from creation on. */
  seedHash: string;
  /** The seed (hex), revealed at allotment; null before. */
  seed: string | null;
  /** Allotted applicants ÷ applicants, after allotment; null before. */
  winRate: number | null;
  /** After allotment: every application's id, lots and allotted lots (anyone can re-run the draw). */
  book: Array<{ id: string; lots: number; allottedLots: number }> | null;
  /** Total lots offered (total shares ÷ lot size). */
  totalLots: number;
  /** Shares applied ÷ shares offered, as a percentage capped at 100 (the progress bar). */
  subscribedPercent: number;
  myApplication: IpoApplicationView | null;
}

type AppRow = {
  id: string; ipo_id: string; lots: number; shares: number; amount_minor: number; status: IpoApplicationView['status'];
  allotted_shares: number | null; allotted_minor: number | null; refund_minor: number | null; applied_at: number; symbol: string; name: string;
  allotment_at: number;
};

function applicationView(a: AppRow): IpoApplicationView {
  return {
    id: a.id, ipoId: a.ipo_id, symbol: a.symbol, name: a.name, lots: Number(a.lots), appliedShares: Number(a.shares),
    allottedShares: Number(a.allotted_shares ?? 0), amount: fromMinor(Number(a.amount_minor)), refundAmount: fromMinor(Number(a.refund_minor ?? 0)),
    allottedAmount: fromMinor(Number(a.allotted_minor ?? 0)), status: a.status, appliedAt: new Date(Number(a.applied_at)).toISOString(),
    heldAmount: fromMinor(Number(a.amount_minor)),
    paidAmount: a.status === 'applied' ? null : fromMinor(Number(a.allotted_minor ?? 0)),
    releasedAmount: a.status === 'applied' ? null : fromMinor(Number(a.refund_minor ?? 0)),
    allotmentAt: new Date(Number(a.allotment_at)).toISOString(),
  };
}

const appColumns = [
  'ipo_applications.id', 'ipo_applications.ipo_id', 'ipo_applications.lots', 'ipo_applications.shares', 'ipo_applications.amount_minor', 'ipo_applications.status',
  'ipo_applications.allotted_shares', 'ipo_applications.allotted_minor', 'ipo_applications.refund_minor', 'ipo_applications.applied_at', 'ipos.symbol', 'ipos.name', 'ipos.allotment_at',
] as const;

/**
 * One issue with its book figures and the caller's application.
 * @throws AppError `ipoNotFound`.
 */
export async function ipoDetails(deps: Deps, userId: string, id: string): Promise<IpoDetailsView> {
  const t = ipoDb(deps.db);
  const row = await t.selectFrom('ipos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('ipoNotFound');
  const apps = await t.selectFrom('ipo_applications').select(['id', 'lots', 'shares', 'allotted_shares', 'user_id']).where('ipo_id', '=', id).orderBy('id').execute();
  const applied = apps.reduce((sum, a) => sum + Number(a.shares), 0);
  const view = ipoView(row, applied, deps.clock.now());
  const allotted = row.allotted_at !== null && row.cancelled_at === null;
  const lotSize = Number(row.lot_size);
  const mine = await t.selectFrom('ipo_applications').innerJoin('ipos', 'ipos.id', 'ipo_applications.ipo_id').select(appColumns).where('ipo_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  const won = apps.filter((a) => Number(a.allotted_shares ?? 0) > 0).length;
  return {
    ...view,
    applications: apps.length,
    appliedShares: applied,
    seedHash: row.seed_hash,
    seed: allotted ? row.seed : null,
    winRate: allotted ? (apps.length ? Math.floor((won / apps.length) * 10_000) / 10_000 : 0) : null,
    book: allotted ? apps.map((a) => ({ id: a.id, lots: Number(a.lots), allottedLots: Number(a.allotted_shares ?? 0) / lotSize })) : null,
    totalLots: Number(row.total_shares) / lotSize,
    subscribedPercent: Math.min(100, Math.floor((applied * 100) / Number(row.total_shares))),
    myApplication: mine ? applicationView(mine as AppRow) : null,
  };
}

/** Answer of `ipo/purchase`: the application id, shares applied for and the held amount. */
export interface IpoPurchaseReceipt extends FxView {
  id: string;
  shares: number;
  /** Held, account currency units: shares × price (INR) converted at `rate`. */
  amount: number;
}

/**
 * Applies for an open issue: whole lots between `minLots` and `maxLots`, one application per
 * investor and issue; shares × price is held (`ipo_applied`: available → held).
 * @throws AppError `ipoNotFound`, `ipoNotOpen`, `ipoLotsInvalid`, `ipoIdentityRequired`,
 *   `ipoAlreadyApplied`, `insufficientBalance`, `idempotencyMismatch`.
 */
export async function applyIpo(deps: Deps, userId: string, input: { id: string; lots: number }, idempotency: IdempotencyRequest | null, market: Market): Promise<IpoPurchaseReceipt> {
  return runMoneyCommand(
    deps,
    userId,
    idempotency,
    async (now) => {
      const row = await ipoDb(deps.db).selectFrom('ipos').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!row) throw new AppError('ipoNotFound');
      if (row.cancelled_at !== null || row.allotted_at !== null || now < Number(row.opens_at) || now >= Number(row.closes_at)) throw new AppError('ipoNotOpen');
      const lots = input.lots;
      if (!Number.isInteger(lots) || lots < Number(row.min_lots) || lots > Number(row.max_lots)) throw new AppError('ipoLotsInvalid', { min: Number(row.min_lots), max: Number(row.max_lots) });
      if (deps.config.ipo.requiresIdentity && !(await isIdentityApproved(deps, userId))) throw new AppError('ipoIdentityRequired');
      const shares = lots * Number(row.lot_size);
      // The issue price is INR; the held amount converts at today's EUR/INR rate, which
      // stays fixed for this application (allotment and refund use it too).
      const fx = await currentFx(market, deps.config.money.accountCurrency);
      return { row, lots, shares, amountMinor: convert(fx, shares * Number(row.price_minor)), fx };
    },
    async (trx, p, now) => {
      const t = ipoDb(trx);
      // Re-checked inside the transaction, on the row locked FOR SHARE (lock.ts): a cancel or an
      // allotment either has committed (refused here) or waits for this application to commit.
      const still = (await lockIpo(trx, p.row.id, 'share'))!;
      if (still.cancelled_at !== null || still.allotted_at !== null || now >= Number(still.closes_at)) throw new AppError('ipoNotOpen');
      const existing = await t.selectFrom('ipo_applications').select('id').where('ipo_id', '=', p.row.id).where('user_id', '=', userId).executeTakeFirst();
      if (existing) throw new AppError('ipoAlreadyApplied');
      const { id, holdId } = await placeHoldForNewRecord(trx, now, { userId, amountMinor: p.amountMinor, kind: 'ipo', entryKind: ENTRY_KINDS.ipoApplied, postingKind: 'ipo_hold' });
      try {
        await t
          .insertInto('ipo_applications')
          .values({
            id, ipo_id: p.row.id, user_id: userId, lots: p.lots, shares: p.shares, amount_minor: p.amountMinor, hold_id: holdId, status: 'applied',
            allotted_shares: null, allotted_minor: null, refund_minor: null, resolve_entry_id: null, applied_at: now, resolved_at: null,
            fx_rate_minor: p.fx.rateMinor,
          })
          .execute();
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('ipoAlreadyApplied');
        throw error;
      }
      return { id, shares: p.shares, amount: fromMinor(p.amountMinor), ...fxView(p.fx) };
    },
  );
}

/**
 * Answer of `ipo/quote` (the price × lots calculator on /ipoDetails): `price` and
 * `grossQuote` in INR, `amount` (what applying would hold) in the account currency at `rate`.
 */
export interface IpoQuoteView extends FxView {
  lots: number;
  shares: number;
  price: number;
  grossQuote: number;
  amount: number;
}

/**
 * The refusal of a schema-invalid `lots` (missing, fractional or out of the form's bounds) for
 * the issue `id`: `ipoLotsInvalid` with that issue's own min/max lots, as the domain check
 * answers (the apply form's schema on the server keeps the specific code).
 * @returns AppError `ipoLotsInvalid`, or `ipoNotFound` when there is no such issue.
 */
export async function lotsRefusal(deps: Deps, id: unknown): Promise<AppError> {
  const row = typeof id === 'string'
    ? await ipoDb(deps.db).selectFrom('ipos').select(['min_lots', 'max_lots']).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) return new AppError('ipoNotFound');
  return new AppError('ipoLotsInvalid', { min: Number(row.min_lots), max: Number(row.max_lots) });
}

/**
 * Prices an application of `lots` now, exactly as `ipo/purchase` would hold it (any state of
 * the issue: the calculator also works before it opens).
 * @throws AppError `ipoNotFound`, `ipoLotsInvalid`, `marketUnavailable`.
 */
export async function quoteIpo(deps: Deps, market: Market, input: { id: string; lots: number }): Promise<IpoQuoteView> {
  const row = await ipoDb(deps.db).selectFrom('ipos').select(['price_minor', 'lot_size', 'min_lots', 'max_lots']).where('id', '=', input.id).executeTakeFirst();
  if (!row) throw new AppError('ipoNotFound');
  const lots = input.lots;
  if (!Number.isInteger(lots) || lots < Number(row.min_lots) || lots > Number(row.max_lots)) throw new AppError('ipoLotsInvalid', { min: Number(row.min_lots), max: Number(row.max_lots) });
  const shares = lots * Number(row.lot_size);
  const fx = await currentFx(market, deps.config.money.accountCurrency);
  const gross = shares * Number(row.price_minor);
  return { lots, shares, price: fromMinor(Number(row.price_minor)), grossQuote: fromMinor(gross), amount: fromMinor(convert(fx, gross)), ...fxView(fx) };
}

/** `ipo/ipoRecord {page?, pageSize?}`: my applications, newest first. */
export async function myApplications(deps: Deps, userId: string, query: PageQuery): Promise<Page<IpoApplicationView>> {
  const { page, pageSize, offset } = pageOf(query);
  const t = ipoDb(deps.db);
  const rows = await t
    .selectFrom('ipo_applications')
    .innerJoin('ipos', 'ipos.id', 'ipo_applications.ipo_id')
    .select(appColumns)
    .where('user_id', '=', userId)
    .orderBy('applied_at', 'desc')
    .orderBy('ipo_applications.id')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const count = await t.selectFrom('ipo_applications').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { items: rows.map((r) => applicationView(r as AppRow)), total: Number(count.n), page, pageSize };
}
