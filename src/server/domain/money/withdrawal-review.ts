/**
 * The operator's withdrawal desk: the queue and one withdrawal's detail
 * with the payee's full account details, mark paid (one journal entry: held → payouts in
 * transit for `net`, held → fee revenue for `fee`) and reject with a reason (the hold
 * released in full). Each decision is a conditional status update plus the hold's own
 * exactly-once resolution, audited in the same transaction.
 */
import { fromMinor } from '../../../shared/money.js';
import type { Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import type { IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, releaseHold, settleHold } from '../ledger/index.js';
import { operatorBankRef, type OperatorBankRef } from './bank-accounts.js';
import type { Page, PageQuery } from '../../../shared/page.js';
import { decidePending, reviewPeople, reviewQueuePage, type ReviewDesk } from './review.js';
import type { UserRef } from './users.js';
import { withdrawalQuery, withdrawalView, type WithdrawalRow, type WithdrawalStatus, type WithdrawalView } from './withdrawals.js';

const DESK: ReviewDesk = { table: 'withdrawals', entity: 'withdrawal', notFound: 'withdrawalNotFound', notPending: 'withdrawalNotPending' };

/** A withdrawal in the operator's queue. */
export interface WithdrawalReviewView extends Omit<WithdrawalView, 'bank'> {
  user: UserRef;
  /** The payee with the full account number. */
  bank: OperatorBankRef;
  /** Public uid of the operator who decided, or null. */
  resolvedBy: string | null;
}

/** Filter of `admin/withdrawal/list`. */
export interface WithdrawalReviewQuery extends PageQuery {
  status?: WithdrawalStatus;
}

/** Answer of a decision. */
export interface WithdrawalDecision {
  id: string;
  status: WithdrawalStatus;
}

/** The queue: oldest first when filtered to `pending`, else newest first. */
export async function listWithdrawalsForReview(deps: Deps, query: WithdrawalReviewQuery): Promise<Page<WithdrawalReviewView>> {
  return reviewQueuePage(deps.db, DESK, withdrawalQuery(deps.db), query, (rows) => reviewViews(deps.db, rows));
}

/**
 * One withdrawal as the operator's queue shows it (`admin/withdrawal/detail`, the payout screen).
 * @throws AppError `withdrawalNotFound`.
 */
export async function getWithdrawalForReview(deps: Deps, id: string): Promise<WithdrawalReviewView> {
  const row = await withdrawalQuery(deps.db).where('withdrawals.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('withdrawalNotFound');
  return (await reviewViews(deps.db, [row]))[0]!;
}

/** Operator views of withdrawal rows: the investor, the payee with the full number and the resolver beside each. */
async function reviewViews(db: Db, rows: WithdrawalRow[]): Promise<WithdrawalReviewView[]> {
  const people = await reviewPeople(db, rows);
  return rows.map((row) => {
    const { user, decidedBy } = people(row);
    return {
      ...withdrawalView(row),
      user,
      bank: operatorBankRef({ id: row.bank_id, bank_name: row.bank_name, account_number: row.account_number, ifsc: row.ifsc, holder_name: row.holder_name }),
      resolvedBy: decidedBy,
    };
  });
}

/**
 * Marks a pending withdrawal paid: settles its hold to payouts in transit (net) and fee revenue (fee).
 * @throws AppError `withdrawalNotFound`, `withdrawalNotPending`, `idempotencyMismatch`.
 */
export async function payWithdrawal(deps: Deps, operatorId: string, id: string, idempotency: IdempotencyRequest | null): Promise<WithdrawalDecision> {
  return decidePending(deps, DESK, operatorId, id, idempotency, {
    status: 'paid',
    action: 'withdrawal.pay',
    dual: true,
    claim: (trx, now) =>
      trx
        .updateTable('withdrawals')
        .set({ status: 'paid', reviewed_at: now, reviewed_by: operatorId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'hold_id', 'amount_minor', 'fee_minor', 'net_minor'])
        .executeTakeFirst(),
    apply: async (trx, now, row) => {
      const entryId = await settleHold(trx, now, row.hold_id, ENTRY_KINDS.withdrawalPaid, [
        { house: 'payouts_in_transit', amountMinor: Number(row.net_minor), postingKind: 'withdrawal_paid' },
        { house: 'fee_revenue', amountMinor: Number(row.fee_minor), postingKind: 'withdrawal_fee' },
      ]);
      return { before: { fee: fromMinor(Number(row.fee_minor)), net: fromMinor(Number(row.net_minor)) }, after: { entryId } };
    },
  });
}

/**
 * Rejects a pending withdrawal with a reason the investor sees: the whole amount returns to
 * the available balance.
 * @param reason 1–500 characters (trimmed).
 * @throws AppError `withdrawalNotFound`, `withdrawalNotPending`, `idempotencyMismatch`.
 */
export async function rejectWithdrawal(deps: Deps, operatorId: string, id: string, reason: string, idempotency: IdempotencyRequest | null): Promise<WithdrawalDecision> {
  const text = reason.trim();
  return decidePending(deps, DESK, operatorId, id, idempotency, {
    status: 'rejected',
    action: 'withdrawal.reject',
    claim: (trx, now) =>
      trx
        .updateTable('withdrawals')
        .set({ status: 'rejected', reject_reason: text, reviewed_at: now, reviewed_by: operatorId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'hold_id', 'amount_minor'])
        .executeTakeFirst(),
    apply: async (trx, now, row) => {
      const entryId = await releaseHold(trx, now, row.hold_id, ENTRY_KINDS.withdrawalRejected, 'withdrawal_release');
      return { after: { reason: text, entryId } };
    },
  });
}
