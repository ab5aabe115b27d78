/**
 * The bill flow (`billflow/myBillflow`): every posting on the user's
 * accounts, newest first, with its kind, signed amount and the balances right after it.
 * Unfiltered, the amounts add up to the user's total assets (available + held); the rows on
 * the `available` account add up to the available balance.
 */
import { fromMinor } from '../../../shared/money.js';
import { indiaMonthRange } from '../../../shared/india-time.js';
import type { Deps } from '../deps.js';
import type { BillKind, UserAccountKind } from '../ledger/index.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';

/** Body of `billflow/myBillflow` (`schemas/api/billflowQuery.schema.json`). */
export interface BillQuery extends PageQuery {
  kind?: BillKind;
  /** `YYYY-MM`, a calendar month in India time. */
  month?: string;
}

/** One posting as the bill shows it. Money in currency units. */
export interface BillRow {
  id: string;
  /** Epoch milliseconds. */
  time: number;
  kind: BillKind;
  /** Which of the user's accounts the posting is on. */
  account: UserAccountKind;
  /** Signed: positive adds to the account, negative takes away. */
  amount: number;
  /** Available balance right after this posting. */
  availableAfter: number;
  /** Held funds right after this posting. */
  heldAfter: number;
  /** The business object (deposit or withdrawal id). */
  reference: string;
}

/** A page of the user's bill flow. */
export async function billFlow(deps: Deps, userId: string, query: BillQuery): Promise<Page<BillRow>> {
  const { page, pageSize, offset } = pageOf(query);
  const range = query.month ? indiaMonthRange(query.month) : null;
  let base = deps.db.selectFrom('postings').where('postings.user_id', '=', userId);
  if (query.kind) base = base.where('postings.kind', '=', query.kind);
  if (range) base = base.where('postings.created_at', '>=', range.from).where('postings.created_at', '<', range.to);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
      .select([
        'postings.id', 'postings.created_at', 'postings.kind', 'postings.amount_minor', 'postings.available_after_minor', 'postings.held_after_minor',
        'ledger_accounts.kind as account', 'journal_entries.reference',
      ])
      .orderBy('postings.user_seq', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      time: Number(row.created_at),
      kind: row.kind as BillKind,
      account: row.account as UserAccountKind,
      amount: fromMinor(Number(row.amount_minor)),
      availableAfter: fromMinor(Number(row.available_after_minor)),
      heldAfter: fromMinor(Number(row.held_after_minor)),
      reference: row.reference,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}
