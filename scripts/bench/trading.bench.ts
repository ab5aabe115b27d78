/**
 * Trading throughput on SQLite:
 * - contract purchases per second over HTTP with authentication (a real listening server,
 *   `fetch` with keep-alive, `TRADING_BENCH_CONCURRENCY` requests in flight), p50 and p99
 *   latency; one purchase = body validation, session lookup, risk check, feed price, one
 *   savepoint in a group-committed `synchronous = FULL` transaction with the hold entry (two
 *   postings), hold, contract and buy tick;
 * - beside it, the same statements as a bare better-sqlite3 transaction, same run, same schema,
 *   `synchronous = FULL`, one transaction per request;
 * - how long 100 000 contracts due at the same second take to settle (`settleDue`, set-based
 *   batches of 5000), seeded with the bulk fixture of the API tests, on SQLite and on a fresh
 *   PostgreSQL database (`PG_ADMIN_URL`, as the tests; `TRADING_BENCH_PG=0` skips it).
 */
import { openBareHold } from './bare-hold.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '../../src/server/domain/ids.js';
import type { BenchFigure } from '../bench.js';
import { tradingInvestor } from './funding.js';
import { purchaseLoad, type PurchaseLoad } from './purchase-load.js';
import { startBenchServer } from './bench-server.js';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { seedDueContracts } from '../../tests/support/trading.js';
import { createPgDatabase } from '../../tests/support/server.js';

const COUNT = Number(process.env.TRADING_BENCH_COUNT ?? 3000);
const CONCURRENCY = Number(process.env.TRADING_BENCH_CONCURRENCY ?? 8);
const SETTLE_COUNT = Number(process.env.TRADING_BENCH_SETTLE ?? 100_000);
/**
 * Requests (and bare transactions) run before measuring. The server's rate climbs for its
 * first ~3,000 purchases while V8 optimizes its code (1,740 req/s over the first thousand,
 * 2,250–2,300 from the fourth on, on 2026-11-26); the bare loop gets the same count.
 */
const WARMUP = Number(process.env.TRADING_BENCH_WARMUP ?? 3000);

async function httpRun(dir: string): Promise<PurchaseLoad> {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const { token } = await tradingInvestor(server.deps, 2);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    return await purchaseLoad(server, token, COUNT, CONCURRENCY, WARMUP);
  } finally {
    await server.close();
  }
}

/** The purchase's statements as a bare better-sqlite3 transaction. */
async function rawRun(dir: string): Promise<number> {
  const now = indiaTime(2026, 11, 23, 11, 30);
  const bare = await openBareHold(dir, { entryKind: 'contract_placed', postingKind: 'contract_stake', holdKind: 'contract' }, now);
  const { db, userId } = bare;
  db.prepare(`INSERT INTO trading_consents (user_id, risk_acknowledged_at) VALUES (?, ?)`).run(userId, now);
  const consent = db.prepare(`SELECT user_id FROM trading_consents WHERE user_id = ?`);
  const contract = db.prepare(
    `INSERT INTO contracts (id, user_id, symbol, direction, amount_minor, buy_price_minor, rate_bp, duration_s, bought_at, expires_at, status, hold_id)
     VALUES (?, ?, 'RELIANCE', 1, ?, 136400, 8500, 60, ?, ?, 'open', ?)`,
  );
  const tick = db.prepare(`INSERT INTO price_ticks (symbol, at, price_minor) VALUES ('RELIANCE', ?, 136400) ON CONFLICT DO NOTHING`);
  const amount = 1000;
  let at = now;
  const purchase = db.transaction(() => {
    if (!consent.get(userId)) throw new Error('consent');
    const id = newId();
    const { holdId } = bare.place(id, amount, at);
    contract.run(id, userId, amount, at, at + 60_000, holdId);
    tick.run(at);
    at += 1;
  });
  try {
    for (let i = 0; i < WARMUP; i++) purchase.immediate();
    const start = performance.now();
    for (let i = 0; i < COUNT; i++) purchase.immediate();
    return COUNT / ((performance.now() - start) / 1000);
  } finally {
    db.close();
  }
}

/** Settles SETTLE_COUNT due contracts; `databaseUrl` '' = a SQLite file under `dir`. */
async function settleRun(dir: string, databaseUrl = ''): Promise<{ seconds: number; perSecond: number }> {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none') });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const users: string[] = [];
    const perUser = 10_000;
    for (let i = 0; i < Math.ceil(SETTLE_COUNT / perUser); i++) users.push((await tradingInvestor(server.deps, 1)).userId);
    const now = clock.now();
    await seedDueContracts(server.deps.db, users, perUser, { symbol: 'TCS', buyPriceMinor: 300_000, amountMinor: 1000, boughtAt: now - 120_000, durationS: 60, rateBp: 8500 });
    const start = performance.now();
    const report = await settleDue(server.deps.db, now);
    const seconds = (performance.now() - start) / 1000;
    if (report.settled !== users.length * perUser) throw new Error(`settled ${report.settled}`);
    return { seconds, perSecond: report.settled / seconds };
  } finally {
    await server.close();
  }
}

export async function run(): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-trading-'));
  try {
    const http = await httpRun(path.join(dir, 'http'));
    const raw = await rawRun(dir);
    const settle = await settleRun(path.join(dir, 'settle'));
    const pg = process.env.TRADING_BENCH_PG === '0' ? null : await createPgDatabase();
    let settlePg: { seconds: number; perSecond: number } | null = null;
    try {
      if (pg) settlePg = await settleRun(path.join(dir, 'settle-pg'), pg.url);
    } finally {
      await pg?.drop();
    }
    return [
      { name: 'contract purchases over HTTP with auth (order/purchase)', value: http.perSecond, unit: 'req/s', note: `${COUNT} requests, ${CONCURRENCY} in flight, SQLite file, WAL; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}` },
      { name: 'order/purchase latency p50', value: http.p50, unit: 'ms' },
      { name: 'order/purchase latency p99', value: http.p99, unit: 'ms' },
      { name: 'bare better-sqlite3, same statements (transactions/s)', value: raw, unit: 'tx/s', note: 'same run, same schema, synchronous=FULL, one transaction per request' },
      { name: 'HTTP rate as a multiple of the bare FULL rate', value: http.perSecond / raw, unit: '×' },
      { name: `settle ${SETTLE_COUNT.toLocaleString('en')} contracts due at the same second`, value: settle.seconds, unit: 's', note: 'settleDue, set-based batches of 5000' },
      { name: 'settlement rate', value: settle.perSecond, unit: 'contracts/s' },
      ...(settlePg
        ? [
            { name: `settle ${SETTLE_COUNT.toLocaleString('en')} contracts due at the same second, PostgreSQL`, value: settlePg.seconds, unit: 's', note: 'the same seeding and settleDue on a fresh database' },
            { name: 'settlement rate, PostgreSQL', value: settlePg.perSecond, unit: 'contracts/s' },
          ]
        : []),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
