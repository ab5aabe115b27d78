/**
 * The operator's deposit desk: the review queue, one deposit's detail,
 * approve (one journal entry: bank clearing → the user's available account) and reject with a
 * reason (nothing posted). Each decision is a conditional status update — a deposit is decided
 * once — and is audited in the same transaction (who, what, when, before → after).
 */
import type { Db } from '../../db/index.js';
import type { Deps } from '../deps.js';
import { newId } from '../ids.js';
import type { IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, postEntry } from '../ledger/index.js';
import { liveBankAccountsOf, type OperatorBankRef } from './bank-accounts.js';
import { extraText, parseExtra } from '../custom-fields.js';
import { depositQuery, depositView, type DepositRow, type DepositStatus, type DepositView } from './deposits.js';
import type { Page, PageQuery } from '../../../shared/page.js';
import { decidePending, rejectPending, reviewPeople, reviewReads, type ReviewQueue } from './review.js';
import type { UserRef } from './users.js';

/** A deposit in the operator's queue: the investor and their bound accounts beside it. */
export interface DepositReviewView extends DepositView {
  user: UserRef;
  /** The investor's live bound accounts, full numbers (to match the transfer). */
  userBankAccounts: OperatorBankRef[];
  /** Public uid of the operator who decided, or null. */
  reviewedBy: string | null;
  /** The deposit's custom fields on one line (`extraText`), or null when none. */
  extraText: string | null;
}

/** Filter of `admin/recharge/list`. */
export interface DepositReviewQuery extends PageQuery {
  /** Default: every status. */
  status?: DepositStatus;
}

/** Answer of a review decision. */
export interface ReviewResult {
  id: string;
  status: DepositStatus;
}

/** Operator views of deposit rows: the investor, their live bound accounts and the reviewer beside each. */
async function reviewViews(db: Db, rows: DepositRow[]): Promise<DepositReviewView[]> {
  const people = await reviewPeople(db, rows);
  const banks = await liveBankAccountsOf(db, rows.map((r) => r.user_id));
  return rows.map((row) => {
    const { user, decidedBy } = people(row);
    return { ...depositView(row), user, userBankAccounts: banks.get(row.user_id) ?? [], reviewedBy: decidedBy, extraText: extraText(parseExtra(row.extra_json)) };
  });
}

/** The deposit desk: its table, audit entity, errors, rows and operator views. */
const QUEUE: ReviewQueue<'deposits' | 'bank_accounts', DepositRow, DepositReviewView> = { table: 'deposits', entity: 'deposit', notFound: 'depositNotFound', notPending: 'depositNotPending', rows: depositQuery, views: reviewViews };
const READS = reviewReads<'deposits' | 'bank_accounts', DepositRow, DepositReviewView, DepositReviewQuery>(QUEUE);

/** The queue, oldest first when filtered to `pending` (first come, first served), else newest first. */
export const listDepositsForReview = READS.list;

/**
 * One deposit as the operator's queue shows it (`admin/recharge/detail`, the deposit review screen).
 * @throws AppError `depositNotFound`.
 */
export const getDepositForReview = READS.get;

/**
 * Approves a pending deposit: credits the amount to the investor's available balance.
 * @throws AppError `depositNotFound`, `depositNotPending` (already approved or rejected),
 *   `idempotencyMismatch`.
 */
export async function approveDeposit(deps: Deps, operatorId: string, id: string, idempotency: IdempotencyRequest | null): Promise<ReviewResult> {
  const entryId = newId();
  return decidePending(deps, QUEUE, operatorId, id, idempotency, {
    status: 'approved',
    action: 'deposit.approve',
    dual: true,
    set: { entry_id: entryId },
    apply: async (trx, now, row) => {
      const amountMinor = Number(row.amount_minor);
      await postEntry(trx, now, {
        id: entryId,
        kind: ENTRY_KINDS.depositApproved,
        reference: id,
        postings: [
          { account: { userId: row.user_id, kind: 'available' }, amountMinor, kind: 'deposit' },
          { account: { house: 'bank_clearing' }, amountMinor: -amountMinor, kind: 'deposit' },
        ],
      });
      return { after: { entryId } };
    },
  });
}

/**
 * Rejects a pending deposit with a reason the investor sees. Nothing is posted.
 * @param reason 1–500 characters (trimmed).
 * @throws AppError `depositNotFound`, `depositNotPending`, `idempotencyMismatch`.
 */
export async function rejectDeposit(deps: Deps, operatorId: string, id: string, reason: string, idempotency: IdempotencyRequest | null): Promise<ReviewResult> {
  return rejectPending(deps, QUEUE, operatorId, id, reason, idempotency);
}
