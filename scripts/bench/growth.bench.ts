/**
 * How cost grows: the `order/purchase` rate over HTTP and the time
 * to settle every due contract, at 1k, 10k and 100k open contracts, on a journal that already
 * holds 10 000 and 1 000 000 entries. Flat rows mean the indexes keep each path's cost
 * independent of the tables' size (keys, not scans).
 *
 * Per journal size: a fresh SQLite file; the history is bulk-inserted as settled entries between
 * two house accounts (two postings each: a valid double entry that moves no user balance);
 * then per level, `level` open contracts (10 investors, bulk fixture of the API tests) due at
 * one instant T, `GROWTH_PURCHASES` purchases over HTTP while they are open, then
 * `settleDue(T)` settles them all (the level plus the purchases).
 * Run: `npm run bench -- growth` (`GROWTH_JOURNAL`, `GROWTH_OPEN`, `GROWTH_PURCHASES` to change).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { BenchFigure } from '../bench.js';
import { tradingInvestor } from './funding.js';
import { purchaseLoad } from './purchase-load.js';
import { startBenchServer } from './bench-server.js';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/index.js';
import { houseAccountId } from '../../src/server/domain/ledger/index.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { seedDueContracts } from '../../tests/support/trading.js';

const list = (value: string | undefined, fallback: number[]) => (value ? value.split(',').map(Number) : fallback);
const JOURNAL_LEVELS = list(process.env.GROWTH_JOURNAL, [10_000, 1_000_000]);
const OPEN_LEVELS = list(process.env.GROWTH_OPEN, [1_000, 10_000, 100_000]);
const PURCHASES = Number(process.env.GROWTH_PURCHASES ?? 1000);
/**
 * Purchases each server takes before its first level (`GROWTH_WARMUP`): the rate climbs over
 * the first ≈ 3,000 while V8 optimizes the server's code, which the first levels measured
 * instead of the journal's size (as the trading bench's warm-up).
 */
const WARMUP = Number(process.env.GROWTH_WARMUP ?? 3000);
const PER_USER = 10_000;

/**
 * Bulk history: `rows` journal entries of kind `bench_history`, each with two postings
 * (bank clearing +10.00, trading book −10.00), created before the bench's clock.
 */
async function prefillJournal(db: Db, rows: number, at: number): Promise<void> {
  const count = sql.lit(rows);
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO journal_entries (id, kind, reference, created_at)
    SELECT printf('00000000-0000-7000-8000-%012x', i), 'bench_history', printf('history-%d', i), ${at} FROM n`.execute(db);
  for (const [leg, account, amount] of [[1, houseAccountId('bank_clearing'), 1000], [2, houseAccountId('trading_book'), -1000]] as const) {
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO postings (id, entry_id, account_id, amount_minor, created_at, kind)
      SELECT printf('00000000-0000-700${sql.raw(String(leg))}-8000-%012x', i), printf('00000000-0000-7000-8000-%012x', i), ${account}, ${amount}, ${at}, 'bench_history' FROM n`.execute(db);
  }
}

/** One journal size: every open-contract level in turn on the same database. */
async function journalRun(dir: string, journalRows: number): Promise<BenchFigure[]> {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
  const server = await startBenchServer(config, { clock, logger: false });
  const figures: BenchFigure[] = [];
  try {
    const now = clock.now();
    let started = performance.now();
    await prefillJournal(server.deps.db, journalRows, now - 86_400_000);
    const prefillSeconds = (performance.now() - started) / 1000;
    // Fold the history into the database file now, not during the first measured purchases.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(server.deps.db);
    const investors = [];
    for (let i = 0; i < Math.ceil(Math.max(...OPEN_LEVELS) / PER_USER); i++) investors.push(await tradingInvestor(server, 1));
    const buyer = await tradingInvestor(server, 1);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const label = `journal ${journalRows.toLocaleString('en')}`;
    figures.push({ name: `${label}: bulk history inserted`, value: prefillSeconds, unit: 's', note: `${(journalRows * 2).toLocaleString('en')} postings` });
    // Their contracts expire within the first level's window and are settled with it.
    if (WARMUP > 0) await purchaseLoad(server, buyer.token, WARMUP, 8, 0);
    for (const [index, level] of OPEN_LEVELS.entries()) {
      // Contracts bought a second ago that expire together at T, one hour per level apart.
      const durationS = 3600 * (index + 1);
      const users = investors.slice(0, Math.ceil(level / PER_USER)).map((investor) => investor.userId);
      await seedDueContracts(server.deps.db, users, Math.min(level, PER_USER), { symbol: 'TCS', buyPriceMinor: 300_000, amountMinor: 1000, boughtAt: now - 1000, durationS, rateBp: 8500 });
      const purchases = await purchaseLoad(server, buyer.token, PURCHASES, 8, 200);
      const due = now - 1000 + durationS * 1000;
      started = performance.now();
      const report = await settleDue(server.deps.db, due);
      const seconds = (performance.now() - started) / 1000;
      const open = `${level.toLocaleString('en')} open`;
      figures.push(
        { name: `${label}, ${open}: order/purchase`, value: purchases.perSecond, unit: 'req/s', note: `p99 ${purchases.p99.toFixed(1)} ms` },
        { name: `${label}, ${open}: settle all due`, value: seconds, unit: 's', note: `${report.settled.toLocaleString('en')} contracts, ${Math.round(report.settled / seconds).toLocaleString('en')}/s` },
      );
    }
  } finally {
    await server.close();
  }
  return figures;
}

export async function run(): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-bench-growth-'));
  try {
    const figures: BenchFigure[] = [];
    for (const rows of JOURNAL_LEVELS) figures.push(...(await journalRun(path.join(dir, String(rows)), rows)));
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
