/**
 * Trading throughput and CPU per purchase:
 * - contract purchases per second over HTTP with authentication (a real listening server,
 *   node:http with keep-alive from a worker thread, `TRADING_BENCH_CONCURRENCY` requests in
 *   flight), p50 and p99 latency, and CPU ms per purchase of the server (the process without
 *   the client's thread); one purchase = body validation, session lookup, risk check, feed
 *   price, one savepoint in a group-committed `synchronous = FULL` transaction with the hold
 *   entry (two postings), hold, contract and buy tick;
 * - beside it, same run, same client: the bare durable Fastify route (`bare-route.ts`: a
 *   three-statement transfer in one `synchronous = FULL` transaction per request) — its rate,
 *   p99 and CPU per request;
 * - the same purchase load on a fresh PostgreSQL database (`TRADING_BENCH_PG=0` skips the
 *   PostgreSQL figures): CPU per purchase of the server process and of the database's
 *   backends (`/proc/<pid>/stat`), beside pgbench TPC-B's CPU per transaction (backends and
 *   client, `TRADING_BENCH_CONCURRENCY` clients, `TRADING_BENCH_PGBENCH_SECONDS`);
 * - the purchase's statements as a bare better-sqlite3 loop, same run, same schema,
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
import { AS_DEPLOYED, startBenchServer } from './bench-server.js';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { seedDueContracts } from '../../tests/support/trading.js';
import { createPgDatabase, PG_ADMIN_URL } from '../../tests/support/server.js';
import { startBareRoute } from './bare-route.js';
import { backendPids, msText } from './cpu.js';
import { urlLoad } from './purchase-load.js';
import { groupCommitStats } from '../../src/server/domain/ledger/index.js';
import { hasPgbench, pgbench } from './pgbench.js';

const COUNT = Number(process.env.TRADING_BENCH_COUNT ?? 3000);
const CONCURRENCY = Number(process.env.TRADING_BENCH_CONCURRENCY ?? 8);
const SETTLE_COUNT = Number(process.env.TRADING_BENCH_SETTLE ?? 100_000);
/**
 * Requests (and bare transactions) run before measuring. The server's rate climbs for its
 * first ~3,000 purchases while V8 optimizes its code (1,740 req/s over the first thousand,
 * 2,250–2,300 from the fourth on, on 2026-11-26); the bare loop gets the same count.
 */
const WARMUP = Number(process.env.TRADING_BENCH_WARMUP ?? 3000);
const PGBENCH_SECONDS = Number(process.env.TRADING_BENCH_PGBENCH_SECONDS ?? 10);

/**
 * The purchase load against the app on a SQLite file under `dir`, or on PostgreSQL database
 * `pgName` at `databaseUrl` (its backends' CPU counts as `otherCpuMs`).
 */
async function httpRun(dir: string, databaseUrl = '', pgName?: string): Promise<PurchaseLoad & { rounds?: number }> {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', ...AS_DEPLOYED, DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const { token } = await tradingInvestor(server, 2);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    if (pgName) return await purchaseLoad(server, token, COUNT, CONCURRENCY, WARMUP, () => backendPids(PG_ADMIN_URL, pgName));
    // SQLite: the group-commit rounds of the measured purchases (counted from the end of the warm-up).
    let atWarm = { rounds: 0, requests: 0 };
    const load = await purchaseLoad(server, token, COUNT, CONCURRENCY, WARMUP, async () => {
      atWarm = groupCommitStats(server.deps.db);
      return [];
    });
    return { ...load, rounds: groupCommitStats(server.deps.db).rounds - atWarm.rounds };
  } finally {
    await server.close();
  }
}

/** The same load against the bare durable route (`bare-route.ts`). */
async function bareRouteRun(dir: string): Promise<PurchaseLoad> {
  const route = await startBareRoute(dir);
  try {
    return await urlLoad(route.url, 'none', COUNT, CONCURRENCY, WARMUP);
  } finally {
    await route.close();
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
  const config = loadConfig({ NIVESH_MODE: 'demo', ...AS_DEPLOYED, DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none') });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const users: string[] = [];
    const perUser = 10_000;
    for (let i = 0; i < Math.ceil(SETTLE_COUNT / perUser); i++) users.push((await tradingInvestor(server, 1)).userId);
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
    const bare = await bareRouteRun(dir);
    const raw = await rawRun(dir);
    const usePg = process.env.TRADING_BENCH_PG !== '0';
    let pgLoad: PurchaseLoad | null = null;
    if (usePg) {
      const database = await createPgDatabase();
      try {
        pgLoad = await httpRun(path.join(dir, 'http-pg'), database.url, database.name);
      } finally {
        await database.drop();
      }
    }
    const tpcb = usePg && hasPgbench() ? await pgbench(CONCURRENCY, PGBENCH_SECONDS) : null;
    const load = os.loadavg()[0]!.toFixed(1);
    console.log(`  CPU per purchase (SQLite): ${msText(http.appCpuMs)} ms (app); bare durable route ${msText(bare.appCpuMs)} ms per request; ratio ${(http.appCpuMs / bare.appCpuMs).toFixed(1)}×; ${(COUNT / http.rounds!).toFixed(1)} purchases per commit round (client thread ${msText(http.clientCpuMs)} and ${msText(bare.clientCpuMs)} ms, not counted)`);
    console.log(`  rate (SQLite): purchases ${Math.round(http.perSecond)} req/s (p99 ${http.p99.toFixed(1)} ms), bare durable route ${Math.round(bare.perSecond)} req/s (p99 ${bare.p99.toFixed(1)} ms); ratio ${((http.perSecond / bare.perSecond) * 100).toFixed(0)} %`);
    if (pgLoad) {
      const total = pgLoad.appCpuMs + pgLoad.otherCpuMs;
      const base = tpcb ? tpcb.backendCpuMs + tpcb.clientCpuMs : Number.NaN;
      console.log(
        `  CPU per purchase (PostgreSQL): ${msText(total)} ms (app ${msText(pgLoad.appCpuMs)}, PostgreSQL ${msText(pgLoad.otherCpuMs)})` +
          (tpcb ? `; pgbench TPC-B ${msText(base)} ms per transaction (PostgreSQL ${msText(tpcb.backendCpuMs)}, pgbench ${msText(tpcb.clientCpuMs)}); ratio ${(total / base).toFixed(1)}×` : '; pgbench missing'),
      );
      console.log(`  rate (PostgreSQL): purchases ${Math.round(pgLoad.perSecond)} req/s (p99 ${pgLoad.p99.toFixed(1)} ms)${tpcb ? `; pgbench ${Math.round(tpcb.tps)} tps, ${CONCURRENCY} clients` : ''}`);
    }
    console.log(`  load average (1 min): ${load}, ${os.availableParallelism()} CPUs`);
    // TRADING_BENCH_SETTLE=0 skips the settlement figures.
    const settle = SETTLE_COUNT > 0 ? await settleRun(path.join(dir, 'settle')) : { seconds: Number.NaN, perSecond: Number.NaN };
    const pg = usePg && SETTLE_COUNT > 0 ? await createPgDatabase() : null;
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
      { name: 'order/purchase CPU per request (server process)', value: http.appCpuMs, unit: 'ms' },
      { name: 'bare durable Fastify route (bare-route.ts)', value: bare.perSecond, unit: 'req/s', note: `p99 ${bare.p99.toFixed(1)} ms, ${msText(bare.appCpuMs)} ms CPU per request` },
      { name: 'purchase rate as a share of the bare durable route', value: (http.perSecond / bare.perSecond) * 100, unit: '%' },
      ...(pgLoad
        ? [
            { name: 'order/purchase on PostgreSQL', value: pgLoad.perSecond, unit: 'req/s', note: `p99 ${pgLoad.p99.toFixed(1)} ms` },
            { name: 'order/purchase CPU per request on PostgreSQL (app + backends)', value: pgLoad.appCpuMs + pgLoad.otherCpuMs, unit: 'ms' },
          ]
        : []),
      ...(tpcb ? [{ name: 'pgbench TPC-B CPU per transaction (backends + client)', value: tpcb.backendCpuMs + tpcb.clientCpuMs, unit: 'ms', note: `${Math.round(tpcb.tps)} tps` }] : []),
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
