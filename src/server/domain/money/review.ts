/**
 * What the operator's deposit and withdrawal desks (`deposit-review.ts`, `withdrawal-review.ts`)
 * share: the queue page (status filter, order, paging), one row's detail, the investor and
 * decider beside each row, and the skeleton of a decision — an idempotent transaction that
 * moves a row out of `pending` with a conditional update (so it is decided once) and audits it
 * in the same transaction (who, what, when, before → after) — with the rejection every desk
 * makes the same way.
 */
import type { ErrorName } from '../../../shared/codes.js';
import { fromMinor } from '../../../shared/money.js';
import type { Database, Db } from '../../db/index.js';
import { writeAudit } from '../audit.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { runIdempotent, type IdempotencyRequest } from '../idempotency.js';
import { isSqlite } from '../ledger/index.js';
import type { DepositStatus } from './deposits.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import type { MoneyRecordSource } from './records.js';
import { userRefs, type UserRef } from './users.js';
import type { WithdrawalStatus } from './withdrawals.js';

/** A desk: the table of its queue, the audited entity and its not-found / not-pending errors. */
export interface ReviewDesk {
  table: 'deposits' | 'withdrawals';
  /** Audit entity, e.g. `deposit`; a rejection is audited as `<entity>.reject`. */
  entity: string;
  notFound: ErrorName;
  notPending: ErrorName;
}

/** A desk with what its queue shows: the records' row query (`records.ts`) and the operator views of rows. */
export interface ReviewQueue<TB extends keyof Database, Row, View> extends ReviewDesk, MoneyRecordSource<TB, Row> {
  views: (db: Db, rows: Row[]) => Promise<View[]>;
}

/**
 * One page of a desk's queue: one status if `query.status` names it, oldest first when that
 * is `pending` (first come, first served), else newest first; with the total count.
 */
export async function reviewQueuePage<TB extends keyof Database, Row, View>(
  db: Db,
  queue: ReviewQueue<TB, Row, View>,
  query: PageQuery & { status?: DepositStatus | WithdrawalStatus },
): Promise<Page<View>> {
  const { page, pageSize, offset } = pageOf(query);
  const direction = query.status === 'pending' ? 'asc' : 'desc';
  const { ref } = db.dynamic;
  let rows = queue.rows(db);
  let count = db.selectFrom(queue.table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (query.status) {
    rows = rows.where(ref(`${queue.table}.status`), '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const [items, total] = await Promise.all([
    rows.orderBy(ref(`${queue.table}.created_at`), direction).orderBy(ref(`${queue.table}.id`), direction).limit(pageSize).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: await queue.views(db, items), total: Number(total.n), page, pageSize };
}

/**
 * One row of a desk's queue as the operator sees it, whatever its status.
 * @throws AppError the desk's `notFound`.
 */
export async function reviewItem<TB extends keyof Database, Row, View>(db: Db, queue: ReviewQueue<TB, Row, View>, id: string): Promise<View> {
  const row = await queue.rows(db).where(db.dynamic.ref(`${queue.table}.id`), '=', id).executeTakeFirst();
  if (!row) throw new AppError(queue.notFound);
  return (await queue.views(db, [row]))[0]!;
}

/** A desk's two reads (see {@link reviewReads}). */
export interface ReviewReads<Query, View> {
  /** One page of the queue ({@link reviewQueuePage}). */
  list: (deps: Deps, query: Query) => Promise<Page<View>>;
  /** One row ({@link reviewItem}); the desk's `notFound` when missing. */
  get: (deps: Deps, id: string) => Promise<View>;
}

/** The queue and detail reads of a desk. */
export function reviewReads<TB extends keyof Database, Row, View, Query extends PageQuery & { status?: DepositStatus | WithdrawalStatus }>(
  queue: ReviewQueue<TB, Row, View>,
): ReviewReads<Query, View> {
  return {
    list: (deps, query) => reviewQueuePage(deps.db, queue, query),
    get: (deps, id) => reviewItem(deps.db, queue, id),
  };
}

/**
 * The investor of each row and the public uid of the operator who decided it (`reviewed_by`,
 * the one name deposits and withdrawals share; null while undecided), for operator views.
 */
export async function reviewPeople<Row extends { user_id: string; reviewed_by: string | null }>(
  db: Db,
  rows: Row[],
): Promise<(row: Row) => { user: UserRef; decidedBy: string | null }> {
  const users = await userRefs(db, rows.flatMap((r) => [r.user_id, ...(r.reviewed_by ? [r.reviewed_by] : [])]));
  return (row) => ({ user: users.get(row.user_id)!, decidedBy: row.reviewed_by ? (users.get(row.reviewed_by)?.uid ?? null) : null });
}

/** What a decision's conditional update returns at least: the investor and the amount (minor units). */
export interface ClaimedRow {
  user_id: string;
  amount_minor: number;
}

/** One decision on a pending row (see {@link decidePending}). */
export interface PendingDecision<Row extends ClaimedRow, S extends string> {
  /** The status the decision sets. */
  status: S;
  /** Audit action, e.g. `deposit.approve`. */
  action: string;
  /** Columns the decision sets beside `status`, `reviewed_at` and `reviewed_by`. */
  set?: { reject_reason?: string; entry_id?: string };
  /** Columns of the claimed row the decision needs beside `user_id` and `amount_minor`. */
  returning?: ReadonlyArray<Exclude<keyof Row, keyof ClaimedRow> & string>;
  /**
   * What the decision posts, in the same transaction; resolves the audit's fields beyond
   * `status`, `userId` and `amount` (before) and `status` (after).
   */
  apply: (trx: Db, now: number, row: Row) => Promise<{ before?: Record<string, unknown>; after: Record<string, unknown> }>;
  /**
   * Four eyes: a decision that moves money out of the house (deposit approval,
   * payout) needs two different operators above `DUAL_APPROVAL_AMOUNT` — for the row, or for
   * the row plus the operator's own such decisions for the investor in the last 24 hours.
   */
  dual?: boolean;
}

/** A decision's answer: the row's status, and for four-eyes decisions how many approvals it has. */
export interface DecisionResult<S extends string> {
  id: string;
  /** `pending` while a four-eyes decision waits for its second operator. */
  status: S | 'pending';
  /** Present when two approvals are required: the approvals so far (1 or 2) and 2. */
  approvals?: number;
  approvalsRequired?: number;
}

/** How far back an operator's own decisions for one investor count together against `DUAL_APPROVAL_AMOUNT`: 24 hours, in ms. */
export const DUAL_APPROVAL_WINDOW_MS = 24 * 3_600_000;

/**
 * Minor units of the desk's rows of `userId` that `operatorId` moved to `status` alone (without a
 * second operator's approval) since `since` (epoch ms).
 */
async function soloDecidedMinor(trx: Db, desk: ReviewDesk, status: string, operatorId: string, userId: string, since: number): Promise<number> {
  const { ref } = trx.dynamic;
  const row = await trx
    .selectFrom(desk.table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>(ref(`${desk.table}.amount_minor`)), eb.lit(0)).as('total'))
    .where(ref(`${desk.table}.user_id`), '=', userId)
    .where(ref(`${desk.table}.status`), '=', status)
    .where(ref(`${desk.table}.reviewed_by`), '=', operatorId)
    .where(ref(`${desk.table}.reviewed_at`), '>=', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('dual_approvals').select('dual_approvals.entity_id').where('dual_approvals.entity', '=', desk.entity).whereRef('dual_approvals.entity_id', '=', ref(`${desk.table}.id`)))))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Four-eyes checks before a decision, inside its transaction: the operator is not
 * the row's owner (`ownItem`); above the dual-approval amount — the row's amount plus what the
 * same operator alone decided for the same investor in the last 24 hours
 * ({@link DUAL_APPROVAL_WINDOW_MS}) — the first approval is recorded (and audited as
 * `<action>.first`) and the decision waits for a second, different operator.
 * @returns null to go ahead, or the waiting answer after a first approval.
 * @throws AppError the desk's `notFound` / `notPending`, `ownItem`, `secondApproverRequired`.
 */
async function fourEyes<S extends string>(
  trx: Db,
  deps: Deps,
  desk: ReviewDesk,
  operatorId: string,
  id: string,
  now: number,
  decision: { action: string; status: string; dual?: boolean },
): Promise<{ wait: DecisionResult<S> | null; approvers: string[] }> {
  const query = trx.selectFrom(desk.table).select(['user_id', 'amount_minor', 'status']).where('id', '=', id);
  // PostgreSQL: decisions on one row wait for each other (READ COMMITTED would let two
  // operators both read "no approval yet"); SQLite's write transactions already run one at a time.
  const row = await (isSqlite(trx) ? query : query.forUpdate()).executeTakeFirst();
  if (!row) throw new AppError(desk.notFound);
  if (row.status !== 'pending') throw new AppError(desk.notPending);
  if (row.user_id === operatorId) throw new AppError('ownItem');
  const limit = deps.config.money.dualApprovalMinor;
  if (!decision.dual) return { wait: null, approvers: [] };
  const approvals = await trx.selectFrom('dual_approvals').select('operator_id').where('entity', '=', desk.entity).where('entity_id', '=', id).execute();
  const others = approvals.map((a) => a.operator_id).filter((op) => op !== operatorId);
  if (others.length) return { wait: null, approvers: [...others, operatorId] };
  const amount = Number(row.amount_minor);
  if (amount <= limit) {
    // By aggregate: what this operator alone decided for this investor in the last 24 hours
    // counts with this row. The investor's row is locked (PostgreSQL) so that two of the
    // operator's decisions for one investor cannot both count without the other.
    if (!isSqlite(trx)) await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forNoKeyUpdate().execute();
    const alone = await soloDecidedMinor(trx, desk, decision.status, operatorId, row.user_id, now - DUAL_APPROVAL_WINDOW_MS);
    if (alone + amount <= limit) return { wait: null, approvers: [] };
  }
  if (approvals.length) throw new AppError('secondApproverRequired', { limit: fromMinor(limit).toLocaleString('en-IN') });
  await trx.insertInto('dual_approvals').values({ entity: desk.entity, entity_id: id, operator_id: operatorId, created_at: now }).execute();
  await writeAudit(trx, {
    actorUserId: operatorId,
    action: `${decision.action}.first`,
    entity: desk.entity,
    entityId: id,
    before: { status: 'pending', userId: row.user_id, amount: fromMinor(Number(row.amount_minor)), approvals: 0 },
    after: { status: 'pending', approvals: 1, approvalsRequired: 2 },
    at: now,
  });
  return { wait: { id, status: 'pending', approvals: 1, approvalsRequired: 2 }, approvers: [operatorId] };
}

/**
 * The conditional update `pending → status` of a desk's row (`where status = 'pending'`, so a
 * row is decided once), recording the deciding operator and time.
 * @returns the claimed row's `user_id`, `amount_minor` and the decision's `returning` columns;
 *   undefined when the row is missing or no longer pending.
 */
async function claimPending<Row extends ClaimedRow>(
  trx: Db,
  desk: ReviewDesk,
  id: string,
  now: number,
  operatorId: string,
  decision: Pick<PendingDecision<Row, string>, 'status' | 'set' | 'returning'>,
): Promise<Row | undefined> {
  const { ref } = trx.dynamic;
  // Both desks' tables have `id`, `status`, `reject_reason`, `reviewed_at` and `reviewed_by`;
  // the columns are named dynamically so that one update serves either table.
  const row = await trx
    .updateTable(desk.table)
    .set({ ...decision.set, status: decision.status, reviewed_at: now, reviewed_by: operatorId } as never)
    .where(ref('id'), '=', id)
    .where(ref('status'), '=', 'pending')
    .returning(['user_id', 'amount_minor', ...(decision.returning ?? [])].map((column) => ref(column)))
    .executeTakeFirst();
  return row as Row | undefined;
}

/**
 * Rejects a pending row of a desk with a reason the investor sees (`reject_reason`), audited as
 * `<entity>.reject` with the reason; `apply` posts what the rejection undoes, if anything.
 * @param reason 1–500 characters (trimmed).
 * @throws AppError the desk's `notFound` or `notPending`, `ownItem`, `idempotencyMismatch`.
 */
export function rejectPending<Row extends ClaimedRow>(
  deps: Deps,
  desk: ReviewDesk,
  operatorId: string,
  id: string,
  reason: string,
  idempotency: IdempotencyRequest | null,
  undo: Pick<PendingDecision<Row, 'rejected'>, 'returning'> & { apply?: (trx: Db, now: number, row: Row) => Promise<Record<string, unknown>> } = {},
): Promise<DecisionResult<'rejected'>> {
  const text = reason.trim();
  return decidePending<Row, 'rejected'>(deps, desk, operatorId, id, idempotency, {
    status: 'rejected',
    action: `${desk.entity}.reject`,
    set: { reject_reason: text },
    returning: undo.returning,
    apply: async (trx, now, row) => ({ after: { reason: text, ...(await undo.apply?.(trx, now, row)) } }),
  });
}

/**
 * Decides a pending row once (four eyes first: never one's own row; two operators above
 * `DUAL_APPROVAL_AMOUNT` for `dual` decisions): runs idempotently ({@link runIdempotent}) in one transaction,
 * claims the row, applies the decision and audits it (before: `{status: 'pending', userId,
 * amount, …}`, after: `{status, …}`).
 * @throws AppError the desk's `notFound` or `notPending`, `ownItem`, `secondApproverRequired`, `idempotencyMismatch`.
 */
export function decidePending<Row extends ClaimedRow, S extends string>(
  deps: Deps,
  desk: ReviewDesk,
  operatorId: string,
  id: string,
  idempotency: IdempotencyRequest | null,
  decision: PendingDecision<Row, S>,
): Promise<DecisionResult<S>> {
  return runIdempotent(
    deps,
    operatorId,
    idempotency,
    () => deps.clock.now(),
    async (trx, now): Promise<DecisionResult<S>> => {
      const { wait, approvers } = await fourEyes<S>(trx, deps, desk, operatorId, id, now, decision);
      if (wait) return wait;
      const row = await claimPending<Row>(trx, desk, id, now, operatorId, decision);
      if (!row) {
        const existing = await trx.selectFrom(desk.table).select('id').where('id', '=', id).executeTakeFirst();
        throw new AppError(existing ? desk.notPending : desk.notFound);
      }
      const audit = await decision.apply(trx, now, row);
      await writeAudit(trx, {
        actorUserId: operatorId,
        action: decision.action,
        entity: desk.entity,
        entityId: id,
        before: { status: 'pending', userId: row.user_id, amount: fromMinor(Number(row.amount_minor)), ...audit.before },
        after: { status: decision.status, ...audit.after, ...(approvers.length ? { approvedBy: approvers } : {}) },
        at: now,
      });
      return approvers.length ? { id, status: decision.status, approvals: approvers.length, approvalsRequired: 2 } : { id, status: decision.status };
    },
  );
}
