/**
 * Wallet reads over the ledger (DESIGN.md "Money is honest by construction"): a balance is
 * the sum of the postings on the user's ledger account of that kind.
 */
import type { Deps } from './deps.js';

/** Ledger account kinds a user owns. */
export type UserAccountKind = 'available' | 'held';

/**
 * Sum of the user's postings on one account kind.
 * @returns integer minor units (cents); 0 when the user has no such account yet.
 */
export async function userBalanceMinor(deps: Deps, userId: string, kind: UserAccountKind = 'available'): Promise<number> {
  const row = await deps.db
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('postings.amount_minor'), eb.lit(0)).as('total'))
    .where('ledger_accounts.user_id', '=', userId)
    .where('ledger_accounts.kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
