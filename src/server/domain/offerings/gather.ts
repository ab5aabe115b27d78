/**
 * Gather for investors (docs/product.md, Calls): a plan buys one symbol in
 * equal tranches over time. `gather/purchase {id, amount}` joins: the amount is held at once
 * (`available → held`); each interval the runner (`gather-runner.ts`) buys `amount ÷ tranches`
 * plus carried-over cash in whole shares at the feed price; after the last tranche the
 * remainder is released. `gather/myRecord` lists my participations; `gather/cancel` stops
 * future tranches and releases what is still held at once.
 *
 * Ledger: the held money sits in one open hold (`holds.kind = 'gather'`, reference
 * `<participation>:<tranche>`). A tranche that buys releases that hold, records the buy as an
 * ordinary share purchase and re-holds what is left under the next reference — all in one
 * transaction, so the money is never free in between.
 */
import { offeringsDb, type GatherParticipationsTable, type GatherPlansTable } from '../../db/offerings-tables.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import type { Db } from '../../db/index.js';
import { moneyTransaction, placeHold, releaseHold } from '../ledger/index.js';
import { livePrice, type TradingContext } from '../trading/context.js';
import { convert, currentFx, fxView } from '../fx.js';
import { affordableQuantity } from '../holdings/index.js';
import { chargeRatesOf, chargesFields, computeCharges, type ChargesFields } from '../trading/charges.js';
import { planStatus, planViews, type GatherPlanView } from './gather-admin.js';
import { participationViews, type ParticipationView } from './gather-views.js';
import { positiveMinor } from './common.js';
import { fromMinor } from '../../../shared/money.js';
import { currencySymbol, SAME_CURRENCY_RATE_MINOR } from '../../../shared/currency.js';
import { OFFERING_ENTRY_KINDS } from './entry-kinds.js';

/** Posting kinds of the gather holds in the bill flow. */
export const GATHER_BILL_KINDS = { hold: 'gather_hold', release: 'gather_release' } as const;

/** Places the hold carrying a participation's money from tranche `tranche` on. */
export function holdGather(trx: Db, now: number, userId: string, participationId: string, tranche: number, amountMinor: number): Promise<string> {
  return placeHold(trx, now, {
    userId, amountMinor, kind: 'gather', reference: `${participationId}:${tranche}`, entryKind: OFFERING_ENTRY_KINDS.gatherHeld, postingKind: GATHER_BILL_KINDS.hold,
  });
}

/** Releases a participation's hold in full. */
export function releaseGather(trx: Db, now: number, holdId: string): Promise<string> {
  return releaseHold(trx, now, holdId, OFFERING_ENTRY_KINDS.gatherReleased, GATHER_BILL_KINDS.release);
}

/** Open and upcoming plans, soonest closing first. */
export async function listPlans(ctx: TradingContext): Promise<{ items: GatherPlanView[]; total: number }> {
  const rows = await offeringsDb(ctx.deps.db).selectFrom('gather_plans').selectAll().where('closes_at', '>', ctx.deps.clock.now()).orderBy('closes_at').orderBy('id').execute();
  const items = await planViews(ctx, rows as GatherPlansTable[]);
  return { items, total: items.length };
}

/**
 * One plan by id.
 * @throws AppError `gatherPlanNotFound`.
 */
export async function planDetail(ctx: TradingContext, id: string): Promise<GatherPlanView> {
  const row = await offeringsDb(ctx.deps.db).selectFrom('gather_plans').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('gatherPlanNotFound');
  return (await planViews(ctx, [row as GatherPlansTable]))[0]!;
}

/**
 * Joins a plan with `amount` (currency units): held at once, first tranche one interval later.
 * @throws AppError `gatherPlanNotFound`, `gatherNotOpen` (before or after the window),
 *   `amountInvalid`, `gatherBelowMinimum`, `insufficientBalance`, `idempotencyMismatch`.
 */
export async function joinPlan(ctx: TradingContext, userId: string, input: { id: string; amount: number }, idempotency: IdempotencyRequest | null): Promise<{ id: string }> {
  const { deps } = ctx;
  const prepare = () => checkJoin(ctx, input);
  return runIdempotent(deps, userId, idempotency, prepare, async (trx, { plan, amountMinor, now }) => {
    const id = newId();
    const row: GatherParticipationsTable = {
      id, plan_id: plan.id, user_id: userId, symbol: plan.symbol, amount_minor: amountMinor, tranches: Number(plan.tranches), interval_s: Number(plan.interval_s),
      joined_at: now, done: 0, next_due_at: now + Number(plan.interval_s) * 1000, status: 'running', hold_id: null, held_minor: amountMinor, invested_minor: 0, ended_at: null,
    };
    // The participation row first: the hold's reference names it.
    await offeringsDb(trx).insertInto('gather_participations').values(row).execute();
    const holdId = await holdGather(trx, now, userId, id, 0, amountMinor);
    await offeringsDb(trx).updateTable('gather_participations').set({ hold_id: holdId }).where('id', '=', id).execute();
    return { id };
  });
}

/** A checked join: the plan open, the amount at least its minimum. */
async function checkJoin(ctx: TradingContext, input: { id: string; amount: number }) {
  const { deps } = ctx;
  const now = deps.clock.now();
  const plan = await offeringsDb(deps.db).selectFrom('gather_plans').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (!plan) throw new AppError('gatherPlanNotFound');
  if (planStatus(plan, now) !== 'open') throw new AppError('gatherNotOpen');
  const amountMinor = positiveMinor(input.amount);
  if (amountMinor < Number(plan.min_amount_minor)) throw new AppError('gatherBelowMinimum', { min: fromMinor(Number(plan.min_amount_minor)), currency: currencySymbol(deps.config.money.accountCurrency) });
  return { plan, amountMinor, now };
}

/**
 * Answer of `gather/quote`: the gather ticket before confirming, at the current price and rate;
 * `charges` / `chargesInr` break down what one tranche of `sharesPerTranche` shares pays at
 * today's price (docs/trading.md, Charges).
 */
export interface GatherQuoteView extends ChargesFields {
  /** The symbol's price now, INR. */
  price: number;
  /** INR per account-currency unit. */
  rate: number;
  currency: string;
  accountCurrency: string;
  /** What is held at once: the whole amount, currency units. */
  amount: number;
  /** The amount in INR at the current rate. */
  amountQuote: number;
  tranches: number;
  /** The budget of each tranche but the last (⌊amount ÷ tranches⌋), currency units. */
  trancheAmount: number;
  /** Whole shares one tranche buys at today's price (every charge included); later tranches buy at their own prices. */
  sharesPerTranche: number;
  /** Every charge of one such tranche (`charges.total`), currency units: the ticket's charges row. */
  chargesPerTranche: number;
}

/**
 * `gather/quote {id, amount}`: what joining holds and what a tranche buys at today's price.
 * @throws AppError as {@link joinPlan} before the ledger, and `marketUnavailable`.
 */
export async function quoteJoin(ctx: TradingContext, input: { id: string; amount: number }): Promise<GatherQuoteView> {
  const { plan, amountMinor } = await checkJoin(ctx, input);
  const { priceMinor } = await livePrice(ctx.market, plan.symbol);
  const fx = await currentFx(ctx.market, ctx.deps.config.money.accountCurrency);
  const tranches = Number(plan.tranches);
  const trancheMinor = Math.floor(amountMinor / tranches);
  const rates = chargeRatesOf(ctx.deps.config.trading);
  const shares = affordableQuantity(trancheMinor, priceMinor, rates, fx.rateMinor);
  const charges = computeCharges({ side: 'buy', turnoverInrMinor: priceMinor * shares, grossAccountMinor: convert(fx, priceMinor * shares), fxRateMinor: fx.rateMinor }, rates);
  return {
    price: fromMinor(priceMinor),
    ...fxView(fx),
    amount: fromMinor(amountMinor),
    amountQuote: fromMinor(Math.floor((amountMinor * fx.rateMinor) / SAME_CURRENCY_RATE_MINOR)),
    tranches,
    trancheAmount: fromMinor(trancheMinor),
    sharesPerTranche: shares,
    chargesPerTranche: fromMinor(charges.account.total),
    ...chargesFields(charges),
  };
}

/** My participations, newest first. */
export async function myParticipations(ctx: TradingContext, userId: string): Promise<{ items: ParticipationView[]; total: number }> {
  const rows = await offeringsDb(ctx.deps.db).selectFrom('gather_participations').selectAll().where('user_id', '=', userId).orderBy('joined_at', 'desc').orderBy('id').execute();
  const items = await participationViews(ctx, rows as GatherParticipationsTable[]);
  return { items, total: items.length };
}

/**
 * Cancels a running participation: no more tranches, what is still held is released at once.
 * Exactly once (a conditional status update; a tranche running at the same moment either
 * commits first — then its re-held rest is what is released — or sees the cancellation).
 * @throws AppError `gatherParticipationNotFound` (also another user's), `gatherNotRunning`.
 */
export async function cancelParticipation(ctx: TradingContext, userId: string, id: string): Promise<ParticipationView> {
  const { deps } = ctx;
  const now = deps.clock.now();
  await moneyTransaction(deps.db, async (trx) => {
    const o = offeringsDb(trx);
    const cancelled = await o
      .updateTable('gather_participations')
      .set({ status: 'cancelled', ended_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .returning(['hold_id', 'held_minor'])
      .executeTakeFirst();
    if (!cancelled) {
      const exists = await o.selectFrom('gather_participations').select('status').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      throw new AppError(exists ? 'gatherNotRunning' : 'gatherParticipationNotFound');
    }
    if (cancelled.hold_id) await releaseGather(trx, now, cancelled.hold_id);
    await o.updateTable('gather_participations').set({ hold_id: null, held_minor: 0 }).where('id', '=', id).execute();
  });
  const row = await offeringsDb(deps.db).selectFrom('gather_participations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await participationViews(ctx, [row as GatherParticipationsTable]))[0]!;
}
