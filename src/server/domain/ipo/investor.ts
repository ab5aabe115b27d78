/**
 * The investor's side of IPOs: the list of issues, one issue's detail
 * (with the lottery commitment, and after allotment the revealed seed, the book and the win
 * rate), applying (ASBA-like: the amount is held in the ledger, not spent) and my applications.
 * Money in currency units, times ISO 8601.
 */
import type { Market } from '../../market/index.js';
import { convert, currentFx, fxView, type FxView } from '../fx.js';
import { fromMinor, toMinor } from '../../../shared/money.js';
import type { IpoCategory, IpoStatus } from '../../../shared/ipo.js';
import { ipoDb, type IpoApplicationStatus, type IposTable } from '../../db/ipo-tables.js';
import { uniqueViolation } from '../../db/unique.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { isIdentityApproved } from '../identity/submissions.js';
import { runMoneyCommand, type IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, placeHold } from '../ledger/index.js';
import { newId } from '../ids.js';
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

/**
 * One step of an application's timeline on /ipoDetails: applied → mandate → allotment →
 * refund or unblock → listing. `status` is a status id (`status.<value>` labels it): a step
 * still to come carries its expected instant (`allotmentDue`, `unblockDue`, `listingDue`, a
 * pending mandate its deadline, the close).
 */
export interface IpoTimelineStep {
  step: 'applied' | 'mandate' | 'allotment' | 'unblock' | 'listing';
  status: string;
  /** ISO 8601: when it happened, or when it is due. */
  at: string;
  done: boolean;
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
  /** The bid amount: mandated, then held (after approval) or paid (after allotment) — shares × bid price, currency units. */
  amount: number;
  /** Released back: the unallotted part and the difference to the discovered price, or all of it after a cancellation. */
  refundAmount: number;
  /** Allotted shares × discovered price. */
  allottedAmount: number;
  /** What the mandate blocks (shares × bid price at the application's rate), currency units; held once approved; 0 for a rejected or lapsed mandate. */
  heldAmount: number;
  /** What the allotted shares cost, taken from the held amount; null until the application is resolved. */
  paidAmount: number | null;
  /** What was released back to the available balance; null until the application is resolved. */
  releasedAmount: number | null;
  /** When the issue allots (ISO 8601): the day the figures above become final. */
  allotmentAt: string;
  status: IpoApplicationStatus;
  appliedAt: string;
  /** Bid price per share, INR units (a cut-off bid: the band's upper end, what it blocks). */
  bidPrice: number;
  cutOff: boolean;
  category: IpoCategory;
  /** When the mandate was approved, rejected or lapsed (ISO 8601); null while pending. */
  mandateAt: string | null;
  /** The mandate must be approved before this instant (the issue's close, ISO 8601). */
  mandateValidUntil: string;
  timeline: IpoTimelineStep[];
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
  /**
   * After allotment: every bid whose mandate was approved — id, lots, category, bid price (INR
   * units), cut-off and allotted lots — so anyone can re-run the allotment (`allotBids`).
   */
  book: Array<{ id: string; lots: number; allottedLots: number; category: IpoCategory; bidPrice: number; cutOff: boolean }> | null;
  /** Total lots offered (total shares ÷ lot size). */
  totalLots: number;
  /** Shares applied ÷ shares offered, as a percentage capped at 100 (the progress bar). */
  subscribedPercent: number;
  /** Largest retail bid, INR units (`IPO_RETAIL_MAX_AMOUNT`); above it a bid is HNI and may not bid at cut-off. */
  retailMaxAmount: number;
  myApplication: IpoApplicationView | null;
}

type AppRow = {
  id: string; ipo_id: string; lots: number; shares: number; amount_minor: number; status: IpoApplicationStatus;
  allotted_shares: number | null; allotted_minor: number | null; refund_minor: number | null; applied_at: number; resolved_at: number | null; symbol: string; name: string;
  allotment_at: number; closes_at: number; listing_at: number; listed_at: number | null; bid_price_minor: number; cut_off: number; category: IpoCategory; mandate_at: number | null;
};

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The timeline of one application (see {@link IpoTimelineStep}). */
function timelineOf(a: AppRow): IpoTimelineStep[] {
  const steps: IpoTimelineStep[] = [{ step: 'applied', status: 'applied', at: iso(a.applied_at), done: true }];
  if (a.status === 'mandatePending') steps.push({ step: 'mandate', status: 'mandatePending', at: iso(a.closes_at), done: false });
  else steps.push({ step: 'mandate', status: a.status === 'mandateRejected' || a.status === 'lapsed' ? a.status : 'mandateApproved', at: iso(a.mandate_at ?? a.applied_at), done: true });
  if (a.status === 'mandateRejected' || a.status === 'lapsed') return steps;
  const resolved = a.status === 'allotted' || a.status === 'notAllotted' || a.status === 'refunded';
  const at = iso(resolved ? (a.resolved_at ?? a.allotment_at) : a.allotment_at);
  if (a.status === 'refunded') {
    steps.push({ step: 'unblock', status: 'refunded', at, done: true });
    return steps;
  }
  steps.push({ step: 'allotment', status: resolved ? a.status : 'allotmentDue', at, done: resolved });
  if (!resolved || Number(a.refund_minor ?? 0) > 0) steps.push({ step: 'unblock', status: resolved ? 'unblocked' : 'unblockDue', at, done: resolved });
  if (a.status !== 'notAllotted') steps.push({ step: 'listing', status: a.listed_at !== null ? 'listed' : 'listingDue', at: iso(a.listed_at ?? a.listing_at), done: a.listed_at !== null });
  return steps;
}

function applicationView(a: AppRow): IpoApplicationView {
  const resolved = a.status === 'allotted' || a.status === 'notAllotted' || a.status === 'refunded';
  return {
    id: a.id, ipoId: a.ipo_id, symbol: a.symbol, name: a.name, lots: Number(a.lots), appliedShares: Number(a.shares),
    allottedShares: Number(a.allotted_shares ?? 0), amount: fromMinor(Number(a.amount_minor)), refundAmount: fromMinor(Number(a.refund_minor ?? 0)),
    allottedAmount: fromMinor(Number(a.allotted_minor ?? 0)), status: a.status, appliedAt: iso(a.applied_at),
    heldAmount: a.status === 'mandateRejected' || a.status === 'lapsed' ? 0 : fromMinor(Number(a.amount_minor)),
    paidAmount: resolved ? fromMinor(Number(a.allotted_minor ?? 0)) : null,
    releasedAmount: resolved ? fromMinor(Number(a.refund_minor ?? 0)) : null,
    allotmentAt: iso(a.allotment_at),
    bidPrice: fromMinor(Number(a.bid_price_minor)),
    cutOff: Number(a.cut_off) === 1,
    category: a.category,
    mandateAt: a.mandate_at === null ? null : iso(a.mandate_at),
    mandateValidUntil: iso(a.closes_at),
    timeline: timelineOf(a),
  };
}

const appColumns = [
  'ipo_applications.id', 'ipo_applications.ipo_id', 'ipo_applications.lots', 'ipo_applications.shares', 'ipo_applications.amount_minor', 'ipo_applications.status',
  'ipo_applications.allotted_shares', 'ipo_applications.allotted_minor', 'ipo_applications.refund_minor', 'ipo_applications.applied_at', 'ipo_applications.resolved_at', 'ipos.symbol', 'ipos.name', 'ipos.allotment_at',
  'ipos.closes_at', 'ipos.listing_at', 'ipos.listed_at', 'ipo_applications.bid_price_minor', 'ipo_applications.cut_off', 'ipo_applications.category', 'ipo_applications.mandate_at',
] as const;

/** Statuses of applications whose bid counts in the book (their mandate was approved). */
const IN_BOOK: IpoApplicationStatus[] = ['applied', 'allotted', 'notAllotted', 'refunded'];
/** Applications whose mandate ended without a hold: they do not stop a new bid. */
const ENDED_MANDATES: IpoApplicationStatus[] = ['mandateRejected', 'lapsed'];

/**
 * One issue with its book figures and the caller's application.
 * @throws AppError `ipoNotFound`.
 */
export async function ipoDetails(deps: Deps, userId: string, id: string): Promise<IpoDetailsView> {
  const t = ipoDb(deps.db);
  const row = await t.selectFrom('ipos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('ipoNotFound');
  const apps = await t.selectFrom('ipo_applications').select(['id', 'lots', 'shares', 'allotted_shares', 'user_id', 'category', 'bid_price_minor', 'cut_off']).where('ipo_id', '=', id).where('status', 'in', IN_BOOK).orderBy('id').execute();
  const applied = apps.reduce((sum, a) => sum + Number(a.shares), 0);
  const view = ipoView(row, applied, deps.clock.now());
  const allotted = row.allotted_at !== null && row.cancelled_at === null;
  const lotSize = Number(row.lot_size);
  // My latest application: a new bid after a rejected or lapsed mandate replaces it on the screen.
  const mine = await t
    .selectFrom('ipo_applications')
    .innerJoin('ipos', 'ipos.id', 'ipo_applications.ipo_id')
    .select(appColumns)
    .where('ipo_id', '=', id)
    .where('user_id', '=', userId)
    .orderBy('applied_at', 'desc')
    .orderBy('ipo_applications.id', 'desc')
    .executeTakeFirst();
  const won = apps.filter((a) => Number(a.allotted_shares ?? 0) > 0).length;
  return {
    ...view,
    applications: apps.length,
    appliedShares: applied,
    seedHash: row.seed_hash,
    seed: allotted ? row.seed : null,
    winRate: allotted ? (apps.length ? Math.floor((won / apps.length) * 10_000) / 10_000 : 0) : null,
    book: allotted
      ? apps.map((a) => ({ id: a.id, lots: Number(a.lots), allottedLots: Number(a.allotted_shares ?? 0) / lotSize, category: a.category, bidPrice: fromMinor(Number(a.bid_price_minor)), cutOff: Number(a.cut_off) === 1 }))
      : null,
    totalLots: Number(row.total_shares) / lotSize,
    subscribedPercent: Math.min(100, Math.floor((applied * 100) / Number(row.total_shares))),
    retailMaxAmount: fromMinor(deps.config.ipo.retailMaxAmountMinor),
    myApplication: mine ? applicationView(mine as AppRow) : null,
  };
}

/** Answer of `ipo/purchase`: the application id, shares bid for and the mandate's amount. */
export interface IpoPurchaseReceipt extends FxView {
  id: string;
  shares: number;
  /** The mandate's amount, account currency units: shares × bid price (INR) converted at `rate`; held once approved. */
  amount: number;
  /** `mandatePending`: nothing is held until the investor approves the mandate (`ipo/mandate/approve`). */
  status: 'mandatePending';
  /** Bid price per share, INR units (cut-off: the band's upper end). */
  bidPrice: number;
  cutOff: boolean;
  category: IpoCategory;
}

/** A bid of `ipo/purchase` or `ipo/quote`: lots at a price per share (INR units) or at cut-off. */
export interface IpoBidInput {
  id: string;
  lots: number;
  bidPrice?: number;
  cutOff?: boolean;
}

/** A bid checked against its issue: prices minor units (INR). */
interface CheckedBid {
  lots: number;
  shares: number;
  bidPriceMinor: number;
  cutOff: boolean;
  category: IpoCategory;
  /** shares × bid price, INR minor units. */
  grossMinor: number;
}

/**
 * Checks a bid against its issue (docs/product.md, Offerings): whole lots between the issue's
 * bounds; a price within the band (none: the band's upper end) or cut-off; the category by the
 * bid amount (retail up to `IPO_RETAIL_MAX_AMOUNT`), cut-off for retail only.
 * @throws AppError `ipoLotsInvalid`, `ipoBidConflict`, `ipoBidOutOfBand`, `ipoCutOffRetailOnly`.
 */
function checkBid(deps: Deps, row: Pick<IposTable, 'price_minor' | 'price_min_minor' | 'lot_size' | 'min_lots' | 'max_lots'>, input: IpoBidInput): CheckedBid {
  const lots = input.lots;
  if (!Number.isInteger(lots) || lots < Number(row.min_lots) || lots > Number(row.max_lots)) throw new AppError('ipoLotsInvalid', { min: Number(row.min_lots), max: Number(row.max_lots) });
  const cutOff = input.cutOff === true;
  if (cutOff && input.bidPrice !== undefined) throw new AppError('ipoBidConflict');
  const max = Number(row.price_minor);
  const min = Number(row.price_min_minor);
  const outOfBand = () => new AppError('ipoBidOutOfBand', { min: fromMinor(min), max: fromMinor(max) });
  let bidPriceMinor = max;
  if (input.bidPrice !== undefined) {
    try {
      bidPriceMinor = toMinor(input.bidPrice);
    } catch {
      throw outOfBand();
    }
  }
  if (bidPriceMinor < min || bidPriceMinor > max) throw outOfBand();
  const shares = lots * Number(row.lot_size);
  const grossMinor = shares * bidPriceMinor;
  const category: IpoCategory = grossMinor <= deps.config.ipo.retailMaxAmountMinor ? 'retail' : 'hni';
  if (cutOff && category === 'hni') throw new AppError('ipoCutOffRetailOnly', { limit: fromMinor(deps.config.ipo.retailMaxAmountMinor) });
  return { lots, shares, bidPriceMinor, cutOff, category, grossMinor };
}

/**
 * Bids for an open issue: whole lots between `minLots` and `maxLots` at a price within the band
 * or at cut-off, one live application per investor and issue — after a rejected or lapsed
 * mandate the investor may bid again while the issue is open (the ended application stays in
 * the records; the partial unique index of migration `0025_ipo_rebid` backs the rule). Nothing is held yet: the application
 * is `mandatePending` until the investor approves the UPI mandate ({@link decideMandate}) or
 * the issue closes (the mandate lapses).
 * @throws AppError `ipoNotFound`, `ipoNotOpen`, `ipoLotsInvalid`, `ipoBidConflict`,
 *   `ipoBidOutOfBand`, `ipoCutOffRetailOnly`, `ipoIdentityRequired`, `ipoAlreadyApplied`,
 *   `idempotencyMismatch`.
 */
export async function applyIpo(deps: Deps, userId: string, input: IpoBidInput, idempotency: IdempotencyRequest | null, market: Market): Promise<IpoPurchaseReceipt> {
  return runMoneyCommand(
    deps,
    userId,
    idempotency,
    async (now) => {
      const row = await ipoDb(deps.db).selectFrom('ipos').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!row) throw new AppError('ipoNotFound');
      if (row.cancelled_at !== null || row.allotted_at !== null || now < Number(row.opens_at) || now >= Number(row.closes_at)) throw new AppError('ipoNotOpen');
      const bid = checkBid(deps, row, input);
      if (deps.config.ipo.requiresIdentity && !(await isIdentityApproved(deps, userId))) throw new AppError('ipoIdentityRequired');
      // The bid price is INR; the mandate's amount converts at today's EUR/INR rate, which
      // stays fixed for this application (the hold, allotment and refund use it too).
      const fx = await currentFx(market, deps.config.money.accountCurrency);
      return { row, bid, amountMinor: convert(fx, bid.grossMinor), fx };
    },
    async (trx, p, now) => {
      const t = ipoDb(trx);
      // Re-checked inside the transaction, on the row locked FOR SHARE (lock.ts): a cancel or an
      // allotment either has committed (refused here) or waits for this application to commit.
      const still = (await lockIpo(trx, p.row.id, 'share'))!;
      if (still.cancelled_at !== null || still.allotted_at !== null || now >= Number(still.closes_at)) throw new AppError('ipoNotOpen');
      // One live application per investor and issue: a rejected or lapsed mandate ended the last one.
      const existing = await t.selectFrom('ipo_applications').select('id').where('ipo_id', '=', p.row.id).where('user_id', '=', userId).where('status', 'not in', ENDED_MANDATES).executeTakeFirst();
      if (existing) throw new AppError('ipoAlreadyApplied');
      const id = newId();
      try {
        await t
          .insertInto('ipo_applications')
          .values({
            id, ipo_id: p.row.id, user_id: userId, lots: p.bid.lots, shares: p.bid.shares, amount_minor: p.amountMinor, hold_id: null, status: 'mandatePending',
            allotted_shares: null, allotted_minor: null, refund_minor: null, resolve_entry_id: null, applied_at: now, resolved_at: null,
            fx_rate_minor: p.fx.rateMinor, bid_price_minor: p.bid.bidPriceMinor, cut_off: p.bid.cutOff ? 1 : 0, category: p.bid.category, mandate_at: null,
          })
          .execute();
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('ipoAlreadyApplied');
        throw error;
      }
      return {
        id, shares: p.bid.shares, amount: fromMinor(p.amountMinor), status: 'mandatePending' as const,
        bidPrice: fromMinor(p.bid.bidPriceMinor), cutOff: p.bid.cutOff, category: p.bid.category, ...fxView(p.fx),
      };
    },
  );
}

/** Answer of `ipo/mandate/approve` and `ipo/mandate/reject`. */
export interface IpoMandateReceipt {
  id: string;
  status: 'applied' | 'mandateRejected';
  /** Held on approval (account currency units); 0 on rejection. */
  heldAmount: number;
  /** When the mandate was decided (ISO 8601). */
  mandateAt: string;
}

/**
 * Decides the UPI mandate of my pending application (the in-app sheet that stands for the UPI
 * app), exactly once: a conditional update from `mandatePending`, inside one money transaction
 * on the issue's row `FOR SHARE` like applying (lock.ts), so a cancel or allotment either sees
 * the decision or refuses it.
 * - `approve`: before the issue closes only; the mandate's amount is held (`ipo_applied`:
 *   available → held, reference = the application) and the bid joins the book (`applied`).
 * - `reject`: nothing was held; the bid leaves the book (`mandateRejected`) and the investor
 *   may bid again while the issue is open.
 * @throws AppError `ipoApplicationNotFound` (none, or not mine), `ipoMandateDecided`,
 *   `ipoMandateLapsed` (the issue closed), and on approval `ipoCancelled`,
 *   `insufficientBalance`, `idempotencyMismatch`.
 */
export async function decideMandate(deps: Deps, userId: string, applicationId: string, decision: 'approve' | 'reject', idempotency: IdempotencyRequest | null = null): Promise<IpoMandateReceipt> {
  return runMoneyCommand(
    deps,
    userId,
    idempotency,
    async () => {
      const app = await ipoDb(deps.db).selectFrom('ipo_applications').select(['id', 'ipo_id', 'user_id', 'amount_minor']).where('id', '=', applicationId).executeTakeFirst();
      if (!app || app.user_id !== userId) throw new AppError('ipoApplicationNotFound');
      return app;
    },
    async (trx, app, now) => {
      const t = ipoDb(trx);
      const ipo = (await lockIpo(trx, app.ipo_id, 'share'))!;
      const current = await t.selectFrom('ipo_applications').select('status').where('id', '=', app.id).executeTakeFirstOrThrow();
      if (current.status === 'lapsed') throw new AppError('ipoMandateLapsed');
      if (current.status !== 'mandatePending') throw new AppError('ipoMandateDecided');
      let holdId: string | null = null;
      if (decision === 'approve') {
        if (ipo.cancelled_at !== null) throw new AppError('ipoCancelled');
        if (ipo.allotted_at !== null || now >= Number(ipo.closes_at)) throw new AppError('ipoMandateLapsed');
        holdId = await placeHold(trx, now, { userId, amountMinor: Number(app.amount_minor), kind: 'ipo', reference: app.id, entryKind: ENTRY_KINDS.ipoApplied, postingKind: 'ipo_hold' });
      }
      const done = await t
        .updateTable('ipo_applications')
        .set(decision === 'approve' ? { status: 'applied', hold_id: holdId, mandate_at: now } : { status: 'mandateRejected', mandate_at: now, resolved_at: now })
        .where('id', '=', app.id)
        .where('status', '=', 'mandatePending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        // The close's lapse (or the other decision) committed first: this transaction rolls back (a hold too).
        const after = await t.selectFrom('ipo_applications').select('status').where('id', '=', app.id).executeTakeFirstOrThrow();
        throw new AppError(after.status === 'lapsed' ? 'ipoMandateLapsed' : 'ipoMandateDecided');
      }
      return decision === 'approve'
        ? { id: app.id, status: 'applied' as const, heldAmount: fromMinor(Number(app.amount_minor)), mandateAt: iso(now) }
        : { id: app.id, status: 'mandateRejected' as const, heldAmount: 0, mandateAt: iso(now) };
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
  /** The bid price per share, INR units (no price or cut-off: the band's upper end). */
  price: number;
  category: IpoCategory;
  grossQuote: number;
  amount: number;
}

/** The lots a bid may have: the issue's own bounds narrowed by the apply form's (as published). */
export interface LotBounds {
  min: number;
  max: number;
}

/**
 * An issue's lot bounds narrowed by the apply form's published `minimum`/`maximum` of `lots`
 * (absent: the issue's alone): what the server accepts and the screen states.
 */
export const narrowLots = (issue: LotBounds, form: Partial<LotBounds>): LotBounds => ({
  min: Math.max(issue.min, form.min ?? issue.min),
  max: Math.min(issue.max, form.max ?? issue.max),
});

/**
 * The refusal of a schema-invalid `lots` (missing, fractional or out of the form's bounds) for
 * the issue `id`: `ipoLotsInvalid` with the lots that issue accepts — its own min/max narrowed
 * by the form's published bounds (`form`) — as the domain check answers (the apply form's
 * schema on the server keeps the specific code).
 * @returns AppError `ipoLotsInvalid`, or `ipoNotFound` when there is no such issue.
 */
export async function lotsRefusal(deps: Deps, id: unknown, form: Partial<LotBounds> = {}): Promise<AppError> {
  const row = typeof id === 'string'
    ? await ipoDb(deps.db).selectFrom('ipos').select(['min_lots', 'max_lots']).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) return new AppError('ipoNotFound');
  return new AppError('ipoLotsInvalid', { ...narrowLots({ min: Number(row.min_lots), max: Number(row.max_lots) }, form) });
}

/**
 * Prices a bid now, exactly as `ipo/purchase` would mandate and hold it (any state of the
 * issue: the calculator also works before it opens).
 * @throws AppError `ipoNotFound`, `ipoLotsInvalid`, `ipoBidConflict`, `ipoBidOutOfBand`,
 *   `ipoCutOffRetailOnly`, `marketUnavailable`.
 */
export async function quoteIpo(deps: Deps, market: Market, input: IpoBidInput): Promise<IpoQuoteView> {
  const row = await ipoDb(deps.db).selectFrom('ipos').select(['price_minor', 'price_min_minor', 'lot_size', 'min_lots', 'max_lots']).where('id', '=', input.id).executeTakeFirst();
  if (!row) throw new AppError('ipoNotFound');
  const bid = checkBid(deps, row, input);
  const fx = await currentFx(market, deps.config.money.accountCurrency);
  return { lots: bid.lots, shares: bid.shares, price: fromMinor(bid.bidPriceMinor), category: bid.category, grossQuote: fromMinor(bid.grossMinor), amount: fromMinor(convert(fx, bid.grossMinor)), ...fxView(fx) };
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
