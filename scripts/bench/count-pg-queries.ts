/**
 * The statements one `order/purchase` sends to PostgreSQL: starts the trading bench's server on
 * a fresh database (`PG_ADMIN_URL` as the tests), funds an investor, warms up, then counts what
 * node-postgres sends during `COUNT_PURCHASES` purchases (default 200), one at a time, and prints
 * each statement's first 100 characters with its count per purchase.
 * `npx tsx scripts/bench/count-pg-queries.ts`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { createPgDatabase } from '../../tests/support/server.js';
import { startBenchServer } from './bench-server.js';
import { tradingInvestor } from './funding.js';

const COUNT = Number(process.env.COUNT_PURCHASES ?? 200);
const counts = new Map<string, number>();
let counting = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : (first.text ?? `(named ${first.name})`);
    const key = text.replace(/\s+/g, ' ').slice(0, 100);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-count-'));
const database = await createPgDatabase();
try {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const { token } = await tradingInvestor(server, 2);
    const purchase = () => server.app.inject({ method: 'POST', url: '/api/order/purchase?lang=en', headers: { authorization: `Bearer ${token}` }, payload: { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 } });
    for (let i = 0; i < 20; i++) await purchase();
    counting = true;
    for (let i = 0; i < COUNT; i++) {
      const reply = await purchase();
      if (reply.json().code !== 200) throw new Error(reply.body);
    }
    counting = false;
    const { sql } = await import('kysely');
    const plans = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`select left(regexp_replace(statement, '\s+', ' ', 'g'), 60) as statement, generic_plans, custom_plans from pg_prepared_statements where generic_plans + custom_plans > 10`.execute(server.deps.db);
    for (const p of plans.rows) console.log(`plans on one connection: generic ${p.generic_plans}, custom ${p.custom_plans}  ${p.statement}`);
    for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${(n / COUNT).toFixed(2)} per purchase  ${text}`);
  } finally {
    await server.close();
  }
} finally {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
