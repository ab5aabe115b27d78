/**
 * Scale-out figures, on PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379):
 * - contract purchases per second over HTTP with 1, 2 and 3 server processes on one database
 *   (`SCALEOUT_BENCH_USERS` funded investors, one request in flight per investor, requests
 *   spread round-robin over the processes — what the proxy does);
 * - CPU ms per purchase at each step: the server processes (`/proc/<pid>/stat`) and the
 *   database's PostgreSQL backends, beside pgbench's CPU per transaction;
 * - beside it, `pgbench` TPC-B (built-in script, `-c` = the same number of clients) on a
 *   database of the same server in the same run (`pgbench.ts`);
 * - SSE across processes: `SCALEOUT_BENCH_SSE` clients spread over the three processes,
 *   quote events delivered per second, and how far apart (ms, measured on this machine) the
 *   three processes deliver the same batch.
 * Skipped (no figures) when PostgreSQL or Redis does not answer, or pgbench is missing.
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { BenchFigure } from '../bench.js';
import { percentile } from './stats.mjs';
import { PG_ADMIN_URL } from '../../tests/support/server.js';
import { backendPids, msText, pidCpuMs, pidsCpuMs } from './cpu.js';
import { hasPgbench, pgbench } from './pgbench.js';
import { call, clusterServicesUp, creditInvestor, ok, openStream, registerInvestor, startCluster, until, type Proc } from '../../tests/support/cluster.js';

const USERS = Number(process.env.SCALEOUT_BENCH_USERS ?? 16);
const SECONDS = Number(process.env.SCALEOUT_BENCH_SECONDS ?? 10);
const SSE_CLIENTS = Number(process.env.SCALEOUT_BENCH_SSE ?? 900);

/**
 * Purchases per second for `SECONDS`, spread over `procs`, and the CPU ms per purchase of the
 * processes and of the backends `pids` lists.
 */
async function purchases(procs: Proc[], users: Array<{ token: string }>, pids: () => Promise<number[]>): Promise<{ perSecond: number; appCpuMs: number; pgCpuMs: number }> {
  const appPids = procs.map((p) => p.child.pid!);
  const backends = await pids();
  const app0 = pidsCpuMs(appPids);
  const pg0 = new Map(backends.map((pid) => [pid, pidCpuMs(pid) ?? 0]));
  let done = 0;
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  const body = { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 };
  await Promise.all(
    users.map(async (user, u) => {
      for (let i = u; performance.now() < end; i++) {
        const answer = await call(procs[i % procs.length]!, 'order/purchase', body, user.token);
        if (answer.body.code === 200) done++;
        else if (++failed > 20) throw new Error(`purchases fail: ${JSON.stringify(answer.body)}`);
      }
    }),
  );
  const app = pidsCpuMs(appPids) - app0;
  // Per backend: one opened during the run (a pool growing) counts from 0, one gone counts nothing.
  let pg = 0;
  for (const pid of await pids()) pg += (pidCpuMs(pid) ?? 0) - (pg0.get(pid) ?? 0);
  return { perSecond: done / SECONDS, appCpuMs: app / done, pgCpuMs: pg / done };
}

/** SSE clients over the processes: events/s and the spread of one batch's arrival. */
async function sse(procs: Proc[]): Promise<{ perSecond: number; spreadP50: number; spreadMax: number; clients: number }> {
  const symbols = ['NIFTY50', 'RELIANCE', 'TCS', 'INFY', 'HDFCBANK'];
  const streams = Array.from({ length: SSE_CLIENTS }, (_, i) => openStream(procs[i % procs.length]!, symbols));
  const firstSeen = new Map<string, number[]>();
  const watchers = procs.map((proc) => {
    const watcher = openStream(proc, symbols);
    return { proc, watcher };
  });
  try {
    await until(() => streams.every((s) => s.events.length > 0), 60_000, 'every SSE client connected', 200);
    const before = streams.reduce((n, s) => n + s.events.length, 0);
    const seenCount = watchers.map((w) => w.watcher.events.length);
    const start = performance.now();
    // Record when each process's watcher first shows each event id (this machine's clock only).
    const timer = setInterval(() => {
      const now = performance.now();
      watchers.forEach((w, i) => {
        for (const event of w.watcher.events.slice(seenCount[i])) {
          if (!event.id) continue;
          const times = firstSeen.get(event.id) ?? [];
          if (times.length === i) times.push(now);
          firstSeen.set(event.id, times);
        }
        seenCount[i] = w.watcher.events.length;
      });
    }, 5);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    clearInterval(timer);
    const elapsed = (performance.now() - start) / 1000;
    const after = streams.reduce((n, s) => n + s.events.length, 0);
    const spreads = [...firstSeen.values()].filter((t) => t.length === procs.length).map((t) => Math.max(...t) - Math.min(...t));
    return { perSecond: (after - before) / elapsed, spreadP50: percentile(spreads, 0.5), spreadMax: percentile(spreads, 1), clients: streams.filter((s) => s.events.length).length };
  } finally {
    for (const s of streams) s.close();
    for (const w of watchers) w.watcher.close();
  }
}

export async function run(): Promise<BenchFigure[]> {
  if (!(await clusterServicesUp()) || !hasPgbench()) {
    console.log('  (skipped: needs PostgreSQL, Redis and pgbench)');
    return [];
  }
  const cluster = await startCluster(3, { LOG_LEVEL: 'error', SSE_MAX_PER_IP: '100000' });
  try {
    const operator = await cluster.operator();
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const proc = cluster.procs[i % 3]!;
        const user = await registerInvestor(proc);
        // At most DUAL_APPROVAL_AMOUNT (100,000): one operator's approval credits it.
        await creditInvestor(proc, user, operator, 100_000);
        ok(await call(proc, 'order/acknowledgeRisk', {}, user.token));
        return user;
      }),
    );
    // Warm-up: every process compiles its paths.
    await Promise.all(cluster.procs.map((proc) => call(proc, 'order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 10, duration: 60 }, users[0]!.token)));
    const figures: BenchFigure[] = [];
    const tpcb = await pgbench(USERS, SECONDS);
    const tps = tpcb.tps;
    const base = tpcb.backendCpuMs + tpcb.clientCpuMs;
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(cluster.db);
    const pids = () => backendPids(PG_ADMIN_URL, rows[0]!.name);
    for (const n of [1, 2, 3]) {
      const { perSecond, appCpuMs, pgCpuMs } = await purchases(cluster.procs.slice(0, n), users, pids);
      const total = appCpuMs + pgCpuMs;
      console.log(
        `  CPU per purchase (PostgreSQL, ${n} process${n > 1 ? 'es' : ''}): ${msText(total)} ms (app ${msText(appCpuMs)}, PostgreSQL ${msText(pgCpuMs)}); ` +
          `pgbench TPC-B ${msText(base)} ms per transaction (PostgreSQL ${msText(tpcb.backendCpuMs)}, pgbench ${msText(tpcb.clientCpuMs)}); ratio ${(total / base).toFixed(1)}×`,
      );
      figures.push({ name: `contract purchases/s, ${n} process${n > 1 ? 'es' : ''} on PostgreSQL`, value: perSecond, unit: 'req/s', note: `${USERS} clients; ${((perSecond / tps) * 100).toFixed(0)} % of pgbench` });
      figures.push({ name: `CPU per purchase, ${n} process${n > 1 ? 'es' : ''} (app + PostgreSQL)`, value: total, unit: 'ms', note: `app ${msText(appCpuMs)}, PostgreSQL ${msText(pgCpuMs)}; ${(total / base).toFixed(1)}× pgbench's` });
    }
    figures.push({ name: 'pgbench TPC-B CPU per transaction (backends + client)', value: base, unit: 'ms' });
    figures.push({ name: `pgbench TPC-B, ${USERS} clients, same server`, value: tps, unit: 'tps' });
    figures.push({ name: 'machine load average (1 min) after the runs', value: os.loadavg()[0]!, unit: '', note: `${os.availableParallelism()} CPUs` });
    const stream = await sse(cluster.procs);
    figures.push({ name: `SSE quote events delivered, ${stream.clients} clients on 3 processes`, value: stream.perSecond, unit: 'events/s' });
    figures.push({ name: 'same batch on 3 processes: arrival spread p50', value: stream.spreadP50, unit: 'ms' });
    figures.push({ name: 'same batch on 3 processes: arrival spread max', value: stream.spreadMax, unit: 'ms' });
    return figures;
  } finally {
    await cluster.stop();
  }
}
