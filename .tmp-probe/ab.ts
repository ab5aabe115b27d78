// A/B: purchase load on sqlite and pg, CPU per request (app, pg backends)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '../src/server/clock.js';
import { loadConfig } from '../src/server/config.js';
import { indiaTime } from '../src/shared/india-time.js';
import { startBenchServer } from '../scripts/bench/bench-server.js';
import { tradingInvestor } from '../scripts/bench/funding.js';
import { urlLoad } from '../scripts/bench/purchase-load.js';
import { backendPids } from '../scripts/bench/cpu.js';
import { createPgDatabase, PG_ADMIN_URL } from '../tests/support/server.js';

const COUNT = Number(process.env.N ?? 2000);
const WARM = Number(process.env.W ?? 1500);
const kinds = (process.env.KINDS ?? 'sqlite,pg').split(',');
for (const kind of kinds) {
  const dir = fs.mkdtempSync(path.join(process.env.DIR ?? os.tmpdir(), 'ab-'));
  const database = kind === 'pg' ? await createPgDatabase() : null;
  try {
    const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
    const config = loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
    const server = await startBenchServer(config, { clock, logger: false });
    const { token } = await tradingInvestor(server.deps, 2);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const load = await urlLoad(`http://127.0.0.1:${port}/api/order/purchase?lang=en`, token, COUNT, 8, WARM, database ? () => backendPids(PG_ADMIN_URL, database.name) : undefined);
    console.log(`${process.env.TAG ?? ''} ${kind}: ${Math.round(load.perSecond)} req/s p99 ${load.p99.toFixed(1)} app ${load.appCpuMs.toFixed(3)} pg ${load.otherCpuMs.toFixed(3)} total ${(load.appCpuMs + load.otherCpuMs).toFixed(3)} load ${os.loadavg()[0]!.toFixed(1)}`);
    await server.close();
  } finally {
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
