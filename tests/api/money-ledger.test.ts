/**
 * The ledger's own guarantees (docs/product.md, Money):
 * `postEntry` refuses unbalanced or malformed entries and writes nothing; `postEntries` books a
 * set with each posting's running sequence and balances, and refuses a set as a whole; the database refuses
 * to update or delete postings and journal entries, and a second entry of one kind for one
 * reference; and the invariant check catches a cached balance that drifted and a hold resolved
 * twice. Broken ledgers are written on servers of their own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../support/envelope.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { AppError } from '../../src/server/domain/errors.js';
import { LedgerError, moneyTransaction, postEntries, postEntry, readWallet, userAccountIds, type PostingInput } from '../../src/server/domain/ledger/index.js';
import { credit, entryCount, investor, operatorToken, startMoneyServer, uploadScreenshot, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer({ resetClock: false });

const post = (postings: PostingInput[], kind = 'test_entry', reference: string = randomUUID()) =>
  moneyTransaction(ctx.server.deps.db, (trx) => postEntry(trx, ctx.server.clock.now(), { kind, reference, postings }));

describe('postEntry', () => {
  it('refuses unbalanced, one-legged, zero and fractional postings and writes nothing', async () => {
    const { userId } = await investor(ctx.server);
    const entries = await entryCount(ctx.server);
    const available = { userId, kind: 'available' as const };
    await expect(post([{ account: available, amountMinor: 500 }, { account: { house: 'bank_clearing' }, amountMinor: -400 }])).rejects.toThrow(LedgerError);
    await expect(post([{ account: available, amountMinor: 500 }])).rejects.toThrow(/fewer than two/);
    await expect(post([{ account: available, amountMinor: 0 }, { account: { house: 'bank_clearing' }, amountMinor: 0 }])).rejects.toThrow(LedgerError);
    await expect(post([{ account: available, amountMinor: 0.5 }, { account: { house: 'bank_clearing' }, amountMinor: -0.5 }])).rejects.toThrow(LedgerError);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await readWallet(ctx.server.deps.db, userId)).toEqual({ availableMinor: 0, heldMinor: 0 });
  });

  it('refuses to take available below zero (insufficientBalance) and rolls the whole entry back', async () => {
    const { userId } = await investor(ctx.server);
    await post([{ account: { userId, kind: 'available' }, amountMinor: 1000 }, { account: { house: 'bank_clearing' }, amountMinor: -1000 }]);
    const entries = await entryCount(ctx.server);
    const error = await post([{ account: { userId, kind: 'available' }, amountMinor: -1001 }, { account: { house: 'fee_revenue' }, amountMinor: 1001 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorName).toBe('insufficientBalance');
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await readWallet(ctx.server.deps.db, userId)).toEqual({ availableMinor: 1000, heldMinor: 0 });
  });

  it('creates accounts once even when asked concurrently', async () => {
    const { userId } = await investor(ctx.server);
    const results = await Promise.all(Array.from({ length: 10 }, () => moneyTransaction(ctx.server.deps.db, (trx) => userAccountIds(trx, [userId], ctx.server.clock.now()))));
    expect(new Set(results.map((r) => JSON.stringify(r.get(userId))))).toHaveProperty('size', 1);
    const rows = await ctx.server.deps.db.selectFrom('ledger_accounts').select('kind').where('user_id', '=', userId).execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['available', 'held']);
  });
});

describe('postEntries', () => {
  const deposit = (userId: string, amountMinor: number): PostingInput[] => [
    { account: { userId, kind: 'available' }, amountMinor },
    { account: { house: 'bank_clearing' }, amountMinor: -amountMinor },
  ];

  it('books a set in order: each posting carries the running sequence and balances, each entry the balances after it', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    await post(deposit(a.userId, 1000));
    const now = ctx.server.clock.now();
    const posted = await moneyTransaction(ctx.server.deps.db, (trx) =>
      postEntries(trx, now, [
        { kind: 'test_entry', reference: randomUUID(), postings: [{ account: { userId: a.userId, kind: 'available' }, amountMinor: -300 }, { account: { userId: a.userId, kind: 'held' }, amountMinor: 300 }] },
        { kind: 'test_entry', reference: randomUUID(), postings: deposit(b.userId, 250) },
        { kind: 'test_other', reference: randomUUID(), postings: [{ account: { userId: a.userId, kind: 'held' }, amountMinor: -300 }, { account: { userId: a.userId, kind: 'available' }, amountMinor: 200 }, { account: { house: 'fee_revenue' }, amountMinor: 100 }] },
      ]),
    );
    expect(posted.map((entry) => Object.fromEntries(entry.balances))).toEqual([
      { [a.userId]: { availableMinor: 700, heldMinor: 300 } },
      { [b.userId]: { availableMinor: 250, heldMinor: 0 } },
      { [a.userId]: { availableMinor: 900, heldMinor: 0 } },
    ]);
    const rows = await ctx.server.deps.db.selectFrom('postings').select(['user_seq', 'available_after_minor', 'held_after_minor', 'entry_id']).where('user_id', '=', a.userId).orderBy('user_seq').execute();
    expect(rows.map((r) => [Number(r.user_seq), Number(r.available_after_minor), Number(r.held_after_minor)])).toEqual([[1, 1000, 0], [2, 700, 0], [3, 700, 300], [4, 700, 0], [5, 900, 0]]);
    expect(rows.slice(3).every((r) => r.entry_id === posted[2]!.id)).toBe(true);
    expect(await readWallet(ctx.server.deps.db, a.userId)).toEqual({ availableMinor: 900, heldMinor: 0 });
  });

  it('refuses the whole set when one user\'s available balance would go below zero, and writes nothing', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    await post(deposit(a.userId, 500));
    const entries = await entryCount(ctx.server);
    const now = ctx.server.clock.now();
    const error = await moneyTransaction(ctx.server.deps.db, (trx) =>
      postEntries(trx, now, [
        { kind: 'test_entry', reference: randomUUID(), postings: deposit(b.userId, 100) },
        { kind: 'test_entry', reference: randomUUID(), postings: deposit(a.userId, -501) },
      ]),
    ).catch((e: unknown) => e);
    expect((error as AppError).errorName).toBe('insufficientBalance');
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await readWallet(ctx.server.deps.db, b.userId)).toEqual({ availableMinor: 0, heldMinor: 0 });
    expect(await readWallet(ctx.server.deps.db, a.userId)).toEqual({ availableMinor: 500, heldMinor: 0 });
  });
});

describe('database guarantees', () => {
  it('postings and journal entries are append-only', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 10);
    const db = ctx.server.deps.db;
    const posting = await db.selectFrom('postings').select(['id', 'entry_id']).where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    await expect(db.updateTable('postings').set({ amount_minor: 1_000_000 }).where('id', '=', posting.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('postings').where('id', '=', posting.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable('journal_entries').set({ kind: 'other' }).where('id', '=', posting.entry_id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('journal_entries').where('id', '=', posting.entry_id).execute()).rejects.toThrow(/append-only/);
  });

  it('a business object gets at most one entry of a kind (a deposit is credited once)', async () => {
    const user = await investor(ctx.server);
    const depositId = await credit(ctx.server, user.token, ctx.operator, 10);
    const again = post([{ account: { userId: user.userId, kind: 'available' }, amountMinor: 1000 }, { account: { house: 'bank_clearing' }, amountMinor: -1000 }], 'deposit_approved', depositId);
    await expect(again).rejects.toThrow();
    expect((await readWallet(ctx.server.deps.db, user.userId)).availableMinor).toBe(1000);
  });
});

describe('assertLedgerInvariants catches', () => {
  it('a cached balance that differs from the sum of postings', async () => {
    const other = await startMoneyServer({}, {}, { ledgerCheck: false }); // corrupted on purpose
    try {
      const op = await operatorToken(other);
      const { token } = await other.registerUser();
      const screenshotId = await uploadScreenshot(other, token);
      const { id } = expectOk(await other.call<{ id: string }>('pay/recharge', { amount: 10, channel: 'bank', utr: '100000000001', screenshotId }, { token }));
      expectOk(await other.call('admin/recharge/approve', { id }, { token: op }));
      await assertLedgerInvariants(other.deps.db);
      await other.deps.db.updateTable('wallet_balances').set({ available_minor: 1_000_000 }).execute();
      await expect(assertLedgerInvariants(other.deps.db)).rejects.toThrow(/cached available 1000000 ≠ sum of postings 1000/);
    } finally {
      await other.stop();
    }
  });

  it('a hold resolved twice, and held money without a hold', async () => {
    const other = await startMoneyServer({}, {}, { ledgerCheck: false }); // corrupted on purpose
    try {
      const op = await operatorToken(other);
      const user = await investor(other);
      const { id: depositId } = expectOk(await other.call<{ id: string }>('pay/recharge', { amount: 500, channel: 'bank', utr: '100000000002', screenshotId: user.screenshotId }, { token: user.token }));
      expectOk(await other.call('admin/recharge/approve', { id: depositId }, { token: op }));
      const { id } = expectOk(await other.call<{ id: string }>('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token }));
      expectOk(await other.call('admin/withdrawal/reject', { id, reason: 'test' }, { token: op }));
      await assertLedgerInvariants(other.deps.db);
      // A second resolution of the same hold, posted through the ledger under another kind:
      // it moves money that is no longer held for the withdrawal.
      const now = other.clock.now();
      await moneyTransaction(other.deps.db, async (trx) => {
        await postEntry(trx, now, { kind: 'park', reference: randomUUID(), postings: [{ account: { userId: user.userId, kind: 'available' }, amountMinor: -10_000 }, { account: { userId: user.userId, kind: 'held' }, amountMinor: 10_000 }] });
        await postEntry(trx, now, { kind: 'withdrawal_paid_again', reference: id, postings: [{ account: { userId: user.userId, kind: 'held' }, amountMinor: -10_000 }, { account: { house: 'payouts_in_transit' }, amountMinor: 10_000 }] });
      });
      await expect(assertLedgerInvariants(other.deps.db)).rejects.toThrow(/resolved 2 times/);
      await expect(assertLedgerInvariants(other.deps.db)).rejects.toThrow(/still held for it/);
    } finally {
      await other.stop();
    }
  });
});
