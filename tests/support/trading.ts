/**
 * Helpers for the trading API tests: funded traders (credited through the real
 * deposit flow), purchases, recorded ticks, and a bulk fixture of due contracts.
 */
import { newId } from '../../src/server/domain/ids.js';
import type { ContractReceipt } from '../../src/server/domain/trading/contracts.js';
import type { Db } from '../../src/server/db/index.js';
import type { TestServer } from './server.js';
import { expectOk } from './envelope.js';
import { credit, investor, type Investor } from './money.js';

/** An investor credited with `amount` through a deposit approved by `operator`, risk acknowledged. */
export async function trader(server: TestServer, operator: string, amount: number): Promise<Investor> {
  const user = await investor(server);
  if (amount > 0) await credit(server, user.token, operator, amount);
  expectOk(await server.call('order/acknowledgeRisk', {}, { token: user.token }));
  return user;
}

/** The live last price of a symbol (currency units). */
export async function lastPrice(server: TestServer, symbol: string): Promise<number> {
  return expectOk(await server.call<{ last: number }>('markets/getMarket', { symbol })).last;
}

/** A contract receipt as `order/purchase` answers it. */
export type Receipt = ContractReceipt;

/** Buys an up/down contract; asserts success. */
export async function buyContract(server: TestServer, token: string, body: Record<string, unknown>, headers?: Record<string, string>): Promise<Receipt> {
  return expectOk(await server.call<Receipt>('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 100, duration: 60, ...body }, { token, headers }));
}

/** Records a tick by hand (a fixture: the settle price of a contract whose expiry it covers). */
export async function recordTick(db: Db, symbol: string, at: number, price: number): Promise<void> {
  await db.insertInto('price_ticks').values({ symbol, at, price_minor: Math.round(price * 100) }).onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()).execute();
}

/** Journal entries of one kind and reference. */
export async function entriesOf(db: Db, kind: string, reference: string): Promise<number> {
  const row = await db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('kind', '=', kind).where('reference', '=', reference).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The `contract_settled` entry a contract names as the one that settled it (its own, or its
 * investor's net settlement of a batch), or null while it is open or when the entry
 * it names is missing or of another kind.
 */
export async function settlementEntryOf(db: Db, contractId: string): Promise<string | null> {
  const row = await db
    .selectFrom('contracts')
    .innerJoin('journal_entries', 'journal_entries.id', 'contracts.settle_entry_id')
    .select('journal_entries.id')
    .where('contracts.id', '=', contractId)
    .where('journal_entries.kind', '=', 'contract_settled')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Bulk fixture of due contracts (documented fixture path, keeps every ledger invariant):
 * for each contract one `contract_placed` entry with its two postings (available → held, with
 * the user's running sequence and balances), its hold, the contract row and a recorded tick at
 * its expiry — inserted in chunks, as `placeHold` + `purchaseContract` would write them, but
 * without 10 000 round trips. The users must already hold the stakes in `available` (credit
 * them through the deposit flow first). Prices alternate above/below/equal to the buy price.
 * @returns the contract ids.
 */
export async function seedDueContracts(db: Db, users: string[], perUser: number, options: { symbol: string; buyPriceMinor: number; amountMinor: number; boughtAt: number; durationS: number; rateBp: number }): Promise<string[]> {
  const t = db;
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'user_id', 'kind']).where('user_id', 'in', users).execute();
  const wallets = await db.selectFrom('wallet_balances').selectAll().where('user_id', 'in', users).execute();
  const ids: string[] = [];
  const expiresAt = options.boughtAt + options.durationS * 1000;
  const entries: unknown[] = [];
  const postings: unknown[] = [];
  const holds: unknown[] = [];
  const contracts: unknown[] = [];
  for (const userId of users) {
    const available = accounts.find((a) => a.user_id === userId && a.kind === 'available')!.id;
    const held = accounts.find((a) => a.user_id === userId && a.kind === 'held')!.id;
    const wallet = wallets.find((w) => w.user_id === userId)!;
    let avail = Number(wallet.available_minor);
    let hold = Number(wallet.held_minor);
    let seq = Number(wallet.seq);
    for (let i = 0; i < perUser; i++) {
      const id = newId();
      const entryId = newId();
      const holdId = newId();
      ids.push(id);
      const a = options.amountMinor;
      avail -= a;
      if (avail < 0) throw new Error('seedDueContracts: stake not covered');
      entries.push({ id: entryId, kind: 'contract_placed', reference: id, created_at: options.boughtAt });
      postings.push(
        { id: newId(), entry_id: entryId, account_id: available, amount_minor: -a, created_at: options.boughtAt, kind: 'contract_stake', user_id: userId, user_seq: ++seq, available_after_minor: avail, held_after_minor: hold },
        { id: newId(), entry_id: entryId, account_id: held, amount_minor: a, created_at: options.boughtAt, kind: 'contract_stake', user_id: userId, user_seq: ++seq, available_after_minor: avail, held_after_minor: (hold += a) },
      );
      holds.push({ id: holdId, user_id: userId, kind: 'contract', reference: id, amount_minor: a, status: 'open', placed_entry_id: entryId, resolved_entry_id: null, created_at: options.boughtAt, resolved_at: null });
      contracts.push({
        id, user_id: userId, symbol: options.symbol, direction: ids.length % 2 ? 1 : 2, amount_minor: a, buy_price_minor: options.buyPriceMinor, rate_bp: options.rateBp,
        duration_s: options.durationS, bought_at: options.boughtAt, expires_at: expiresAt, status: 'open', hold_id: holdId,
        settle_price_minor: null, settle_tick_at: null, profit_minor: null, settle_entry_id: null, settled_at: null,
      });
    }
    await db.updateTable('wallet_balances').set({ available_minor: avail, held_minor: hold, seq }).where('user_id', '=', userId).execute();
  }
  const chunk = async (table: string, rows: unknown[], size: number) => {
    for (let i = 0; i < rows.length; i += size) await t.insertInto(table as never).values(rows.slice(i, i + size) as never).execute();
  };
  await chunk('journal_entries', entries, 1000);
  await chunk('postings', postings, 1000);
  await chunk('holds', holds, 1000);
  await chunk('contracts', contracts, 1000);
  await t.insertInto('price_ticks').values({ symbol: options.symbol, at: options.boughtAt, price_minor: options.buyPriceMinor }).onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()).execute();
  await t.insertInto('price_ticks').values({ symbol: options.symbol, at: expiresAt, price_minor: options.buyPriceMinor + 5 }).onConflict((oc) => oc.columns(['symbol', 'at']).doNothing()).execute();
  return ids;
}
