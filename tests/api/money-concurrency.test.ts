/**
 * Concurrency: 200 parallel withdrawal requests against a balance that
 * covers exactly 10 → exactly 10 succeed, the rest are refused for the balance, and the
 * ledger holds. Requests come from this process's server (parallel `inject`), from a second
 * server instance on the same database (its own connections) and from a separate API process
 * over HTTP — on SQLite (one file, `BEGIN IMMEDIATE` across processes) and on PostgreSQL
 * (several pools, row locks). Invariants are checked after every test.
 */
import { describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../src/server/app.js';
import { startApiWorker } from '../support/api-worker.js';
import { expectOk } from '../support/envelope.js';
import { assets, credit, entryCount, investor, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer({ resetClock: false });

interface Outcome {
  code: number;
}

describe('200 parallel withdrawals against a balance that covers 10', () => {
  it('through one server: exactly 10 succeed', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const entries = await entryCount(ctx.server);
    const results = await Promise.all(Array.from({ length: 200 }, () => ctx.server.call<Outcome>('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 1210)).toHaveLength(190);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 0, held: 1000, total: 1000 });
    expect(await entryCount(ctx.server)).toBe(entries + 10);
  });

  it('through this server, a second server instance and a separate API process on one database: exactly 10 succeed', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const entries = await entryCount(ctx.server);
    // A second instance in this process: its own connection pool (PostgreSQL). On SQLite one
    // process must keep one connection (a blocked busy-wait would stall the event loop), so
    // the second SQLite writer is the separate process only.
    const second: Server | null = ctx.server.config.databaseUrl ? await buildServer(ctx.server.config, { clock: ctx.server.clock, logger: false }) : null;
    const worker = await startApiWorker(ctx.server, ctx.server.clock.now(), { WITHDRAWAL_REQUIRES_IDENTITY: '0' });
    try {
      const body = JSON.stringify({ amount: 100, bankId: user.bankId });
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
      const viaWorker = () => fetch(`${worker.url}/api/withdrawal?lang=en`, { method: 'POST', headers, body }).then(async (r) => ((await r.json()) as Outcome).code);
      const viaSecond = () => second!.app.inject({ method: 'POST', url: '/api/withdrawal?lang=en', headers, payload: body }).then((r) => (r.json() as Outcome).code);
      const viaMain = () => ctx.server.call<Outcome>('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token }).then((r) => r.body.code);
      const calls = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? viaWorker : i % 3 === 1 && second ? viaSecond : viaMain));
      const codes = await Promise.all(calls.map((call) => call()));
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 1210)).toHaveLength(190);
    } finally {
      await worker.stop();
      await second?.close();
    }
    expect(await assets(ctx.server, user.token)).toEqual({ available: 0, held: 1000, total: 1000 });
    expect(await entryCount(ctx.server)).toBe(entries + 10);
  });

  it('parallel deposits and withdrawals for one user interleave without losing money', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 500);
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.server.call<{ id: string }>('pay/recharge', { amount: 100, channel: 'bank', utr: `77770000${String(i).padStart(4, '0')}`, screenshotId: user.screenshotId }, { token: user.token })));
    const approvals = ids.map((r) => () => ctx.server.call('admin/recharge/approve', { id: expectOk(r).id }, { token: ctx.operator }));
    const withdrawals = Array.from({ length: 40 }, () => () => ctx.server.call<Outcome>('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token }));
    const results = await Promise.all([...approvals, ...withdrawals].map((call) => call()));
    const ok = results.slice(approvals.length).filter((r) => r.body.code === 200).length;
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(15);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 1500 - ok * 100, held: ok * 100, total: 1500 });
  });
});
