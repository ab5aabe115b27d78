/**
 * Group commit of money transactions (issue 14 "Money paths durable and fast"), on SQLite and
 * `TEST_DB=pg` (where each operation is its own PostgreSQL transaction):
 * - concurrent withdrawals share commits (SQLite: fewer commit rounds than requests) and still
 *   never spend the same money twice; a retry with the same Idempotency-Key in the same burst
 *   moves money once;
 * - a request that fails inside a shared round is undone alone (its savepoint), the others of
 *   the round are committed;
 * - a request is answered only after its commit: another connection sees its writes at once;
 *   money transactions run with `synchronous = FULL`.
 * Ledger invariants after every test.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { groupCommitStats, isSqlite, moneyTransaction, postEntry } from '../../src/server/domain/ledger/index.js';
import { assets, credit, entryCount, investor, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer();

const deposit = (userId: string, reference: string, amountMinor: number) => ({
  kind: 'deposit_approved',
  reference,
  postings: [
    { account: { house: 'bank_clearing' as const }, amountMinor: -amountMinor },
    { account: { userId, kind: 'available' as const }, amountMinor },
  ],
});

describe('group commit', () => {
  it('40 parallel withdrawals against a balance that covers 10 share commits; a repeated key moves money once', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const entries = await entryCount(ctx.server);
    const before = isSqlite(ctx.server.deps.db) ? groupCommitStats(ctx.server.deps.db) : null;
    const body = { amount: 100, bankId: user.bankId };
    const calls = Array.from({ length: 40 }, (_, i) =>
      ctx.server.call<{ id: string }>('withdrawal', body, { token: user.token, headers: i < 4 ? { 'idempotency-key': 'gc-same-key' } : undefined }),
    );
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.body.code === 200);
    const keyed = results.slice(0, 4).filter((r) => r.body.code === 200);
    // The four keyed requests answer one withdrawal (or are refused for the balance together).
    expect(new Set(keyed.map((r) => r.body.data.id)).size).toBeLessThanOrEqual(1);
    const distinct = new Set(ok.map((r) => r.body.data.id));
    expect(distinct.size).toBe(10);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.code === 1210)).toBe(true);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 0, held: 1000, total: 1000 });
    expect(await entryCount(ctx.server)).toBe(entries + 10);
    if (before) {
      const after = groupCommitStats(ctx.server.deps.db);
      // A keyed retry that finds the stored answer needs no transaction at all.
      expect(after.requests - before.requests).toBeGreaterThanOrEqual(37);
      expect(after.rounds - before.rounds).toBeLessThan(after.requests - before.requests);
    }
  });

  it('a request failing inside a shared round is undone alone; the others commit', async () => {
    const user = await investor(ctx.server);
    const db = ctx.server.deps.db;
    const now = ctx.server.clock.now();
    const ops = ['a', 'b', 'c', 'd'].map((name) =>
      moneyTransaction(db, async (trx) => {
        await postEntry(trx, now, deposit(user.userId, `gc-${user.userId.slice(0, 8)}-${name}`, 10_000));
        if (name === 'c') throw new Error('c fails after writing');
        return name;
      }),
    );
    const settled = await Promise.allSettled(ops);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'c fails after writing' });
    const refs = await db.selectFrom('journal_entries').select('reference').where('reference', 'like', `gc-${user.userId.slice(0, 8)}-%`).execute();
    expect(refs.map((r) => r.reference.slice(-1)).sort()).toEqual(['a', 'b', 'd']);
    expect(await assets(ctx.server, user.token)).toMatchObject({ available: 300 });
  });

  it('answers after the commit (another connection sees the writes) and commits with synchronous = FULL', async () => {
    const db = ctx.server.deps.db;
    const user = await investor(ctx.server);
    const reference = `gc-durable-${user.userId.slice(0, 8)}`;
    const inside = await moneyTransaction(db, async (trx) => {
      await postEntry(trx, ctx.server.clock.now(), deposit(user.userId, reference, 5_000));
      if (!isSqlite(trx)) return null;
      return (await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]!.synchronous;
    });
    if (!isSqlite(db)) {
      expect(inside).toBeNull();
      return;
    }
    expect(inside).toBe(2); // FULL
    const other = new SQLite(path.join(ctx.server.config.dataDir, 'nivesh.sqlite'), { readonly: true });
    try {
      expect(other.prepare('SELECT count(*) AS n FROM journal_entries WHERE reference = ?').get(reference)).toEqual({ n: 1 });
    } finally {
      other.close();
    }
    // Outside money transactions the connection stays at NORMAL.
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous).toBe(1);
  });
});
