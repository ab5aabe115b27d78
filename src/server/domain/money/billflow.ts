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
 *
 * A settlement batch books one net `contract_settled` entry per investor (`trading/settle.ts`);
 * the bill still shows one line per contract settled: such an entry is split by the contracts
 * that point at it (`settle_entry_id`), each line with that contract's own effect and the
 * balances after it, in the order the contracts expired.
 */
import { fromMinor } from '../../../shared/money.js';
import { indiaMonthRange } from '../../../shared/india-time.js';
import type { Deps } from '../deps.js';
import type { BillKind } from '../ledger/index.js';
import { pageOf, type Page, type PageQuery } from '../../../shared/page.js';
import { settlementPostings } from '../trading/settle.js';
import type { ContractOutcome } from '../../../shared/trade.js';
import { OPEN_STATUS } from '../../db/open-status.js';

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
  /**
   * The journal entry's id; for one of several contracts settled by one entry
   * `<entry id>:<contract id>`.
   */
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
  /** The business object (deposit, withdrawal, order, contract, application id); a settled contract's line: the contract's id. */
  reference: string;
}

/** Contract posting kinds → the contracts whose own settlement has a leg of that kind. */
const CONTRACT_KIND_STATUS: Record<string, { status: ContractOutcome; profit?: true }> = {
  contract_payout: { status: 'won' },
  contract_profit: { status: 'won', profit: true },
  contract_loss: { status: 'lost' },
  contract_void: { status: 'void' },
};

/** A user leg of a bill line: account kind, posting kind and signed minor units. */
interface LineLeg {
  account: string;
  kind: string | null;
  amountMinor: number;
}

/** Sums a line's user legs: change of total assets, of held funds, and the fee taken (minor units). */
function sumLegs(legs: readonly LineLeg[]): { total: number; held: number; fee: number } {
  let total = 0;
  let held = 0;
  let fee = 0;
  for (const leg of legs) {
    total += leg.amountMinor;
    if (leg.account === 'held') held += leg.amountMinor;
    if (leg.kind && FEE_KINDS.has(leg.kind)) fee -= leg.amountMinor;
  }
  return { total, held, fee };
}

/** The money fields of a line from its legs and the balances after it (minor units in, currency units out). */
function lineMoney(legs: readonly LineLeg[], availableAfter: number, heldAfter: number): Pick<BillRow, 'amount' | 'reserved' | 'released' | 'fee' | 'balanceAfter' | 'availableAfter' | 'heldAfter'> {
  const { total, held, fee } = sumLegs(legs);
  const onlyReserved = total === 0 && held !== 0;
  return {
    amount: onlyReserved ? null : fromMinor(total),
    reserved: onlyReserved && held > 0 ? fromMinor(held) : null,
    released: onlyReserved && held < 0 ? fromMinor(-held) : null,
    fee: fee > 0 ? fromMinor(fee) : null,
    balanceAfter: fromMinor(availableAfter + heldAfter),
    availableAfter: fromMinor(availableAfter),
    heldAfter: fromMinor(heldAfter),
  };
}

/** A page of the user's bill: one line per business event (a settled contract each), newest first. */
export async function billFlow(deps: Deps, userId: string, query: BillQuery): Promise<Page<BillRow>> {
  const { page, pageSize, offset } = pageOf(query);
  const range = query.month ? indiaMonthRange(query.month) : null;
  let base = deps.db.selectFrom('postings').where('postings.user_id', '=', userId);
  if (query.kind) {
    const kind = query.kind;
    base = base.where('postings.entry_id', 'in', (eb) => eb.selectFrom('postings as k').select('k.entry_id').where('k.user_id', '=', userId).where('k.kind', '=', kind));
  }
  if (range) base = base.where('postings.created_at', '>=', range.from).where('postings.created_at', '<', range.to);
  const entries = base
    .select(['postings.entry_id'])
    .select((eb) => [eb.fn.max('postings.user_seq').as('seq'), eb.fn.max('postings.created_at').as('at')])
    .groupBy('postings.entry_id');
  // One line per entry, or per contract an entry settled (found through the user's settled-at index).
  let lines = deps.db
    .selectFrom(entries.as('e'))
    .leftJoin('contracts as c', (join) => join.on('c.user_id', '=', userId).on('c.status', '!=', OPEN_STATUS).onRef('c.settled_at', '=', 'e.at').onRef('c.settle_entry_id', '=', 'e.entry_id'));
  const contractKind = query.kind ? CONTRACT_KIND_STATUS[query.kind] : undefined;
  if (contractKind) {
    lines = lines.where((eb) => eb.or([
      eb('c.id', 'is', null),
      eb.and([eb('c.status', '=', contractKind.status), ...(contractKind.profit ? [eb('c.profit_minor', '>', 0)] : [])]),
    ]));
  }
  const [paged, count] = await Promise.all([
    lines
      .select(['e.entry_id', 'e.seq', 'c.id as contract_id'])
      .orderBy('e.seq', 'desc')
      .orderBy('c.expires_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    lines.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = [...new Set(paged.map((line) => line.entry_id))];
  const [legs, contracts] = ids.length
    ? await Promise.all([
        deps.db
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
          .execute(),
        // Every contract of the page's settlement entries (the balances between them need all).
        deps.db
          .selectFrom('contracts')
          .select(['id', 'settle_entry_id', 'status', 'amount_minor', 'profit_minor', 'expires_at'])
          .where('user_id', '=', userId)
          .where('status', '!=', OPEN_STATUS)
          .where('settle_entry_id', 'in', ids)
          .orderBy('expires_at', 'asc')
          .orderBy('id', 'asc')
          .execute(),
      ])
    : [[], []];
  const byEntry = new Map<string, typeof legs>();
  for (const leg of legs) {
    const list = byEntry.get(leg.entry_id) ?? [];
    list.push(leg);
    byEntry.set(leg.entry_id, list);
  }
  const settledBy = new Map<string, typeof contracts>();
  for (const contract of contracts) {
    const list = settledBy.get(contract.settle_entry_id!) ?? [];
    list.push(contract);
    settledBy.set(contract.settle_entry_id!, list);
  }
  // The lines of an entry that settled several contracts: each contract's own legs, balances running in expiry order.
  const splitLines = new Map<string, Map<string, BillRow>>();
  const splitOf = (id: string, group: NonNullable<ReturnType<typeof byEntry.get>>, settled: typeof contracts): Map<string, BillRow> => {
    let split = splitLines.get(id);
    if (split) return split;
    split = new Map();
    const last = group[group.length - 1]!;
    const own = settled.map((contract) => {
      const amountMinor = Number(contract.amount_minor);
      const profitMinor = Number(contract.profit_minor ?? 0);
      const outcome = contract.status as ContractOutcome;
      const postings = settlementPostings(userId, amountMinor, { outcome, profitMinor, payoutMinor: 0 });
      const mine = postings.flatMap((leg) => ('userId' in leg.account ? [{ account: leg.account.kind, kind: leg.kind ?? null, amountMinor: leg.amountMinor }] : []));
      return { contract, legs: mine };
    });
    let available = Number(last.available_after_minor);
    let held = Number(last.held_after_minor);
    for (const { legs: mine } of own) {
      for (const leg of mine) {
        if (leg.account === 'held') held -= leg.amountMinor;
        else available -= leg.amountMinor;
      }
    }
    for (const { contract, legs: mine } of own) {
      for (const leg of mine) {
        if (leg.account === 'held') held += leg.amountMinor;
        else available += leg.amountMinor;
      }
      const main = mine.find((leg) => leg.account === 'available') ?? mine[0];
      split.set(contract.id, {
        id: `${id}:${contract.id}`,
        time: Number(last.created_at),
        event: last.event,
        kind: (main?.kind ?? last.event) as BillKind,
        ...lineMoney(mine, available, held),
        reference: contract.id,
      });
    }
    splitLines.set(id, split);
    return split;
  };
  const items = paged.flatMap((line): BillRow[] => {
    const group = byEntry.get(line.entry_id);
    if (!group?.length) return [];
    const settled = settledBy.get(line.entry_id) ?? [];
    if (line.contract_id && settled.length > 1) {
      const row = splitOf(line.entry_id, group, settled).get(line.contract_id);
      return row ? [row] : [];
    }
    const last = group[group.length - 1]!;
    const main = group.find((leg) => !leg.kind || !FEE_KINDS.has(leg.kind)) ?? group[0]!;
    return [{
      id: line.entry_id,
      time: Number(last.created_at),
      event: last.event,
      kind: (main.kind ?? last.event) as BillKind,
      ...lineMoney(group.map((leg) => ({ account: leg.account, kind: leg.kind, amountMinor: Number(leg.amount_minor) })), Number(last.available_after_minor), Number(last.held_after_minor)),
      reference: last.reference,
    }];
  });
  return { items, total: Number(count.n), page, pageSize };
}
