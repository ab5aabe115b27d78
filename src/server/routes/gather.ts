/**
 * Gather (docs/product.md, Calls): investor calls `gather/getList`, `gather/quote` (the ticket),
 * `gather/purchase`
 * (joins; with `Idempotency-Key`), `gather/myRecord`, `gather/cancel`; the operator desk
 * `admin/gather/save`, `admin/gather/list`, `admin/gather/records` (audited saves).
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { TradingContext } from '../domain/trading/context.js';
import { gatherPlanRecords, listGatherPlans, saveGatherPlan } from '../domain/offerings/gather-admin.js';
import { cancelParticipation, joinPlan, listPlans, myParticipations, planDetail, quoteJoin } from '../domain/offerings/gather.js';
import { pageSlice } from '../../shared/page.js';
import { AppError } from '../domain/errors.js';
import { amountRefusal } from './refusals.js';
import type { ById, GatherJoinForm, GatherPlanForm, ByIdPaged, PageRequest } from '../../shared/generated/index.js';

export function gatherRoutes(calls: CallRegistry, ctx: TradingContext): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  user.query<PageRequest>('gather/getList', 'api/pageRequest', async ({ body }) => pageSlice((await listPlans(ctx)).items, body));
  // One plan (the join screen's header).
  user.query<ById>('gather/detail', 'api/byId', ({ body }) => planDetail(ctx, body.id));
  // The ticket before confirming: the held amount in ₹ at the current rate and a tranche's shares today.
  user.query<GatherJoinForm>('gather/quote', 'screens/gatherJoin', ({ body }) => quoteJoin(ctx, body), {
    refusals: { amount: amountRefusal },
  });
  // One schema per form: the gatherJoin form's; a missing or bad amount keeps code 1203.
  user.command<GatherJoinForm>('gather/purchase', 'screens/gatherJoin', ({ auth, body, idempotency }) => joinPlan(ctx, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount' },
    idempotent: true,
    refusals: { amount: amountRefusal },
  });
  user.query<PageRequest>('gather/myRecord', 'api/pageRequest', async ({ auth, body }) => pageSlice((await myParticipations(ctx, auth!.userId)).items, body));
  user.command<ById>('gather/cancel', 'api/byId', ({ auth, body }) => cancelParticipation(ctx, auth!.userId, body.id));

  // One schema per form: the plan form's; a field failing it keeps the domain's specific code.
  operator.command<GatherPlanForm>('admin/gather/save', 'screens/gatherController', ({ auth, body }) => saveGatherPlan(ctx, auth!.userId, body), {
    refusals: {
      tranches: () => new AppError('gatherTranchesInvalid'),
      intervalSeconds: () => new AppError('gatherIntervalInvalid', { min: ctx.deps.config.offerings.gatherMinIntervalSeconds }),
      minAmount: () => new AppError('amountInvalid'),
      opensAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.opensAt ?? '').slice(0, 40) }),
      closesAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.closesAt ?? '').slice(0, 40) }),
    },
  });
  operator.query<PageRequest>('admin/gather/list', 'api/pageRequest', async ({ body }) => pageSlice((await listGatherPlans(ctx)).items, body));
  operator.query<ByIdPaged>('admin/gather/records', 'api/byIdPaged', async ({ body }) => {
    const records = await gatherPlanRecords(ctx, body.id);
    return { plan: records.plan, ...pageSlice(records.items, body) };
  });
}
