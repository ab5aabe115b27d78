#!/usr/bin/env node
/**
 * `npm test`: every check, in order — generated types fresh, layouts pass the catalogue,
 * typecheck, unit + API tests on SQLite, the API tests again on PostgreSQL (whenever it is
 * reachable; required when REQUIRE_PG=1), the scale-out tests with three processes on
 * PostgreSQL + Redis (whenever both answer; required when REQUIRE_CLUSTER=1), then the client
 * build, the e2e suite, the QA case files and the cases generated from the schemas in Chromium.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/**
 * Runs one step, failing the run when it fails or outlives `limitS` seconds. `timeout(1)` signals
 * the step's whole process group, so a stalled step (and the servers it started) ends with a
 * clear message instead of using up the CI's time. Prints each step's duration.
 */
function step(title, command, args, env = {}, limitS = 900) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync('timeout', ['--kill-after=30', String(limitS), command, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status === 124 || result.status === 137) {
    console.error(`✖ ${title} did not finish within ${limitS} s`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether Redis answers PING (RESP inline command over a plain socket). */
function redisReachable(url) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(3000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

step('generated types are up to date', bin('tsx'), ['scripts/gen-types.ts', '--check'], {}, 300);
step('screen layouts pass the catalogue', bin('tsx'), ['scripts/lint-schemas.ts'], {}, 300);
step('typecheck', bin('tsc'), ['--noEmit'], {}, 600);
step('unit and API tests (SQLite)', bin('vitest'), ['run', '--project', 'unit', '--project', 'api'], {}, 1200);

const pgUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (await postgresReachable(pgUrl)) {
  step('API tests (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], { TEST_DB: 'pg', PG_ADMIN_URL: pgUrl }, 1200);
} else if (process.env.REQUIRE_PG === '1') {
  console.error(`✖ PostgreSQL is required (REQUIRE_PG=1) but not reachable at ${pgUrl}`);
  process.exit(1);
} else {
  console.log(`\n⚠ PostgreSQL not reachable at ${pgUrl}: API tests ran on SQLite only.`);
}

// Three server processes on PostgreSQL + Redis (kill -9 of leader and follower).
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0');
if ((await postgresReachable(pgUrl)) && (await redisReachable(redisUrl))) {
  step('scale-out tests (3 processes, PostgreSQL + Redis)', bin('vitest'), ['run', '--project', 'cluster', '--reporter=verbose'], { PG_ADMIN_URL: pgUrl, REQUIRE_CLUSTER: '1' }, 600);
} else if (process.env.REQUIRE_CLUSTER === '1') {
  console.error(`✖ PostgreSQL and Redis are required (REQUIRE_CLUSTER=1): ${pgUrl}, ${redisUrl}`);
  process.exit(1);
} else {
  console.log('\n⚠ PostgreSQL or Redis not reachable: scale-out tests skipped.');
}

step('client build', bin('vite'), ['build', '--logLevel', 'warn'], {}, 600);
step('e2e in Chromium at 390×844', bin('playwright'), ['test', '--project=phone-chromium'], {}, 1800);
// The QA suite, each part on its own fresh server: the case files, then the cases
// generated from every screen's schema + layout and the route checks (messages, console, CSP,
// axe, screenshots against tests/cases/__screenshots__). One worker: the route screenshots show
// back-office lists, which must hold the same records on every run.
step('QA case files in Chromium at 390×844', bin('playwright'), ['test', '--project=cases', 'tests/cases/cases.spec.ts'], {}, 900);
step('QA cases generated from the schemas, and every route checked', bin('playwright'), ['test', '--project=cases', 'tests/cases/generated.spec.ts'], {}, 1800);
console.log('\n✔ all tests passed');
