/**
 * Concurrency: 200 parallel withdrawal requests against a balance that
 * covers exactly 10 → exactly 10 succeed, the rest are refused for the balance, and the
 * ledger holds. Requests come from this process's server (parallel `inject`), from a second
 * server instance on the same database (its own connections) and from a separate API process
 * over HTTP — on SQLite (one file, `BEGIN IMMEDIATE` across processes) and on PostgreSQL
 * (several pools, row locks). Invariants are checked after every test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../src/server/app.js';
import { ROOT_DIR } from '../../src/server/config.js';
import { expectOk } from '../support/envelope.js';
import { assets, credit, entryCount, investor, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer({ resetClock: false });

interface Outcome {
  code: number;
}

/** Starts `tests/support/money-worker.ts` on this server's database; resolves with its base URL. */
function startWorker(): Promise<{ child: ChildProcess; url: string }> {
  const env = {
    ...process.env,
    NIVESH_MODE: 'demo',
    DATA_DIR: ctx.server.config.dataDir,
    DATABASE_URL: ctx.server.config.databaseUrl ?? '',
    CLIENT_DIR: path.join(ctx.server.config.dataDir, 'no-client'),
    WITHDRAWAL_REQUIRES_IDENTITY: '0',
    SESSION_IDLE_MS: String(365 * 86_400_000),
    LOG_LEVEL: 'warn',
    WORKER_CLOCK_MS: String(ctx.server.clock.now()),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'tests/support/money-worker.ts')], { cwd: ROOT_DIR, env, stdio: ['pipe', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
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
    const worker = await startWorker();
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
      await stopWorker(worker.child);
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
