/**
 * Withdrawals to a bound bank account (docs/product.md, Withdrawals, Money windows): inside the
 * weekday window (India time), optionally only with approved identity, the whole amount is
 * held at once (one journal entry `available → held`); the fee is 3 % of the amount rounded
 * down to the cent and `net = amount − fee` is what arrives. An operator later pays it out or
 * rejects it (`withdrawal-review.ts`).
 */
import { formatMinorMoney } from '../../../shared/format.js';
import { fromMinor } from '../../../shared/money.js';
import { insertRowCompiled } from '../../db/compiled-queries.js';
import type { Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import type { Deps } from '../deps.js';
import { runMoneyCommand, type IdempotencyRequest } from '../idempotency.js';
import { isIdentityApproved } from '../identity/submissions.js';
import { ENTRY_KINDS, placeHoldForNewRecord } from '../ledger/index.js';
import { bankRef, liveBankAccount, RECORD_BANK_COLUMNS, type BankRef } from './bank-accounts.js';
import { ownRecordReads } from './records.js';
import { amountToMinor, assertWithinWindow, withdrawalFeeMinor } from './rules.js';
import { extraJson, parseExtra, type CustomFields } from '../custom-fields.js';

/** Body of `withdrawal` (`schemas/api/withdrawal.schema.json`). Amount in currency units. */
export interface WithdrawalInput {
  amount: number;
  /** One of the user's live bound accounts: the payee. */
  bankId: string;
  /** Custom fields staff added under `extra` in the published withdrawal schema, which checked them. */
  extra?: CustomFields;
}

/** Answer of `withdrawal`, in currency units. */
export interface WithdrawalReceipt {
  id: string;
  fee: number;
  net: number;
}

/** Withdrawal status: 'pending review', 'paid', 'review rejected'. */
export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';

/** A withdrawal as the investor sees it. Money in currency units, times in epoch milliseconds. */
export interface WithdrawalView {
  id: string;
  amount: number;
  fee: number;
  net: number;
  bank: BankRef;
  /** `bank.bankName` at the top level (list rows bind it without a dot path). */
  bankName: string;
  /** `bank.accountNumberMasked` at the top level. */
  accountNumberMasked: string;
  status: WithdrawalStatus;
  rejectReason: string | null;
  createdAt: number;
  /** When it was paid out or rejected. */
  resolvedAt: number | null;
  /** Custom fields the investor gave under `extra` (staff-made, optional), as given; null when none. */
  extra: CustomFields | null;
}

/**
 * Requests a withdrawal (`withdrawal`): holds the amount at once.
 * @throws AppError `outsideWindow` (weekdays 09:30–17:30 India time by default),
 *   `identityRequired`, `amountInvalid`, `withdrawalBelowMinimum`, `bankNotFound` (not the
 *   user's live bound account), `insufficientBalance`, `idempotencyMismatch`.
 */
export async function requestWithdrawal(deps: Deps, userId: string, input: WithdrawalInput, idempotency: IdempotencyRequest | null): Promise<WithdrawalReceipt> {
  const { money } = deps.config;
  return runMoneyCommand(
    deps,
    userId,
    idempotency,
    async (now) => {
      assertWithinWindow(money.withdrawalWindow, now);
      if (money.withdrawalRequiresIdentity && !(await isIdentityApproved(deps, userId))) throw new AppError('identityRequired');
      const amountMinor = amountToMinor(input.amount);
      if (amountMinor < money.withdrawalMinimumMinor) throw new AppError('withdrawalBelowMinimum', { min: formatMinorMoney(money.withdrawalMinimumMinor) });
      const feeMinor = withdrawalFeeMinor(amountMinor, money.withdrawalFeeBasisPoints);
      if (amountMinor - feeMinor <= 0) throw new AppError('amountInvalid');
      return { amountMinor, feeMinor };
    },
    async (trx, { amountMinor, feeMinor }, now) => {
      await liveBankAccount(trx, userId, input.bankId);
      const { id, holdId } = await placeHoldForNewRecord(trx, now, { userId, amountMinor, kind: 'withdrawal', entryKind: ENTRY_KINDS.withdrawalRequested, postingKind: 'withdrawal_hold' });
      await insertRowCompiled(trx, 'withdrawals', {
        id,
        user_id: userId,
        bank_account_id: input.bankId,
        amount_minor: amountMinor,
        fee_minor: feeMinor,
        net_minor: amountMinor - feeMinor,
        hold_id: holdId,
        status: 'pending',
        reject_reason: null,
        created_at: now,
        reviewed_at: null,
        reviewed_by: null,
        extra_json: extraJson(input.extra),
      });
      return { id, fee: fromMinor(feeMinor), net: fromMinor(amountMinor - feeMinor) };
    },
  );
}

/** The withdrawal's own columns the views read (the payee account's come from {@link RECORD_BANK_COLUMNS}). */
const WITHDRAWAL_COLUMNS = [
  'withdrawals.id', 'withdrawals.user_id', 'withdrawals.amount_minor', 'withdrawals.fee_minor', 'withdrawals.net_minor', 'withdrawals.status',
  'withdrawals.reject_reason', 'withdrawals.created_at', 'withdrawals.reviewed_at', 'withdrawals.reviewed_by', 'withdrawals.extra_json',
] as const;

/** Withdrawal rows with their payee account, for the views. */
export function withdrawalQuery(db: Db) {
  return db.selectFrom('withdrawals').innerJoin('bank_accounts', 'bank_accounts.id', 'withdrawals.bank_account_id').select([...WITHDRAWAL_COLUMNS, ...RECORD_BANK_COLUMNS]);
}

/** A withdrawal row as {@link withdrawalQuery} selects it. */
export type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalQuery>['executeTakeFirstOrThrow']>>;

/** The investor's view of a withdrawal row. */
export function withdrawalView(row: WithdrawalRow): WithdrawalView {
  const bank = bankRef({ id: row.bank_id, bank_name: row.bank_name, account_number: row.account_number, ifsc: row.ifsc, holder_name: row.holder_name });
  return {
    id: row.id,
    amount: fromMinor(Number(row.amount_minor)),
    fee: fromMinor(Number(row.fee_minor)),
    net: fromMinor(Number(row.net_minor)),
    bank,
    bankName: bank.bankName,
    accountNumberMasked: bank.accountNumberMasked,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: Number(row.created_at),
    resolvedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    extra: parseExtra(row.extra_json),
  };
}

/** The investor's reads of withdrawal records. */
const OWN = ownRecordReads<'withdrawals' | 'bank_accounts', WithdrawalRow, WithdrawalView>({ table: 'withdrawals', notFound: 'withdrawalNotFound', rows: withdrawalQuery, view: withdrawalView });

/** The user's withdrawals, newest first (`withdrawal/withdrawalList`). */
export const listWithdrawals = OWN.list;

/**
 * One of the user's withdrawals (`withdrawal/withdrawalDetails`).
 * @throws AppError `withdrawalNotFound` — also for another user's withdrawal.
 */
export const getWithdrawal = OWN.get;
