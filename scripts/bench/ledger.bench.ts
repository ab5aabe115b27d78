/**
 * Ledger throughput on SQLite: withdrawal requests through the domain
 * function `requestWithdrawal` — one request = one journal entry (available → held, two
 * postings) plus its hold and withdrawal rows, in one `BEGIN IMMEDIATE` transaction — beside
 * the raw rate of the same statements as a bare better-sqlite3 transaction, measured in the
 * same run on a file with the same schema and pragmas. Both commit with `synchronous = FULL`
 * (durable on power loss); the bare baseline is one transaction per request, sequential; the
 * domain runs `LEDGER_BENCH_CONCURRENCY` (8) requests in flight, which the group commit
 * (`ledger/group-commit.ts`) drains into shared commits.
 */
import { openBareHold } from './bare-hold.js';
import fs from 'node:fs';
import os from 'node:os';
import { newId } from '../../src/server/domain/ids.js';
import path from 'node:path';
import type { BenchFigure } from '../bench.js';
import { percentile } from './stats.mjs';
import { fundedInvestor, type BenchServer } from './funding.js';
import { startBenchServer } from './bench-server.js';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import type { Deps } from '../../src/server/domain/deps.js';
import { addBankAccount } from '../../src/server/domain/banks.js';
import { requestWithdrawal } from '../../src/server/domain/money/withdrawals.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { groupCommitStats } from '../../src/server/domain/ledger/index.js';

const WARMUP = 300;
const COUNT = Number(process.env.LEDGER_BENCH_COUNT ?? 5000);
const AMOUNT_MINOR = 10_000;
const CONCURRENCY = Number(process.env.LEDGER_BENCH_CONCURRENCY ?? 8);


/** A funded investor with a bound account, set up through the domain. */
async function fundedWithBank(server: BenchServer): Promise<{ userId: string; bankId: string }> {
  const { deps } = server;
  const { userId } = await fundedInvestor(server, 8);
  const { id: bankId } = await addBankAccount(deps, userId, { holderName: 'Bench User', bankName: 'HDFC Bank', accountNumber: '501004561234', ifsc: 'HDFC0001234', phone: '9876543210' });
  return { userId, bankId };
}

/** Requests per second (and latencies) of the domain path. */
async function domainRun(dir: string): Promise<{ perSecond: number; p50: number; p99: number; perCommit: number }> {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', WITHDRAWAL_REQUIRES_IDENTITY: '0', CLIENT_DIR: path.join(dir, 'none') });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const { userId, bankId } = await fundedWithBank(server);
    const body = { amount: AMOUNT_MINOR / 100, bankId };
    for (let i = 0; i < WARMUP; i++) await requestWithdrawal(server.deps, userId, body, null);
    const latencies: number[] = [];
    const before = groupCommitStats(server.deps.db);
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < COUNT) {
          const t = performance.now();
          await requestWithdrawal(server.deps, userId, body, null);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const after = groupCommitStats(server.deps.db);
    const perCommit = (after.requests - before.requests) / Math.max(1, after.rounds - before.rounds);
    return { perSecond: COUNT / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), perCommit };
  } finally {
    await server.close();
  }
}

/** Transactions per second of the same statements on bare better-sqlite3. */
async function rawRun(dir: string): Promise<number> {
  const now = indiaTime(2026, 11, 23, 11, 30);
  const bare = await openBareHold(dir, { entryKind: 'withdrawal_requested', postingKind: 'withdrawal_hold', holdKind: 'withdrawal' }, now);
  const { db, userId } = bare;
  const bankId = newId();
  db.prepare(`INSERT INTO bank_accounts (id, user_id, bank_name, account_number, ifsc, phone, holder_name, created_at) VALUES (?, ?, 'HDFC Bank', '501004561234', 'HDFC0001234', '9876543210', 'Raw', ?)`).run(bankId, userId, now);
  const bank = db.prepare(`SELECT id FROM bank_accounts WHERE id = ? AND user_id = ? AND deleted_at IS NULL`);
  const withdrawal = db.prepare(
    `INSERT INTO withdrawals (id, user_id, bank_account_id, amount_minor, fee_minor, net_minor, hold_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
  );
  const request = db.transaction(() => {
    if (!bank.get(bankId, userId)) throw new Error('bank');
    const id = newId();
    const { holdId } = bare.place(id, AMOUNT_MINOR, now);
    const fee = Math.floor((AMOUNT_MINOR * 300) / 10_000);
    withdrawal.run(id, userId, bankId, AMOUNT_MINOR, fee, AMOUNT_MINOR - fee, holdId, now);
  });
  try {
    for (let i = 0; i < WARMUP; i++) request.immediate();
    const start = performance.now();
    for (let i = 0; i < COUNT; i++) request.immediate();
    return COUNT / ((performance.now() - start) / 1000);
  } finally {
    db.close();
  }
}

export async function run(): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-ledger-'));
  try {
    const domain = await domainRun(path.join(dir, 'domain'));
    const raw = await rawRun(dir);
    return [
      { name: 'withdrawal requests via requestWithdrawal (journal entries/s)', value: domain.perSecond, unit: 'entries/s', note: `${COUNT} requests, ${CONCURRENCY} in flight, SQLite file, WAL, synchronous=FULL; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}` },
      { name: 'requests per group commit (mean)', value: domain.perCommit, unit: 'requests' },
      { name: 'ledger postings/s (2 per entry)', value: domain.perSecond * 2, unit: 'postings/s' },
      { name: 'requestWithdrawal latency p50', value: domain.p50, unit: 'ms' },
      { name: 'requestWithdrawal latency p99', value: domain.p99, unit: 'ms' },
      { name: 'bare better-sqlite3, same statements (transactions/s)', value: raw, unit: 'tx/s', note: 'same run, same schema, synchronous=FULL, one transaction per request' },
      { name: 'domain rate as a multiple of the bare FULL rate', value: domain.perSecond / raw, unit: '×' },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
