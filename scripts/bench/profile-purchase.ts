/**
 * CPU profile of the server's main thread under the `order/purchase` load of the trading bench:
 * the same server, funding and client (`purchase-load.ts`, a worker thread), warmed up the same
 * way; V8's sampling profiler (node:inspector) runs only while the measured requests run, so the
 * profile holds the steady state and not start-up or warm-up.
 *
 * `npx tsx scripts/bench/profile-purchase.ts [sqlite|pg|bare] [out.cpuprofile]` (`bare`: the bare durable
 * route of `bare-route.ts`, the trading bench's baseline, under the same client)
 * (`PROFILE_COUNT`, default 5000; `PROFILE_WARMUP`, default 3000; `PROFILE_CONCURRENCY`, default
 * 8; `PROFILE_INTERVAL_US`, sampling interval in µs, default 100; `PROFILE_DIR`, where the
 * SQLite file goes, default the temp folder; PostgreSQL takes a fresh database under
 * `PG_ADMIN_URL` as the tests do). The sampler records wall time on the main thread: a commit's
 * fsync shows as self time of better-sqlite3's `run`. `PROFILE_DIR=/dev/shm` (tmpfs, where an
 * fsync costs nothing) leaves the CPU work alone in the profile. Prints the summary of
 * `cpuprofile-summary.ts` and writes the profile (open it in Chrome DevTools or speedscope).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { createPgDatabase } from '../../tests/support/server.js';
import { AS_DEPLOYED, startBenchServer } from './bench-server.js';
import { tradingInvestor } from './funding.js';
import { urlLoad, type PurchaseLoad } from './purchase-load.js';
import { startBareRoute } from './bare-route.js';
import { summarize, type CpuProfile } from './cpuprofile-summary.js';

const kind = process.argv[2] === 'pg' || process.argv[2] === 'bare' ? process.argv[2] : 'sqlite';
const out = path.resolve(process.argv[3] ?? `purchase-${kind}.cpuprofile`);
const COUNT = Number(process.env.PROFILE_COUNT ?? 5000);
const WARMUP = Number(process.env.PROFILE_WARMUP ?? 3000);
const CONCURRENCY = Number(process.env.PROFILE_CONCURRENCY ?? 8);
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 100);

/** Stops the profiler, writes the profile and prints the figures and the summary. */
async function report(load: PurchaseLoad): Promise<void> {
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(out, JSON.stringify(profile));
  console.log(`${kind}: ${COUNT} requests, ${Math.round(load.perSecond)} req/s, app CPU ${load.appCpuMs.toFixed(3)} ms per request, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(summarize(profile as CpuProfile, { requests: COUNT }));
  console.log(`profile: ${out}`);
}

const dir = fs.mkdtempSync(path.join(process.env.PROFILE_DIR ?? os.tmpdir(), 'nivesh-profile-'));
const database = kind === 'pg' ? await createPgDatabase() : null;
const session = new Session();
session.connect();
/** Runs the load against the URL `start` gives (after its warm-up, with the profiler on). */
async function profiled(start: () => Promise<{ url: string; token: string; close: () => Promise<void> }>): Promise<void> {
  const target = await start();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: INTERVAL_US });
    // Called by the load once its warm-up is over: the profile covers the measured requests only.
    const load = await urlLoad(target.url, target.token, COUNT, CONCURRENCY, WARMUP, async () => {
      await session.post('Profiler.start');
      return [];
    });
    await report(load);
  } finally {
    await target.close();
  }
}

try {
  if (kind === 'bare') {
    await profiled(async () => {
      const route = await startBareRoute(dir);
      return { url: route.url, token: 'none', close: () => route.close() };
    });
  } else {
    const clock = new ManualClock(indiaTime(2026, 11, 23, 11, 30));
    const config = loadConfig({ NIVESH_MODE: 'demo', ...AS_DEPLOYED, DATA_DIR: dir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'none'), LOGIN_PER_IP_PER_15MIN: '100000' });
    await profiled(async () => {
      const server = await startBenchServer(config, { clock, logger: false });
      const { token } = await tradingInvestor(server, 2);
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const address = server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return { url: `http://127.0.0.1:${port}/api/order/purchase?lang=en`, token, close: () => server.close() };
    });
  }
} finally {
  session.disconnect();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
