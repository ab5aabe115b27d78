/**
 * Charges of share and ETF trades (docs/trading.md, Charges): one house account per statutory
 * charge (STT, exchange transaction charge, SEBI turnover fee, stamp duty, GST; brokerage stays
 * fee revenue), and on `trades` the sum of the statutory charges in account minor units
 * (`charges_minor`; 0 for rows written before) and the whole breakdown with its rates as JSON
 * (`charges_json`: `{inr, account, rates}`; null for rows written before). Contract notes and
 * the capital-gains statement are computed from `trades`; they need no table.
 */
import type { Kysely } from 'kysely';

/** House ledger accounts added by this migration (fixed ids, see `ledger/accounts.ts`). */
const HOUSE_ACCOUNTS = ['house:stt_payable', 'house:exchange_charges_payable', 'house:sebi_fees_payable', 'house:stamp_duty_payable', 'house:gst_payable'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto('ledger_accounts' as never)
    .values(HOUSE_ACCOUNTS.map((id) => ({ id, user_id: null, kind: id, created_at: Date.now() })) as never)
    .execute();
  await db.schema.alterTable('trades').addColumn('charges_minor', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('trades').addColumn('charges_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trades').dropColumn('charges_json').execute();
  await db.schema.alterTable('trades').dropColumn('charges_minor').execute();
  await db.deleteFrom('ledger_accounts' as never).where('id' as never, 'in', HOUSE_ACCOUNTS as never).execute();
}
