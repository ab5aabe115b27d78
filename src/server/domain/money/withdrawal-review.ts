/**
 * The operator's withdrawal desk: the queue and one withdrawal's detail
 * with the payee's full account details, mark paid (one journal entry: held → payouts in
 * transit for `net`, held → fee revenue for `fee`) and reject with a reason (the hold
 * released in full). Each decision is a conditional status update plus the hold's own
 * exactly-once resolution, audited in the same transaction.
 */
import { fromMinor } from '../../../shared/money.js';
import type { Db } from '../../db/index.js';
import type { Deps } from '../deps.js';
import type { IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, releaseHold, settleHold } from '../ledger/index.js';
import { operatorBankRef, type OperatorBankRef } from './bank-accounts.js';
import { extraText, parseExtra } from '../custom-fields.js';
import type { Page, PageQuery } from '../../../shared/page.js';
import { decidePending, rejectPending, reviewPeople, reviewReads, type ReviewQueue } from './review.js';
import type { UserRef } from './users.js';
import { withdrawalQuery, withdrawalView, type WithdrawalRow, type WithdrawalStatus, type WithdrawalView } from './withdrawals.js';

/** A withdrawal in the operator's queue. */
export interface WithdrawalReviewView extends Omit<WithdrawalView, 'bank'> {
  user: UserRef;
  /** The payee with the full account number. */
  bank: OperatorBankRef;
  /** Public uid of the operator who decided, or null. */
  resolvedBy: string | null;
  /** The withdrawal's own custom fields on one line (`extraText`), or null when none. */
  extraText: string | null;
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

/** Operator views of withdrawal rows: the investor, the payee with the full number and the resolver beside each. */
async function reviewViews(db: Db, rows: WithdrawalRow[]): Promise<WithdrawalReviewView[]> {
  const people = await reviewPeople(db, rows);
  return rows.map((row) => {
    const { user, decidedBy } = people(row);
    return {
      ...withdrawalView(row),
      user,
      bank: operatorBankRef({ id: row.bank_id, bank_name: row.bank_name, account_number: row.account_number, ifsc: row.ifsc, holder_name: row.holder_name, extra_json: row.bank_extra_json }),
      resolvedBy: decidedBy,
      extraText: extraText(parseExtra(row.extra_json)),
    };
  });
}

/** The withdrawal desk: its table, audit entity, errors, rows and operator views. */
const QUEUE: ReviewQueue<'withdrawals' | 'bank_accounts', WithdrawalRow, WithdrawalReviewView> = { table: 'withdrawals', entity: 'withdrawal', notFound: 'withdrawalNotFound', notPending: 'withdrawalNotPending', rows: withdrawalQuery, views: reviewViews };
const READS = reviewReads<'withdrawals' | 'bank_accounts', WithdrawalRow, WithdrawalReviewView, WithdrawalReviewQuery>(QUEUE);

/** The queue: oldest first when filtered to `pending`, else newest first. */
export const listWithdrawalsForReview = READS.list;

/**
 * One withdrawal as the operator's queue shows it (`admin/withdrawal/detail`, the payout screen).
 * @throws AppError `withdrawalNotFound`.
 */
export const getWithdrawalForReview = READS.get;

/** The columns of a claimed withdrawal its decisions need: the hold and the split of the amount. */
interface ClaimedWithdrawal {
  user_id: string;
  amount_minor: number;
  hold_id: string;
  fee_minor: number;
  net_minor: number;
}

/**
 * Marks a pending withdrawal paid: settles its hold to payouts in transit (net) and fee revenue (fee).
 * @throws AppError `withdrawalNotFound`, `withdrawalNotPending`, `idempotencyMismatch`.
 */
export async function payWithdrawal(deps: Deps, operatorId: string, id: string, idempotency: IdempotencyRequest | null): Promise<WithdrawalDecision> {
  return decidePending<ClaimedWithdrawal, 'paid'>(deps, QUEUE, operatorId, id, idempotency, {
    status: 'paid',
    action: 'withdrawal.pay',
    dual: true,
    returning: ['hold_id', 'fee_minor', 'net_minor'],
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
  return rejectPending<ClaimedWithdrawal>(deps, QUEUE, operatorId, id, reason, idempotency, {
    returning: ['hold_id'],
    apply: async (trx, now, row) => ({ entryId: await releaseHold(trx, now, row.hold_id, ENTRY_KINDS.withdrawalRejected, 'withdrawal_release') }),
  });
}
