/**
 * The operator's money desk (issue 4 "Operator"): deposit and withdrawal queues, one item's
 * detail (the same shape as a queue item) and their decisions. Operators only; every decision
 * audited; decisions accept `Idempotency-Key`.
 */
import type { CallRegistry } from '../http/calls.js';
import { idempotencyOf } from '../http/idempotency.js';
import type { Deps } from '../domain/deps.js';
import { approveDeposit, getDepositForReview, listDepositsForReview, rejectDeposit } from '../domain/money/deposit-review.js';
import { getWithdrawalForReview, listWithdrawalsForReview, payWithdrawal, rejectWithdrawal } from '../domain/money/withdrawal-review.js';
import type { ById, DepositReviewList, RejectWithReason, WithdrawalReviewList } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function adminMoneyRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define<DepositReviewList>({
    name: 'admin/recharge/list',
    access: 'operator',
    body: 'api/depositReviewList',
    handle: async ({ body, locale }) => labelPage(await listDepositsForReview(deps, body), (d) => withStatusLabel(deps, locale, d)),
  });
  calls.define<ById>({
    name: 'admin/recharge/detail',
    access: 'operator',
    body: 'api/byId',
    handle: async ({ body, locale }) => withStatusLabel(deps, locale, await getDepositForReview(deps, body.id)),
  });
  calls.define<ById>({
    name: 'admin/recharge/approve',
    access: 'operator',
    body: 'api/byId',
    handle: ({ auth, body, request }) => approveDeposit(deps, auth!.userId, body.id, idempotencyOf(request, 'admin/recharge/approve', body)),
  });
  calls.define<RejectWithReason>({
    name: 'admin/recharge/reject',
    access: 'operator',
    body: 'api/rejectWithReason',
    handle: ({ auth, body, request }) => rejectDeposit(deps, auth!.userId, body.id, body.reason, idempotencyOf(request, 'admin/recharge/reject', body)),
  });

  calls.define<WithdrawalReviewList>({
    name: 'admin/withdrawal/list',
    access: 'operator',
    body: 'api/withdrawalReviewList',
    handle: async ({ body, locale }) => labelPage(await listWithdrawalsForReview(deps, body), (w) => withStatusLabel(deps, locale, w)),
  });
  calls.define<ById>({
    name: 'admin/withdrawal/detail',
    access: 'operator',
    body: 'api/byId',
    handle: async ({ body, locale }) => withStatusLabel(deps, locale, await getWithdrawalForReview(deps, body.id)),
  });
  calls.define<ById>({
    name: 'admin/withdrawal/pay',
    access: 'operator',
    body: 'api/byId',
    handle: ({ auth, body, request }) => payWithdrawal(deps, auth!.userId, body.id, idempotencyOf(request, 'admin/withdrawal/pay', body)),
  });
  calls.define<RejectWithReason>({
    name: 'admin/withdrawal/reject',
    access: 'operator',
    body: 'api/rejectWithReason',
    handle: ({ auth, body, request }) =>
      rejectWithdrawal(deps, auth!.userId, body.id, body.reason, idempotencyOf(request, 'admin/withdrawal/reject', body)),
  });
}
