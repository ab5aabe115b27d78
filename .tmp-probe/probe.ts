import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ManualClock } from '../src/server/clock.js';
import { loadConfig } from '../src/server/config.js';
import { indiaTime } from '../src/shared/india-time.js';
import { startBenchServer } from '../scripts/bench/bench-server.js';
import { tradingInvestor } from '../scripts/bench/funding.js';
import { urlLoad } from '../scripts/bench/purchase-load.js';
import { groupCommitStats } from '../src/server/domain/ledger/group-commit.js';

const probe = new SQLite(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1'));
const times = new Map<string, { n: number; ms: number }>();
let on = false;
const commits: number[] = [];
for (const m of ['run', 'all', 'get']) {
  const orig = proto[m];
  proto[m] = function (this: { source: string }, ...args: unknown[]) {
    if (!on) return orig.apply(this, args);
    const t = performance.now();
    try { return orig.apply(this, args); } finally {
      const key = this.source.slice(0, 60);
      const e = times.get(key) ?? { n: 0, ms: 0 };
      const d = performance.now() - t; e.n++; e.ms += d; times.set(key, e); if (key === 'commit') commits.push(d);
    }
  };
}
const dir = fs.mkdtempSync(path.join(process.env.PROFILE_DIR ?? os.tmpdir(), 'probe-'));
const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
const server = await startBenchServer(config, { clock, logger: false });
const { token } = await tradingInvestor(server.deps, 2);
await server.app.listen({ host: '127.0.0.1', port: 0 });
const address = server.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const COUNT = Number(process.env.N ?? 3000);
let s0 = groupCommitStats(server.deps.db);
const load = await urlLoad(`http://127.0.0.1:${port}/api/order/purchase?lang=en`, token, COUNT, 8, 2000, async () => { on = true; s0 = groupCommitStats(server.deps.db); return []; });
const s1 = groupCommitStats(server.deps.db);
console.log(`${Math.round(load.perSecond)} req/s p99 ${load.p99.toFixed(1)} cpu ${load.appCpuMs.toFixed(3)} rounds ${s1.rounds - s0.rounds} requests ${s1.requests - s0.requests} load ${os.loadavg()[0]}`);
for (const [k, v] of [...times].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${(v.ms / COUNT * 1000).toFixed(1).padStart(8)} µs/req ${String(v.n).padStart(6)} ${(v.ms / v.n * 1000).toFixed(1).padStart(8)} µs each  ${k}`);
commits.sort((a, b) => a - b); const q = (f: number) => commits[Math.floor(f * (commits.length - 1))]!.toFixed(2);
console.log(`commit ms: min ${q(0)} p10 ${q(0.1)} p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)}; sum of top 5%: ${commits.slice(Math.floor(commits.length * 0.95)).reduce((a, b) => a + b, 0).toFixed(0)} of ${commits.reduce((a, b) => a + b, 0).toFixed(0)}`);
const wal = server.deps.db; void wal;
await server.close();
fs.rmSync(dir, { recursive: true, force: true });
