/**
 * The operator's deposit desk (issue 4 "Operator"): the review queue, one deposit's detail,
 * approve (one journal entry: bank clearing → the user's available account) and reject with a
 * reason (nothing posted). Each decision is a conditional status update — a deposit is decided
 * once — and is audited in the same transaction (who, what, when, before → after).
 */
import { fromMinor } from '../../../shared/money.js';
import type { Db } from '../../db/index.js';
import { writeAudit } from '../audit.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { newId } from '../ids.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { ENTRY_KINDS, postEntry } from '../ledger/index.js';
import { liveBankAccountsOf, type OperatorBankRef } from './bank-accounts.js';
import { depositQuery, depositView, type DepositRow, type DepositStatus, type DepositView } from './deposits.js';
import { pageOf, type Page, type PageQuery } from './paging.js';
import { userRefs, type UserRef } from './users.js';

/** A deposit in the operator's queue: the investor and their bound accounts beside it. */
export interface DepositReviewView extends DepositView {
  user: UserRef;
  /** The investor's live bound accounts, full numbers (to match the transfer). */
  userBankAccounts: OperatorBankRef[];
  /** Public uid of the operator who decided, or null. */
  reviewedBy: string | null;
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

/** The queue, oldest first when filtered to `pending` (first come, first served), else newest first. */
export async function listDepositsForReview(deps: Deps, query: DepositReviewQuery): Promise<Page<DepositReviewView>> {
  const { page, pageSize, offset } = pageOf(query);
  const direction = query.status === 'pending' ? 'asc' : 'desc';
  let rows = depositQuery(deps.db);
  let count = deps.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (query.status) {
    rows = rows.where('deposits.status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const [items, total] = await Promise.all([
    rows.orderBy('deposits.created_at', direction).orderBy('deposits.id', direction).limit(pageSize).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: await reviewViews(deps.db, items), total: Number(total.n), page, pageSize };
}

/**
 * One deposit as the operator's queue shows it (`admin/recharge/detail`, the deposit review screen).
 * @throws AppError `depositNotFound`.
 */
export async function getDepositForReview(deps: Deps, id: string): Promise<DepositReviewView> {
  const row = await depositQuery(deps.db).where('deposits.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('depositNotFound');
  return (await reviewViews(deps.db, [row]))[0]!;
}

/** Operator views of deposit rows: the investor, their live bound accounts and the reviewer beside each. */
async function reviewViews(db: Db, rows: DepositRow[]): Promise<DepositReviewView[]> {
  const users = await userRefs(db, rows.flatMap((r) => [r.user_id, ...(r.reviewed_by ? [r.reviewed_by] : [])]));
  const banks = await liveBankAccountsOf(db, rows.map((r) => r.user_id));
  return rows.map((row) => ({
    ...depositView(row),
    user: users.get(row.user_id)!,
    userBankAccounts: banks.get(row.user_id) ?? [],
    reviewedBy: row.reviewed_by ? (users.get(row.reviewed_by)?.uid ?? null) : null,
  }));
}

async function notPendingOrMissing(trx: Db, id: string): Promise<AppError> {
  const row = await trx.selectFrom('deposits').select('id').where('id', '=', id).executeTakeFirst();
  return new AppError(row ? 'depositNotPending' : 'depositNotFound');
}

/**
 * Approves a pending deposit: credits the amount to the investor's available balance.
 * @throws AppError `depositNotFound`, `depositNotPending` (already approved or rejected),
 *   `idempotencyMismatch`.
 */
export async function approveDeposit(deps: Deps, operatorId: string, id: string, idempotency: IdempotencyRequest | null): Promise<ReviewResult> {
  return runIdempotent(
    deps,
    operatorId,
    idempotency,
    () => deps.clock.now(),
    async (trx, now) => {
      const entryId = newId();
      const row = await trx
        .updateTable('deposits')
        .set({ status: 'approved', reviewed_at: now, reviewed_by: operatorId, entry_id: entryId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'amount_minor'])
        .executeTakeFirst();
      if (!row) throw await notPendingOrMissing(trx, id);
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
      await writeAudit(trx, {
        actorUserId: operatorId,
        action: 'deposit.approve',
        entity: 'deposit',
        entityId: id,
        before: { status: 'pending', userId: row.user_id, amount: fromMinor(amountMinor) },
        after: { status: 'approved', entryId },
        at: now,
      });
      return { id, status: 'approved' as const };
    },
  );
}

/**
 * Rejects a pending deposit with a reason the investor sees. Nothing is posted.
 * @param reason 1–500 characters (trimmed).
 * @throws AppError `depositNotFound`, `depositNotPending`, `idempotencyMismatch`.
 */
export async function rejectDeposit(deps: Deps, operatorId: string, id: string, reason: string, idempotency: IdempotencyRequest | null): Promise<ReviewResult> {
  return runIdempotent(
    deps,
    operatorId,
    idempotency,
    () => deps.clock.now(),
    async (trx, now) => {
      const text = reason.trim();
      const row = await trx
        .updateTable('deposits')
        .set({ status: 'rejected', reject_reason: text, reviewed_at: now, reviewed_by: operatorId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'amount_minor'])
        .executeTakeFirst();
      if (!row) throw await notPendingOrMissing(trx, id);
      await writeAudit(trx, {
        actorUserId: operatorId,
        action: 'deposit.reject',
        entity: 'deposit',
        entityId: id,
        before: { status: 'pending', userId: row.user_id, amount: fromMinor(Number(row.amount_minor)) },
        after: { status: 'rejected', reason: text },
        at: now,
      });
      return { id, status: 'rejected' as const };
    },
  );
}
