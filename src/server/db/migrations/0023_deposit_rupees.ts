/**
 * The rupee side of a deposit: deposits go to the Indian beneficiary account by UPI/IMPS or
 * bank transfer in rupees, while the account is credited in `ACCOUNT_CURRENCY`. Each deposit
 * keeps the rupee amount the investor was asked to transfer and the EUR/INR rate it was
 * worked out at (docs/product.md, Deposits). Both stay null for deposits reported before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Paise: the amount in rupees to transfer for the credited amount.
  await db.schema.alterTable('deposits').addColumn('amount_quote_minor', 'bigint').execute();
  // Paise per one account-currency unit (EUR/INR 104.20 → 10420; 100 for an INR account).
  await db.schema.alterTable('deposits').addColumn('rate_minor', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deposits').dropColumn('rate_minor').execute();
  await db.schema.alterTable('deposits').dropColumn('amount_quote_minor').execute();
}
