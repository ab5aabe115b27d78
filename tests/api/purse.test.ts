/**
 * `purse/getBalance` (docs/product.md, Calls): the available balance in currency units, read
 * from the double-entry ledger (sum of the postings on the user's `available` account).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { useLedgerServer } from '../support/ledger-server.js';
import type { Db } from '../../src/server/db/index.js';
import { moneyTransaction, placeHold, postEntry, type PostingInput } from '../../src/server/domain/ledger/index.js';

const harness = useLedgerServer();

async function userId(db: Db, email: string): Promise<string> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** The ledger account of an owner (null: house) and kind, created on first use. */
async function ledgerAccount(db: Db, owner: string | null, kind: string, now: number): Promise<string> {
  let query = db.selectFrom('ledger_accounts').select('id').where('kind', '=', kind);
  query = owner === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', owner);
  const existing = await query.executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  await db.insertInto('ledger_accounts').values({ id, user_id: owner, kind, created_at: now }).execute();
  return id;
}

/**
 * Writes one journal entry with raw inserts (account id → signed minor units), bypassing the
 * ledger and its cached balances: only for showing that the invariant check catches a broken ledger.
 */
async function rawJournal(db: Db, kind: string, postings: Array<[string, number]>, now: number): Promise<string> {
  const entryId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('journal_entries').values({ id: entryId, kind, reference: randomUUID(), created_at: now }).execute();
    for (const [accountId, amount] of postings) {
      await trx.insertInto('postings').values({ id: randomUUID(), entry_id: entryId, account_id: accountId, amount_minor: amount, created_at: now }).execute();
    }
  });
  return entryId;
}

/** Posts one journal entry through the ledger (which keeps the cached balances). */
async function journal(db: Db, kind: string, postings: PostingInput[], now: number): Promise<void> {
  await moneyTransaction(db, (trx) => postEntry(trx, now, { kind, reference: randomUUID(), postings }));
}

/** Credits a user's available account from the bank clearing house account. */
async function credit(db: Db, email: string, minor: number, now: number): Promise<void> {
  const owner = await userId(db, email);
  await journal(db, 'deposit_approved', [{ account: { userId: owner, kind: 'available' }, amountMinor: minor }, { account: { house: 'bank_clearing' }, amountMinor: -minor }], now);
}

const balance = async (token: string) => expectOk(await harness.server.call<number>('purse/getBalance', {}, { token }));

describe('purse/getBalance', () => {
  it('is 0 for a new user', async () => {
    const { token } = await harness.server.registerUser();
    const res = await harness.server.call<number>('purse/getBalance', {}, { token });
    expect(expectOk(res)).toBe(0);
    expect(typeof res.body.data).toBe('number');
  });

  it('reads the ledger: +12345 minor units on available → 123.45', async () => {
    const { token, email } = await harness.server.registerUser();
    await credit(harness.server.deps.db, email, 12_345, harness.server.clock.now());
    expect(await balance(token)).toBe(123.45);
  });

  it('sums every posting on the available account, and only that account', async () => {
    const { token, email } = await harness.server.registerUser();
    const db = harness.server.deps.db;
    const now = harness.server.clock.now();
    const uid = await userId(db, email);
    await credit(db, email, 100_000, now);
    // 250.50 moved from available to held: the available balance drops, the total does not.
    await moneyTransaction(db, (trx) =>
      placeHold(trx, now, { userId: uid, amountMinor: 25_050, kind: 'withdrawal', reference: randomUUID(), entryKind: 'withdrawal_requested', postingKind: 'withdrawal_hold' }),
    );
    await credit(db, email, 1, now);
    expect(await balance(token)).toBe(749.51);
  });

  it("does not include another user's money", async () => {
    const rich = await harness.server.registerUser();
    const poor = await harness.server.registerUser();
    await credit(harness.server.deps.db, rich.email, 5_000_00, harness.server.clock.now());
    expect(await balance(rich.token)).toBe(5000);
    expect(await balance(poor.token)).toBe(0);
  });

  it('handles large balances exactly', async () => {
    const { token, email } = await harness.server.registerUser();
    await credit(harness.server.deps.db, email, 1_234_567_890_134, harness.server.clock.now());
    expect(await balance(token)).toBe(12_345_678_901.34);
  });

  it('needs a token (501) and takes no body fields (1001)', async () => {
    expectCall(await harness.server.call('purse/getBalance', {}), 401, 501);
    const { token } = await harness.server.registerUser();
    expectCall(await harness.server.call('purse/getBalance', { userId: 'someone' }, { token }), 400, 1001);
  });
});

describe('assertLedgerInvariants', () => {
  // A server of its own: the broken ledgers written here must not trip the afterEach check.
  it('detects an unbalanced entry and a negative available balance', async () => {
    const other = await startTestServer({}, {}, { ledgerCheck: false }); // corrupted on purpose
    try {
      const db = other.deps.db;
      const now = other.clock.now();
      const { email } = await other.registerUser();
      await assertLedgerInvariants(db);

      const available = await ledgerAccount(db, await userId(db, email), 'available', now);
      const house = await ledgerAccount(db, null, 'house:bank_clearing', now);
      const unbalanced = await rawJournal(db, 'broken', [[available, 500], [house, -400]], now);
      await expect(assertLedgerInvariants(db)).rejects.toThrow(new RegExp(`${unbalanced}.*sum to 100`));

      // Postings are append-only (the database refuses to delete them): a second user shows the overdraft.
      const second = await other.registerUser();
      const overdrawn = await ledgerAccount(db, await userId(db, second.email), 'available', now);
      await rawJournal(db, 'overdraft', [[overdrawn, -1], [house, 1]], now);
      await expect(assertLedgerInvariants(db)).rejects.toThrow(/below zero/);
    } finally {
      await other.stop();
    }
  });
});
