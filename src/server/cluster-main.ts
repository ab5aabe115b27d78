/**
 * `npm run start:cluster` / `WORKERS=N npm start`: N server processes behind one
 * port with `node:cluster`. Shared mode only — PostgreSQL (`DATABASE_URL`) and Redis
 * (`REDIS_URL`) — since the processes must share the ledger, the feed leadership, rate limits
 * and caches; without them it refuses to start. The primary migrates, the first worker seeds
 * the demo logins, the others start once it listens. A worker that dies is replaced (another takes over the feed
 * if it led). SIGTERM/SIGINT stop every worker gracefully.
 */
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDb } from './db/index.js';

const config = loadConfig();
const workers = Math.max(1, Number(process.env.WORKERS) || os.availableParallelism());

if (!config.cluster.shared) {
  console.error('Several processes need DATABASE_URL=postgres://… and REDIS_URL=redis://… (see docs/deploy.md).');
  process.exit(2);
}

// Migrations once, here, before any worker opens the database (several would race on DDL).
await (await openDb({ kind: 'postgres', url: config.databaseUrl! })).destroy();

let stopping = false;
// Every worker's CLOCK_START (demo mode) reads the same instant at the same moment.
const clockAnchor = process.env.CLOCK_START_AT ?? String(Date.now());
cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts'), execArgv: ['--import', 'tsx'] });

/** Forks one worker; the first one seeds the demo logins. */
function fork(first: boolean) {
  return cluster.fork({ NIVESH_SEED: first ? '1' : '0', CLOCK_START_AT: clockAnchor });
}

const firstWorker = fork(true);
firstWorker.once('listening', () => {
  for (let i = 1; i < workers; i++) fork(false);
  console.log(`Nivesh cluster: ${workers} processes on port ${config.port}`);
});
cluster.on('exit', (worker, code, signal) => {
  if (stopping) return;
  console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting a new one`);
  fork(false);
});

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const done = () => (Object.keys(cluster.workers ?? {}).length ? setTimeout(done, 100) : process.exit(0));
    done();
  });
}
