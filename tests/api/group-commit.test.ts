/**
 * Group commit of money transactions, on SQLite and
 * `TEST_DB=pg` (where each operation is its own PostgreSQL transaction):
 * - concurrent withdrawals share commits (SQLite: fewer commit rounds than requests) and still
 *   never spend the same money twice; a retry with the same Idempotency-Key in the same burst
 *   moves money once;
 * - a request that fails inside a shared round is undone alone (its savepoint), the others of
 *   the round are committed;
 * - a request is answered only after its commit: another connection sees its writes at once;
 *   SQLite syncs the WAL file (`fdatasync`) after the commit and before the answer;
 * - a round gathers: requests that join a moment after the first share its commit (SQLite);
 * - remembered account ids: a transaction that created a user's accounts and rolled back
 *   leaves nothing behind for the next one (on its own, and inside a shared round).
 * Ledger invariants after every test.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { GROUP_COMMIT_GATHER_MAX_MS, GROUP_COMMIT_QUIET_MS, groupCommitStats, isSqlite, moneyTransaction, postEntry, setGroupCommitWindow } from '../../src/server/domain/ledger/index.js';
import { walFileOf } from '../../src/server/db/sqlite-direct.js';
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

  it('answers after the commit (another connection sees the writes) and after the WAL file is synced', async () => {
    const db = ctx.server.deps.db;
    const user = await investor(ctx.server);
    const reference = `gc-durable-${user.userId.slice(0, 8)}`;
    const wal = walFileOf(db);
    const syncsBefore = wal?.syncs ?? 0;
    let syncsInside = -1;
    await moneyTransaction(db, async (trx) => {
      await postEntry(trx, ctx.server.clock.now(), deposit(user.userId, reference, 5_000));
      syncsInside = wal?.syncs ?? 0;
    });
    if (!isSqlite(db)) {
      expect(wal).toBeUndefined();
      return;
    }
    const file = path.join(ctx.server.config.dataDir, 'nivesh.sqlite');
    expect(wal?.path).toBe(`${file}-wal`);
    // The answer came after a sync of the database's WAL file that started after the commit.
    expect(wal!.syncs).toBeGreaterThan(syncsInside);
    expect(syncsInside).toBeGreaterThanOrEqual(syncsBefore);
    const other = new SQLite(file, { readonly: true });
    try {
      expect(other.prepare('SELECT count(*) AS n FROM journal_entries WHERE reference = ?').get(reference)).toEqual({ n: 1 });
    } finally {
      other.close();
    }
    // The connection commits at NORMAL: the sync, not an fsync inside COMMIT, makes it durable.
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous).toBe(1);
  });

  it('a round gathers: requests that join a turn after the first share its commit', async () => {
    const db = ctx.server.deps.db;
    if (!isSqlite(db)) return; // PostgreSQL: each operation is its own transaction
    const user = await investor(ctx.server);
    // Wide enough that a slow turn of a busy machine cannot split the two bursts.
    setGroupCommitWindow(db, { quietMs: 200, maxMs: 2000 });
    try {
      const now = ctx.server.clock.now();
      const op = (name: string) => moneyTransaction(db, (trx) => postEntry(trx, now, deposit(user.userId, `gather-${user.userId.slice(0, 8)}-${name}`, 100)));
      const before = groupCommitStats(db);
      const first = ['a', 'b', 'c'].map(op);
      await new Promise((resolve) => setImmediate(resolve));
      const second = ['d', 'e', 'f'].map(op);
      await Promise.all([...first, ...second]);
      const after = groupCommitStats(db);
      expect(after.requests - before.requests).toBe(6);
      // Without the gather the first burst left alone at the next turn: two rounds.
      expect(after.rounds - before.rounds).toBe(1);
    } finally {
      setGroupCommitWindow(db, { quietMs: GROUP_COMMIT_QUIET_MS, maxMs: GROUP_COMMIT_GATHER_MAX_MS });
    }
    expect(await assets(ctx.server, user.token)).toMatchObject({ available: 6 });
  });

  it('account ids created by a transaction that rolls back are not remembered (alone, and in a shared round)', async () => {
    const db = ctx.server.deps.db;
    const now = ctx.server.clock.now();
    const fresh = async () => {
      const user = await investor(ctx.server);
      // The investor has no ledger accounts yet: the first entry creates them.
      expect(await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
      return user;
    };
    // Creates the accounts, reads them back in a second entry, then fails: all of it undone.
    const createThenFail = (userId: string, tag: string) =>
      moneyTransaction(db, async (trx) => {
        await postEntry(trx, now, deposit(userId, `${tag}-1`, 100));
        await postEntry(trx, now, deposit(userId, `${tag}-2`, 100));
        throw new Error('fails after creating the accounts');
      });
    const credit100 = (userId: string, reference: string) => moneyTransaction(db, (trx) => postEntry(trx, now, deposit(userId, reference, 100)));

    const alone = await fresh();
    await expect(createThenFail(alone.userId, `rb-${alone.userId.slice(0, 8)}`)).rejects.toThrow(/fails after creating/);
    expect(await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', alone.userId).execute()).toEqual([]);
    await credit100(alone.userId, `rb-${alone.userId.slice(0, 8)}-ok`);
    expect(await assets(ctx.server, alone.token)).toMatchObject({ available: 1 });

    const shared = await fresh();
    const [failed, ok] = await Promise.allSettled([createThenFail(shared.userId, `rbs-${shared.userId.slice(0, 8)}`), credit100(shared.userId, `rbs-${shared.userId.slice(0, 8)}-ok`)]);
    expect(failed.status).toBe('rejected');
    expect(ok.status).toBe('fulfilled');
    expect(await assets(ctx.server, shared.token)).toMatchObject({ available: 1 });
  });
});
