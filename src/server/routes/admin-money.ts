/**
 * The operator's money desk: deposit and withdrawal queues, one item's
 * detail (the same shape as a queue item) and their decisions. Operators only; every decision
 * audited; decisions accept `Idempotency-Key`.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { approveDeposit, getDepositForReview, listDepositsForReview, rejectDeposit } from '../domain/money/deposit-review.js';
import { getWithdrawalForReview, listWithdrawalsForReview, payWithdrawal, rejectWithdrawal } from '../domain/money/withdrawal-review.js';
import type { ById, DepositReviewList, RejectWithReason, WithdrawalReviewList } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function adminMoneyRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define<DepositReviewList>({
    name: 'admin/recharge/list',
    effect: 'query',
    access: 'operator',
    body: 'api/depositReviewList',
    handle: async ({ body, locale }) => labelPage(await listDepositsForReview(deps, body), (d) => withStatusLabel(deps, locale, d)),
  });
  calls.define<ById>({
    name: 'admin/recharge/detail',
    effect: 'query',
    access: 'operator',
    body: 'api/byId',
    handle: async ({ body, locale }) => withStatusLabel(deps, locale, await getDepositForReview(deps, body.id)),
  });
  calls.define<ById>({
    name: 'admin/recharge/approve',
    effect: 'command',
    idempotent: true,
    access: 'operator',
    body: 'api/byId',
    handle: ({ auth, body, idempotency }) => approveDeposit(deps, auth!.userId, body.id, idempotency),
  });
  calls.define<RejectWithReason>({
    name: 'admin/recharge/reject',
    effect: 'command',
    idempotent: true,
    access: 'operator',
    body: 'api/rejectWithReason',
    handle: ({ auth, body, idempotency }) => rejectDeposit(deps, auth!.userId, body.id, body.reason, idempotency),
  });

  calls.define<WithdrawalReviewList>({
    name: 'admin/withdrawal/list',
    effect: 'query',
    access: 'operator',
    body: 'api/withdrawalReviewList',
    handle: async ({ body, locale }) => labelPage(await listWithdrawalsForReview(deps, body), (w) => withStatusLabel(deps, locale, w)),
  });
  calls.define<ById>({
    name: 'admin/withdrawal/detail',
    effect: 'query',
    access: 'operator',
    body: 'api/byId',
    handle: async ({ body, locale }) => withStatusLabel(deps, locale, await getWithdrawalForReview(deps, body.id)),
  });
  calls.define<ById>({
    name: 'admin/withdrawal/pay',
    effect: 'command',
    idempotent: true,
    access: 'operator',
    body: 'api/byId',
    handle: ({ auth, body, idempotency }) => payWithdrawal(deps, auth!.userId, body.id, idempotency),
  });
  calls.define<RejectWithReason>({
    name: 'admin/withdrawal/reject',
    effect: 'command',
    idempotent: true,
    access: 'operator',
    body: 'api/rejectWithReason',
    handle: ({ auth, body, idempotency }) =>
      rejectWithdrawal(deps, auth!.userId, body.id, body.reason, idempotency),
  });
}
