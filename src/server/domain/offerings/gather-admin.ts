/**
 * The operator's gather desk (operator; /gatherController,
 * /gatherControllerRecord): `admin/gather/save` creates or edits a plan (2–30 tranches, interval
 * ≥ `GATHER_MIN_INTERVAL_S`, default 5 s so it can be tested; daily in real use),
 * `admin/gather/list` lists plans with their participants, `admin/gather/records` shows one
 * plan's participations and fills. A participation keeps the terms it joined with, so an
 * edit never changes a running plan under an investor. Every change is audited.
 */
import type { GatherPlanForm } from '../../../shared/generated/index.js';
import { fromMinor } from '../../../shared/money.js';
import { offeringsDb, type GatherPlansTable } from '../../db/offerings-tables.js';
import { writeAudit } from '../audit.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { moneyTransaction } from '../ledger/index.js';
import type { TradingContext } from '../trading/context.js';
import { equityWithPrice, instantOf, positiveMinor, wholeIn } from './common.js';
import { participationViews, type ParticipationView } from './gather-views.js';

/** Body of `admin/gather/save` (the generated type of the form's contract, schemas/contracts/gatherController.schema.json): minAmount in currency units, instants epoch ms (or ISO, India time). */
export type GatherPlanInput = GatherPlanForm;

/** A plan's status at an instant. */
export type GatherPlanStatus = 'upcoming' | 'open' | 'closed';

/** A plan as `gather/getList` and `admin/gather/list` answer it. */
export interface GatherPlanView {
  id: string;
  name: string;
  symbol: string;
  tranches: number;
  intervalSeconds: number;
  minAmount: number;
  opensAt: number;
  closesAt: number;
  status: GatherPlanStatus;
  /** Investors who joined (any status). */
  participants: number;
}

/** The plan's status at `now`. */
export function planStatus(plan: Pick<GatherPlansTable, 'opens_at' | 'closes_at'>, now: number): GatherPlanStatus {
  if (now >= Number(plan.closes_at)) return 'closed';
  return now < Number(plan.opens_at) ? 'upcoming' : 'open';
}

/** Plan rows with their participant counts as views. */
export async function planViews(ctx: TradingContext, plans: GatherPlansTable[]): Promise<GatherPlanView[]> {
  const now = ctx.deps.clock.now();
  const ids = plans.map((p) => p.id);
  const counts = ids.length
    ? await offeringsDb(ctx.deps.db)
        .selectFrom('gather_participations')
        .select((eb) => ['plan_id', eb.fn.countAll<number | string>().as('n')])
        .where('plan_id', 'in', ids)
        .groupBy('plan_id')
        .execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.plan_id, Number(c.n)]));
  return plans.map((p) => ({
    id: p.id, name: p.name, symbol: p.symbol, tranches: Number(p.tranches), intervalSeconds: Number(p.interval_s), minAmount: fromMinor(Number(p.min_amount_minor)),
    opensAt: Number(p.opens_at), closesAt: Number(p.closes_at), status: planStatus(p, now), participants: countOf.get(p.id) ?? 0,
  }));
}

/**
 * Creates (no `id`) or edits a plan.
 * @throws AppError `unknownSymbol`, `symbolNotTradable`, `gatherTranchesInvalid`,
 *   `gatherIntervalInvalid` (below the minimum), `gatherIntervalTooLong` (above 366 days),
 *   `amountInvalid` (minAmount), `offerDateInvalid`, `offerWindowInvalid`, `gatherPlanNotFound`.
 */
export async function saveGatherPlan(ctx: TradingContext, actorUserId: string, input: GatherPlanInput): Promise<GatherPlanView> {
  const { deps } = ctx;
  const { instrument } = await equityWithPrice(ctx.market, input.symbol);
  const name = String(input.name ?? '').trim();
  if (!name) throw new AppError('validation', { detail: 'name' });
  const tranches = wholeIn(input.tranches, 2, 30, 'gatherTranchesInvalid');
  const minInterval = deps.config.offerings.gatherMinIntervalSeconds;
  const maxInterval = 366 * 86_400;
  if (typeof input.intervalSeconds === 'number' && input.intervalSeconds > maxInterval) throw new AppError('gatherIntervalTooLong', { max: maxInterval, days: 366 });
  const intervalSeconds = wholeIn(input.intervalSeconds, minInterval, maxInterval, 'gatherIntervalInvalid', { min: minInterval });
  const minAmountMinor = positiveMinor(input.minAmount);
  const opensAt = instantOf(input.opensAt);
  const closesAt = instantOf(input.closesAt);
  if (closesAt <= opensAt) throw new AppError('offerWindowInvalid');
  const now = deps.clock.now();
  const row = await moneyTransaction(deps.db, async (trx) => {
    const o = offeringsDb(trx);
    const values = { name: name.slice(0, 80), symbol: instrument.symbol, tranches, interval_s: intervalSeconds, min_amount_minor: minAmountMinor, opens_at: opensAt, closes_at: closesAt, updated_at: now };
    if (!input.id) {
      const created: GatherPlansTable = { id: newId(), ...values, created_by: actorUserId, created_at: now };
      await o.insertInto('gather_plans').values(created).execute();
      await writeAudit(trx, { actorUserId, action: 'gatherPlan.create', entity: 'gather_plan', entityId: created.id, after: created, at: now });
      return created;
    }
    const before = await o.selectFrom('gather_plans').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new AppError('gatherPlanNotFound');
    await o.updateTable('gather_plans').set(values).where('id', '=', input.id).execute();
    const after = { ...before, ...values } as GatherPlansTable;
    await writeAudit(trx, { actorUserId, action: 'gatherPlan.update', entity: 'gather_plan', entityId: before.id, before, after, at: now });
    return after;
  });
  return (await planViews(ctx, [row]))[0]!;
}

/** Every plan, newest first. */
export async function listGatherPlans(ctx: TradingContext): Promise<{ items: GatherPlanView[]; total: number }> {
  const rows = await offeringsDb(ctx.deps.db).selectFrom('gather_plans').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  const items = await planViews(ctx, rows as GatherPlansTable[]);
  return { items, total: items.length };
}

/** A participation as the operator sees it: with the investor's email. */
export interface ParticipantRecordView extends ParticipationView {
  email: string;
}

/**
 * One plan's participants and fills.
 * @throws AppError `gatherPlanNotFound`.
 */
export async function gatherPlanRecords(ctx: TradingContext, planId: string): Promise<{ plan: GatherPlanView; items: ParticipantRecordView[]; total: number }> {
  const o = offeringsDb(ctx.deps.db);
  const plan = await o.selectFrom('gather_plans').selectAll().where('id', '=', planId).executeTakeFirst();
  if (!plan) throw new AppError('gatherPlanNotFound');
  const rows = await o
    .selectFrom('gather_participations')
    .innerJoin('users', 'users.id', 'gather_participations.user_id')
    .selectAll('gather_participations')
    .select('users.email')
    .where('plan_id', '=', planId)
    .orderBy('joined_at', 'desc')
    .orderBy('gather_participations.id')
    .execute();
  const views = await participationViews(ctx, rows);
  const items = views.map((v, i) => ({ ...v, email: rows[i]!.email }));
  return { plan: (await planViews(ctx, [plan as GatherPlansTable]))[0]!, items, total: items.length };
}
