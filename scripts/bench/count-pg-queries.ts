/**
 * The statements one `order/purchase` sends to PostgreSQL: starts the trading bench's server on
 * a fresh database (`PG_ADMIN_URL` as the tests), funds an investor, warms up, then counts what
 * node-postgres sends during `COUNT_PURCHASES` purchases (default 200), one at a time, and prints
 * each statement's first 100 characters with its count per purchase. With `EXPLAIN_PURCHASE=1`
 * each purchase's ledger statement (`WITH m AS …`) also runs first under
 * `EXPLAIN (ANALYZE, WAL, BUFFERS)` on a second connection inside a rolled-back transaction, and
 * the script prints that statement's WAL records and bytes (full-page images apart: they
 * depend on when the last checkpoint was), buffers touched and dirtied by its writes, and its
 * trigger calls (the foreign-key checks), averaged per purchase: the database's work per
 * purchase, counts independent of the machine's load (the times are not).
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
import { AS_DEPLOYED, startBenchServer } from './bench-server.js';
import { tradingInvestor } from './funding.js';

const COUNT = Number(process.env.COUNT_PURCHASES ?? 200);
const EXPLAIN = process.env.EXPLAIN_PURCHASE === '1';
const counts = new Map<string, number>();
let counting = false;
/** The second connection for `EXPLAIN_PURCHASE`, and the sums of what its plans report. */
let explainer: pg.Client | null = null;
const explained = { n: 0, walRecords: 0, walBytes: 0, walFpi: 0, dirtied: 0, hit: 0, triggerCalls: 0, triggerMs: 0, ms: 0 };
/** A node of `EXPLAIN (FORMAT JSON)`: its figures and its children. */
type PlanNode = Record<string, number> & { 'Node Type': string; Plans?: PlanNode[] };
/** The plan's `ModifyTable` nodes (their figures include their children's). */
function modifyNodes(node: PlanNode): PlanNode[] {
  if (node['Node Type'] === 'ModifyTable') return [node];
  return (node.Plans ?? []).flatMap(modifyNodes);
}
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting && this !== explainer) {
    const first = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : (first.text ?? `(named ${first.name})`);
    const key = text.replace(/\s+/g, ' ').slice(0, 100);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (explainer && text.startsWith('WITH m AS')) {
      const values = typeof first === 'string' ? (args[1] as unknown[]) : first.values;
      const client = explainer;
      const run = async () => {
        await client.query('BEGIN');
        try {
          const { rows } = await client.query(`EXPLAIN (ANALYZE, WAL, BUFFERS, FORMAT JSON) ${text}`, values);
          const result = (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode; Triggers?: Array<{ Calls: number; Time: number }>; 'Execution Time': number }> })['QUERY PLAN'][0]!;
          explained.n += 1;
          // Each write (a data-modifying WITH is run on its own, outside the top node) counts at its ModifyTable node.
          for (const plan of modifyNodes(result.Plan)) {
            explained.walRecords += plan['WAL Records'] ?? 0;
            explained.walBytes += plan['WAL Bytes'] ?? 0;
            explained.walFpi += plan['WAL FPI'] ?? 0;
            explained.dirtied += plan['Shared Dirtied Blocks'] ?? 0;
            explained.hit += plan['Shared Hit Blocks'] ?? 0;
          }
          for (const trigger of result.Triggers ?? []) {
            explained.triggerCalls += trigger.Calls;
            explained.triggerMs += trigger.Time;
          }
          explained.ms += result['Execution Time'];
        } finally {
          await client.query('ROLLBACK');
        }
      };
      return run().then(() => query.apply(this, args) as Promise<unknown>);
    }
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-count-'));
const database = await createPgDatabase();
try {
  const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
  const config = loadConfig({ NIVESH_MODE: 'demo', ...AS_DEPLOYED, DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
  const server = await startBenchServer(config, { clock, logger: false });
  try {
    const { token } = await tradingInvestor(server, 2);
    const purchase = () => server.app.inject({ method: 'POST', url: '/api/order/purchase?lang=en', headers: { authorization: `Bearer ${token}` }, payload: { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 } });
    for (let i = 0; i < 20; i++) await purchase();
    if (EXPLAIN) {
      explainer = new pg.Client({ connectionString: database.url });
      await explainer.connect();
    }
    counting = true;
    for (let i = 0; i < COUNT; i++) {
      const reply = await purchase();
      if (reply.json().code !== 200) throw new Error(reply.body);
    }
    counting = false;
    if (explainer) {
      await explainer.end();
      const per = (v: number) => (v / explained.n).toFixed(1);
      console.log(`the ledger statement, per purchase (EXPLAIN ANALYZE of ${explained.n}): WAL ${per(explained.walRecords)} records, ${per(explained.walBytes)} bytes (${per(explained.walFpi)} full-page images), buffers ${per(explained.hit)} hit and ${per(explained.dirtied)} dirtied by its writes, ${per(explained.triggerCalls)} trigger calls (foreign-key checks) taking ${(explained.triggerMs / explained.n).toFixed(3)} ms, execution ${(explained.ms / explained.n).toFixed(3)} ms`);
    }
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
