/**
 * The bill flow (`billflow/myBillflow`): one line per business event on the user's accounts
 * (a journal entry: a deposit, a withdrawal asked for, paid out with its fee or returned, a
 * trade, a contract placed or settled, an IPO application, allotment or refund, a gather
 * tranche), newest first. A line carries the event's effect on the user's money: `amount`, the
 * change of total assets (available + held); `reserved` or `released`, what moved between available
 * and held when nothing left the account (a hold placed or released); `fee`, the
 * fee or commission the event took; and the balances right after it. Unfiltered, the amounts
 * add up to the user's total assets, and each line's `balanceAfter` is the sum of the amounts
 * up to it.
 */
import { fromMinor } from '../../../shared/money.js';
import { indiaMonthRange } from '../../../shared/india-time.js';
import type { Deps } from '../deps.js';
import type { BillKind } from '../ledger/index.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';

/** Body of `billflow/myBillflow` (`schemas/api/billflowQuery.schema.json`). */
export interface BillQuery extends PageQuery {
  /** Only events with a leg of this kind (a withdrawal's fee: the payout it belongs to). */
  kind?: BillKind;
  /** `YYYY-MM`, a calendar month in India time. */
  month?: string;
}

/** Posting kinds that are a fee, commission or statutory charge taken by the event. */
const FEE_KINDS = new Set<string>(['withdrawal_fee', 'stock_commission', 'stock_stt', 'stock_exchange_charge', 'stock_sebi_fee', 'stock_stamp_duty', 'stock_gst']);

/** One business event as the bill shows it. Money in currency units of the account currency. */
export interface BillRow {
  /** The journal entry's id. */
  id: string;
  /** Epoch milliseconds. */
  time: number;
  /** The event: the journal entry's kind (`deposit_approved`, `withdrawal_paid`, `ipo_applied`, …). */
  event: string;
  /** The event's main leg kind (its first leg that is not a fee). */
  kind: BillKind;
  /**
   * Change of total assets (available + held), signed; null when the event only reserved or
   * released money (then `reserved` or `released` says how much).
   */
  amount: number | null;
  /** Moved from available to held (a hold placed); null otherwise. */
  reserved: number | null;
  /** Moved from held back to available (a hold released); null otherwise. */
  released: number | null;
  /** Fee or commission the event took (positive, part of `amount`); null when none. */
  fee: number | null;
  /** Total assets (available + held) right after the event. */
  balanceAfter: number;
  /** Available balance right after the event. */
  availableAfter: number;
  /** Held funds right after the event. */
  heldAfter: number;
  /** The business object (deposit, withdrawal, order, contract, application id). */
  reference: string;
}

/** A page of the user's bill: events newest first. */
export async function billFlow(deps: Deps, userId: string, query: BillQuery): Promise<Page<BillRow>> {
  const { page, pageSize, offset } = pageOf(query);
  const range = query.month ? indiaMonthRange(query.month) : null;
  let base = deps.db.selectFrom('postings').where('postings.user_id', '=', userId);
  if (query.kind) {
    const kind = query.kind;
    base = base.where('postings.entry_id', 'in', (eb) => eb.selectFrom('postings as k').select('k.entry_id').where('k.user_id', '=', userId).where('k.kind', '=', kind));
  }
  if (range) base = base.where('postings.created_at', '>=', range.from).where('postings.created_at', '<', range.to);
  const [entries, count] = await Promise.all([
    base
      .select(['postings.entry_id'])
      .select((eb) => eb.fn.max('postings.user_seq').as('seq'))
      .groupBy('postings.entry_id')
      .orderBy('seq', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.count<number | string>('postings.entry_id').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = entries.map((e) => e.entry_id);
  const legs = ids.length
    ? await deps.db
        .selectFrom('postings')
        .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
        .select([
          'postings.entry_id', 'postings.created_at', 'postings.kind', 'postings.amount_minor', 'postings.user_seq',
          'postings.available_after_minor', 'postings.held_after_minor', 'ledger_accounts.kind as account',
          'journal_entries.kind as event', 'journal_entries.reference',
        ])
        .where('postings.user_id', '=', userId)
        .where('postings.entry_id', 'in', ids)
        .orderBy('postings.user_seq', 'asc')
        .execute()
    : [];
  const byEntry = new Map<string, typeof legs>();
  for (const leg of legs) {
    const list = byEntry.get(leg.entry_id) ?? [];
    list.push(leg);
    byEntry.set(leg.entry_id, list);
  }
  const items = ids.flatMap((id): BillRow[] => {
    const group = byEntry.get(id);
    if (!group?.length) return [];
    const last = group[group.length - 1]!;
    let total = 0;
    let held = 0;
    let fee = 0;
    for (const leg of group) {
      const minor = Number(leg.amount_minor);
      total += minor;
      if (leg.account === 'held') held += minor;
      if (leg.kind && FEE_KINDS.has(leg.kind)) fee -= minor;
    }
    const main = group.find((leg) => !leg.kind || !FEE_KINDS.has(leg.kind)) ?? group[0]!;
    const availableAfter = Number(last.available_after_minor);
    const heldAfter = Number(last.held_after_minor);
    const onlyReserved = total === 0 && held !== 0;
    return [{
      id,
      time: Number(last.created_at),
      event: last.event,
      kind: (main.kind ?? last.event) as BillKind,
      amount: onlyReserved ? null : fromMinor(total),
      reserved: onlyReserved && held > 0 ? fromMinor(held) : null,
      released: onlyReserved && held < 0 ? fromMinor(-held) : null,
      fee: fee > 0 ? fromMinor(fee) : null,
      balanceAfter: fromMinor(availableAfter + heldAfter),
      availableAfter: fromMinor(availableAfter),
      heldAfter: fromMinor(heldAfter),
      reference: last.reference,
    }];
  });
  return { items, total: Number(count.n), page, pageSize };
}
