/** Bound bank accounts as money operations see them (payee of a withdrawal, source of a deposit). */
import { maskTail } from '../../../shared/format.js';
import { runCompiled, slot } from '../../db/compiled-queries.js';
import type { Db } from '../../db/index.js';
import { AppError } from '../errors.js';
import { customFieldsView } from '../custom-fields.js';

/** A bank account as money records show it to the investor (number masked). */
export interface BankRef {
  id: string;
  bankName: string;
  /** `•••• 1234` */
  accountNumberMasked: string;
  ifsc: string;
  holderName: string;
}

/** A bank account as operators see it: the full number, to pay out or to match a transfer. */
export interface OperatorBankRef extends BankRef {
  accountNumber: string;
  /** Custom fields the investor gave under `extra` (staff-made, optional), or null. */
  extra: Record<string, unknown> | null;
  /** The custom fields on one line (`nickname: Salary · branch: Pune`), or null when none. */
  extraText: string | null;
}

/** Row columns the views are built from. */
export interface BankRow {
  id: string;
  bank_name: string;
  account_number: string;
  ifsc: string;
  holder_name: string;
  /** Custom fields as JSON text (operators' views only). */
  extra_json?: string | null;
}

/** The investor's view of a bank row. */
/** The bank account columns a money record's row query selects beside its own (`bank_id` and the {@link BankRow} fields). */
export const RECORD_BANK_COLUMNS = ['bank_accounts.id as bank_id', 'bank_accounts.bank_name', 'bank_accounts.account_number', 'bank_accounts.ifsc', 'bank_accounts.holder_name', 'bank_accounts.extra_json as bank_extra_json'] as const;

export const bankRef = (row: BankRow): BankRef => ({
  id: row.id,
  bankName: row.bank_name,
  accountNumberMasked: maskTail(row.account_number),
  ifsc: row.ifsc,
  holderName: row.holder_name,
});

/** The operator's view of a bank row. */
export const operatorBankRef = (row: BankRow): OperatorBankRef => ({ ...bankRef(row), accountNumber: row.account_number, ...customFieldsView(row.extra_json) });

/**
 * One of the user's live (not unbound) bank accounts.
 * @param db the database or the operation's transaction.
 * @throws AppError `bankNotFound` when the id is unknown, unbound, or another user's (the same
 *   answer for all three, revealing nothing).
 */
export async function liveBankAccount(db: Db, userId: string, bankId: string): Promise<BankRow> {
  // Every withdrawal runs this inside its money transaction: one compiled shape.
  const { rows } = await runCompiled(db, 'bank_accounts:live', { bankId, userId }, (d) =>
    d
      .selectFrom('bank_accounts')
      .select(['id', 'bank_name', 'account_number', 'ifsc', 'holder_name'])
      .where('id', '=', slot<string>('bankId'))
      .where('user_id', '=', slot<string>('userId'))
      .where('deleted_at', 'is', null),
  );
  const row = rows[0];
  if (!row) throw new AppError('bankNotFound');
  return row;
}

/** All live bank accounts of some users, for the operator queues. */
export async function liveBankAccountsOf(db: Db, userIds: string[]): Promise<Map<string, OperatorBankRef[]>> {
  const result = new Map<string, OperatorBankRef[]>();
  if (!userIds.length) return result;
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['id', 'user_id', 'bank_name', 'account_number', 'ifsc', 'holder_name', 'extra_json'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) result.set(row.user_id, [...(result.get(row.user_id) ?? []), operatorBankRef(row)]);
  return result;
}
