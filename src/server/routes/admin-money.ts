/**
 * The operator's money desk: deposit and withdrawal queues, one item's
 * detail (the same shape as a queue item) and their decisions. Operators only; every decision
 * audited; decisions accept `Idempotency-Key`.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { approveDeposit, getDepositForReview, listDepositsForReview, rejectDeposit } from '../domain/money/deposit-review.js';
import { getWithdrawalForReview, listWithdrawalsForReview, payWithdrawal, rejectWithdrawal } from '../domain/money/withdrawal-review.js';
import type { ById, DepositReviewList, RejectWithReason, WithdrawalReviewList } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function adminMoneyRoutes(calls: CallRegistry, deps: Deps): void {
  const operator = callsWith(calls, 'operator');
  operator.query<DepositReviewList>('admin/recharge/list', 'api/depositReviewList', async ({ body, locale }) => labelPage(await listDepositsForReview(deps, body), (d) => withStatusLabel(deps, locale, d)));
  operator.query<ById>('admin/recharge/detail', 'api/byId', async ({ body, locale }) => withStatusLabel(deps, locale, await getDepositForReview(deps, body.id)));
  operator.command<ById>('admin/recharge/approve', 'api/byId', ({ auth, body, idempotency }) => approveDeposit(deps, auth!.userId, body.id, idempotency), { idempotent: true });
  operator.command<RejectWithReason>('admin/recharge/reject', 'api/rejectWithReason', ({ auth, body, idempotency }) => rejectDeposit(deps, auth!.userId, body.id, body.reason, idempotency), {
    idempotent: true,
  });

  operator.query<WithdrawalReviewList>('admin/withdrawal/list', 'api/withdrawalReviewList', async ({ body, locale }) => labelPage(await listWithdrawalsForReview(deps, body), (w) => withStatusLabel(deps, locale, w)));
  operator.query<ById>('admin/withdrawal/detail', 'api/byId', async ({ body, locale }) => withStatusLabel(deps, locale, await getWithdrawalForReview(deps, body.id)));
  operator.command<ById>('admin/withdrawal/pay', 'api/byId', ({ auth, body, idempotency }) => payWithdrawal(deps, auth!.userId, body.id, idempotency), { idempotent: true });
  operator.command<RejectWithReason>('admin/withdrawal/reject', 'api/rejectWithReason', ({ auth, body, idempotency }) =>
    rejectWithdrawal(deps, auth!.userId, body.id, body.reason, idempotency), {
    idempotent: true,
  });
}
