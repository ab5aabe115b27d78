/**
 * Ledger invariants (DESIGN.md "Money is honest by construction") checked after API tests
 * that touch money: every journal entry's postings sum to zero, and no user's `available`
 * account is below zero. Reads the database directly; works on SQLite and PostgreSQL.
 */
import type { Db } from '../../src/server/db/index.js';

/**
 * Throws an Error describing every violation found (none: resolves).
 * @param db the server's database (`server.deps.db`).
 */
export async function assertLedgerInvariants(db: Db): Promise<void> {
  const problems: string[] = [];

  // SUM over bigint is numeric on PostgreSQL (a string); compare as numbers in JS.
  const entries = await db
    .selectFrom('postings')
    .select((eb) => ['entry_id', eb.fn.sum<number | string>('amount_minor').as('total'), eb.fn.countAll<number | string>().as('n')])
    .groupBy('entry_id')
    .execute();
  for (const entry of entries) {
    if (Number(entry.total) !== 0) problems.push(`journal entry ${entry.entry_id}: postings sum to ${entry.total}, not 0`);
  }

  const balances = await db
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select((eb) => ['ledger_accounts.id as account_id', 'ledger_accounts.user_id', eb.fn.sum<number | string>('postings.amount_minor').as('total')])
    .where('ledger_accounts.kind', '=', 'available')
    .where('ledger_accounts.user_id', 'is not', null)
    .groupBy(['ledger_accounts.id', 'ledger_accounts.user_id'])
    .execute();
  for (const balance of balances) {
    if (Number(balance.total) < 0) problems.push(`user ${balance.user_id}: available account ${balance.account_id} is at ${balance.total} (below zero)`);
  }

  if (problems.length) throw new Error(`ledger invariants violated:\n${problems.join('\n')}`);
}
