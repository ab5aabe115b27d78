/**
 * Gather (docs/product.md, Calls): investor calls `gather/getList`, `gather/quote` (the ticket),
 * `gather/purchase`
 * (joins; with `Idempotency-Key`), `gather/myRecord`, `gather/cancel`; the operator desk
 * `admin/gather/save`, `admin/gather/list`, `admin/gather/records` (audited saves).
 */
import type { CallRegistry } from '../http/calls.js';
import type { TradingContext } from '../domain/trading/context.js';
import { gatherPlanRecords, listGatherPlans, saveGatherPlan } from '../domain/offerings/gather-admin.js';
import { cancelParticipation, joinPlan, listPlans, myParticipations, planDetail, quoteJoin } from '../domain/offerings/gather.js';
import { pageSlice } from '../../shared/page.js';
import { AppError } from '../domain/errors.js';
import type { ById, GatherJoinForm, GatherPlanForm, ByIdPaged, PageRequest } from '../../shared/generated/index.js';

export function gatherRoutes(calls: CallRegistry, ctx: TradingContext): void {
  calls.define<PageRequest>({ name: 'gather/getList', effect: 'query', access: 'user', body: 'api/pageRequest', handle: async ({ body }) => pageSlice((await listPlans(ctx)).items, body) });
  // One plan (the join screen's header).
  calls.define<ById>({ name: 'gather/detail', effect: 'query', access: 'user', body: 'api/byId', handle: ({ body }) => planDetail(ctx, body.id) });
  // The ticket before confirming: the held amount in ₹ at the current rate and a tranche's shares today.
  calls.define<GatherJoinForm>({
    name: 'gather/quote',
    effect: 'query',
    access: 'user',
    body: 'screens/gatherJoin',
    refusals: { amount: () => new AppError('amountInvalid') },
    handle: ({ body }) => quoteJoin(ctx, body),
  });
  // One schema per form: the gatherJoin form's; a missing or bad amount keeps code 1203.
  calls.define<GatherJoinForm>({
    name: 'gather/purchase',
    effect: 'command',
    confirm: { amountField: 'amount' },
    idempotent: true,
    access: 'user',
    body: 'screens/gatherJoin',
    refusals: { amount: () => new AppError('amountInvalid') },
    handle: ({ auth, body, idempotency }) => joinPlan(ctx, auth!.userId, body, idempotency),
  });
  calls.define<PageRequest>({ name: 'gather/myRecord', effect: 'query', access: 'user', body: 'api/pageRequest', handle: async ({ auth, body }) => pageSlice((await myParticipations(ctx, auth!.userId)).items, body) });
  calls.define<ById>({ name: 'gather/cancel', effect: 'command', access: 'user', body: 'api/byId', handle: ({ auth, body }) => cancelParticipation(ctx, auth!.userId, body.id) });

  // One schema per form: the plan form's; a field failing it keeps the domain's specific code.
  calls.define<GatherPlanForm>({
    name: 'admin/gather/save',
    effect: 'command',
    access: 'operator',
    body: 'screens/gatherController',
    refusals: {
      tranches: () => new AppError('gatherTranchesInvalid'),
      intervalSeconds: () => new AppError('gatherIntervalInvalid', { min: ctx.deps.config.offerings.gatherMinIntervalSeconds }),
      minAmount: () => new AppError('amountInvalid'),
      opensAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.opensAt ?? '').slice(0, 40) }),
      closesAt: (raw) => new AppError('offerDateInvalid', { value: String(raw.closesAt ?? '').slice(0, 40) }),
    },
    handle: ({ auth, body }) => saveGatherPlan(ctx, auth!.userId, body),
  });
  calls.define<PageRequest>({ name: 'admin/gather/list', effect: 'query', access: 'operator', body: 'api/pageRequest', handle: async ({ body }) => pageSlice((await listGatherPlans(ctx)).items, body) });
  calls.define<ByIdPaged>({
    name: 'admin/gather/records',
    effect: 'query',
    access: 'operator',
    body: 'api/byIdPaged',
    handle: async ({ body }) => {
      const records = await gatherPlanRecords(ctx, body.id);
      return { plan: records.plan, ...pageSlice(records.items, body) };
    },
  });
}
