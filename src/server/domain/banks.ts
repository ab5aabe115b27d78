/**
 * Bound bank accounts (docs/product.md, Bank accounts). A user only ever sees and deletes their
 * own accounts. Deleting is soft, so later withdrawals keep their payee.
 */
import { maskTail } from '../../shared/format.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';
import { newId } from './ids.js';
import { extraJson, parseExtra } from './custom-fields.js';

/** A bound account as the API returns it: numbers masked to their last four digits. */
export interface BankAccountView {
  id: string;
  bankName: string;
  /** `•••• 1234` */
  accountNumberMasked: string;
  ifsc: string;
  /** `•••• 3210` */
  phoneMasked: string;
  holderName: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Custom fields staff added under `extra` in the screen schema, as given; null when none. */
  extra: Record<string, unknown> | null;
}

/** Input of `bank/addBank`, validated by `schemas/screens/bindBank.schema.json`. */
export interface NewBankAccount {
  bankName: string;
  accountNumber: string;
  ifsc: string;
  phone: string;
  holderName: string;
  /**
   * Custom fields: optional fields staff added under `extra` in the published bindBank schema,
   * which checked them. Stored as JSON with the account and shown; no rule reads them.
   */
  extra?: Record<string, unknown>;
}

/** The user's live accounts, oldest first. */
export async function listBankAccounts(deps: Deps, userId: string): Promise<BankAccountView[]> {
  const rows = await deps.db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    bankName: row.bank_name,
    accountNumberMasked: maskTail(row.account_number),
    ifsc: row.ifsc,
    phoneMasked: maskTail(row.phone),
    holderName: row.holder_name,
    createdAt: row.created_at,
    extra: parseExtra(row.extra_json),
  }));
}

/**
 * Binds an account.
 * @returns the new account's id.
 * @throws AppError `bankDuplicate` (same account number and IFSC already bound),
 *   `bankLimit` (configured maximum reached).
 */
export async function addBankAccount(deps: Deps, userId: string, input: NewBankAccount): Promise<{ id: string }> {
  const live = await deps.db
    .selectFrom('bank_accounts')
    .select(['account_number', 'ifsc'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  if (live.some((row) => row.account_number === input.accountNumber && row.ifsc === input.ifsc)) {
    throw new AppError('bankDuplicate');
  }
  if (live.length >= deps.config.maxBankAccounts) throw new AppError('bankLimit', { max: deps.config.maxBankAccounts });
  const id = newId();
  await deps.db
    .insertInto('bank_accounts')
    .values({
      id,
      user_id: userId,
      bank_name: input.bankName.trim(),
      account_number: input.accountNumber,
      ifsc: input.ifsc,
      phone: input.phone.replace(/^\+91/, ''),
      holder_name: input.holderName.trim(),
      created_at: deps.clock.now(),
      deleted_at: null,
      extra_json: extraJson(input.extra),
    })
    .execute();
  return { id };
}

/**
 * Unbinds one of the user's accounts.
 * @throws AppError `bankNotFound` when the id is not a live account of this user (another
 *   user's id answers the same, revealing nothing).
 */
export async function deleteBankAccount(deps: Deps, userId: string, id: string): Promise<void> {
  const result = await deps.db
    .updateTable('bank_accounts')
    .set({ deleted_at: deps.clock.now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('bankNotFound');
}
