#!/usr/bin/env node
/**
 * `npm test`: every check. The independent steps run side by side — the static checks
 * (generated types fresh, layouts and case files pass their lint, typecheck) followed by the
 * generated form cases in jsdom; the client build followed by the Chromium steps (the e2e suite,
 * beside the QA case files and then the generated suite: every route checked, one generated form
 * case per widget kind), each Playwright run with its own servers (one per worker); the unit and
 * API tests on SQLite; and the API tests on PostgreSQL (whenever it is reachable; required when
 * REQUIRE_PG=1) beside the scale-out tests with three processes on PostgreSQL + Redis
 * (whenever both answer; required when REQUIRE_CLUSTER=1). Every one of these spends much of its
 * wall time waiting (on pages, timers, child processes and databases), so running them together
 * keeps both cores busy where one after another would leave them idle.
 *
 * A step that runs beside others has its output kept and printed whole when it ends, with its
 * duration; the first step that fails stops the others (their process groups are ended) and its
 * output is printed last, so the reason is at the bottom of the log. `TEST_JOBS=1` runs the
 * steps one at a time (for a machine with one core). `--only <step>[,<step>…]` runs only those
 * steps (names: `--help`), e.g. to time one of them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresReachable, redisReachable } from './services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Step names for `--only`, in the order they start. */
const STEPS = {
  gen: 'generated types are up to date',
  lint: 'screen layouts and case files pass their lint',
  typecheck: 'typecheck',
  forms: 'generated QA form cases in jsdom',
  build: 'client build',
  sqlite: 'unit and API tests on SQLite',
  pg: 'API tests on PostgreSQL',
  cluster: 'scale-out tests',
  e2e: 'e2e in Chromium',
  cases: 'QA case files in Chromium',
  generated: 'route checks and the generated form smoke set in Chromium',
};
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(`npm test [-- --only <step>[,<step>…]]\n\nSteps:\n${Object.entries(STEPS).map(([key, what]) => `  ${key.padEnd(10)} ${what}`).join('\n')}\n\nThe Chromium steps (e2e, cases, generated) need a built client (dist/client): add build, or run npm run build first.\nTEST_JOBS=1 runs the steps one at a time; REQUIRE_PG=1 and REQUIRE_CLUSTER=1 make PostgreSQL and Redis mandatory.`);
  process.exit(0);
}
const onlyAt = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
/** The steps `--only` keeps, or null for all. */
const only = onlyAt < 0 ? null : new Set((argv[onlyAt].includes('=') ? argv[onlyAt].split('=')[1] : argv[onlyAt + 1] ?? '').split(',').filter(Boolean));
const unknown = only ? [...only].filter((key) => !(key in STEPS)) : [];
if (only && (only.size === 0 || unknown.length)) {
  console.error(`✖ --only takes step names (${Object.keys(STEPS).join(', ')})${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`);
  process.exit(2);
}
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const started = Date.now();
const elapsed = (from) => `${Math.round((Date.now() - from) / 1000)} s`;

/**
 * GNU time, when the machine has it, measures each step's CPU (user + system seconds of the
 * step and every process it waited for: workers, servers, browsers), so a log shows where the
 * machine's cores went, not only how long each step stood in line for them. Chromium's renderer
 * processes that outlive a closed browser are reaped by init, so their CPU is not counted.
 */
const GNU_TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** CPU seconds GNU time wrote to `file` (its last line: user and system seconds), or null. */
function cpuSeconds(file) {
  try {
    const last = fs.readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
    fs.rmSync(file, { force: true });
    const [user, system] = last.split(' ').map(Number);
    return Number.isFinite(user) && Number.isFinite(system) ? Math.round(user + system) : null;
  } catch {
    return null;
  }
}

/** Busy and total CPU ticks of the whole machine (`/proc/stat`), or null off Linux. */
function machineTicks() {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3] + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
const ticksAtStart = machineTicks();

/**
 * CPU seconds of the local PostgreSQL server so far: its postmaster's own and its ended
 * backends' (which the postmaster reaps), or null when no local postmaster is visible. The API
 * suite's PostgreSQL work is done by those backends, outside every step's process tree.
 */
function postgresCpuSeconds() {
  try {
    // `/proc/<pid>/stat` counts in USER_HZ, 100 per second on Linux.
    const hz = 100;
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let parent = '';
      try {
        parent = fs.readFileSync(`/proc/${fields[1]}/stat`, 'utf8');
      } catch {
        // the parent is gone: this process is no backend of a running postmaster
      }
      if (parent.includes('(postgres)')) continue;
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
      return (utime + stime + cutime + cstime) / hz;
    }
  } catch {
    // not Linux, or /proc unreadable
  }
  return null;
}
const postgresCpuAtStart = postgresCpuSeconds();

/** Child process groups still running, ended when a step fails. */
const running = new Set();
let failed = false;

/** Ends every running step's process group (the step and the servers it started). */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

/**
 * Runs one step in its own process group under `timeout(1)` (a stalled step and the servers it
 * started end with a clear message instead of using up the CI's time). Resolves with its
 * duration; on failure prints the step's output, stops every other step and exits.
 * @param options.key the step's name in `STEPS` (`--only` skips the others).
 * @param options.live print the output as it comes (a step that runs alone) instead of keeping it.
 */
function step(title, command, args, { key, env = {}, limitS = 900, live = false } = {}) {
  if (only && !only.has(key)) return Promise.resolve(undefined);
  if (failed) return new Promise(() => undefined);
  const from = Date.now();
  console.log(`▶ ${title}${live ? '' : ' (output shown when it ends)'}`);
  return new Promise((resolve) => {
    const timeFile = GNU_TIME ? path.join(os.tmpdir(), `npm-test-cpu-${process.pid}-${key}`) : null;
    const timed = ['timeout', '--kill-after=30', String(limitS), command, ...args];
    const [program, ...programArgs] = timeFile ? [GNU_TIME, '-q', '-f', '%U %S', '-o', timeFile, ...timed] : timed;
    const child = spawn(program, programArgs, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      detached: true,
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (failed) return;
      const cpu = timeFile ? cpuSeconds(timeFile) : null;
      const took = cpu === null ? elapsed(from) : `${elapsed(from)}, CPU ${cpu} s`;
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      if (code === 0) {
        if (text) console.log(`\n── ${title} ──\n${text}`);
        console.log(`✔ ${title} (${took})`);
        resolve(took);
        return;
      }
      failed = true;
      stopAll();
      const reason = code === 124 || code === 137 ? `did not finish within ${limitS} s` : `failed (${signal ?? `exit ${code}`}, ${took})`;
      console.error(`\n── ${title} ──\n${text}\n✖ ${title} ${reason}`);
      console.error(`✖ npm test stopped after ${elapsed(started)}`);
      process.exit(typeof code === 'number' && code !== 0 ? code : 1);
    });
  });
}

/** Runs step factories one after another. */
const chain = async (...factories) => {
  for (const factory of factories) await factory();
};

/** Runs step factories side by side (or one after another with TEST_JOBS=1). */
const together = (...factories) => (process.env.TEST_JOBS === '1' ? chain(...factories) : Promise.all(factories.map((f) => f())));

const pgUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const hasPg = await postgresReachable(pgUrl);
const hasRedis = hasPg && (await redisReachable(redisUrl));
if (!hasPg && process.env.REQUIRE_PG === '1') {
  console.error(`✖ PostgreSQL is required (REQUIRE_PG=1) but not reachable at ${pgUrl}`);
  process.exit(1);
}
if (!hasRedis && process.env.REQUIRE_CLUSTER === '1') {
  console.error(`✖ PostgreSQL and Redis are required (REQUIRE_CLUSTER=1): ${pgUrl}, ${redisUrl}`);
  process.exit(1);
}
if (!hasPg) console.log(`⚠ PostgreSQL not reachable at ${pgUrl}: API tests run on SQLite only.`);
else if (!hasRedis) console.log(`⚠ Redis not reachable at ${redisUrl}: scale-out tests skipped.`);
console.log(`npm test on ${os.availableParallelism()} cores\n`);

/** The vitest command and arguments for some projects. */
const vitest = (projects) => [bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p])]];

/**
 * The Chromium steps record no trace: a trace films each test while it runs (in the browser and
 * GPU processes), a large share of these steps' CPU for a file only a failure would keep. A
 * failing spec run again with `npm run test:e2e` / `npm run test:cases` keeps its trace.
 */
const NO_TRACE = ['--trace=off'];

await together(
  () =>
    chain(
      () => step('generated types are up to date', bin('tsx'), ['scripts/gen-types.ts', '--check'], { key: 'gen', limitS: 300 }),
      () => step('screen layouts and case files pass their lint', bin('tsx'), ['scripts/lint-schemas.ts'], { key: 'lint', limitS: 300 }),
      // TypeScript's native compiler (the `typescript-native` alias of TypeScript 7) checks the
      // same tsconfig with several threads at a fraction of the JavaScript compiler's CPU; the
      // tools that use TypeScript's JavaScript API (tsx, the type generators) keep `typescript`.
      () => step('typecheck', path.join(root, 'node_modules/typescript-native/bin/tsc'), ['--noEmit'], { key: 'typecheck', limitS: 600 }),
      () => {
        const [command, args] = vitest(['forms']);
        return step('QA form cases generated from the schemas, in jsdom', command, args, { key: 'forms', limitS: 600 });
      },
    ),
  () =>
    chain(
      () => step('client build', bin('vite'), ['build', '--logLevel', 'warn'], { key: 'build', limitS: 600 }),
      // The Chromium steps start as soon as the client is built, beside the API suites: both
      // spend most of their wall time waiting (on pages, timers and databases), not computing.
      () =>
        together(
          () => step('e2e in Chromium at 390×844', bin('playwright'), ['test', '--project=phone-chromium', ...NO_TRACE], { key: 'e2e', limitS: 1200 }),
          // The case files and the generated suite run on servers of their own, so the
          // generated route screenshots never show the case files' accounts in back-office lists.
          () =>
            chain(
              () => step('QA case files in Chromium at 390×844', bin('playwright'), ['test', '--project=cases', ...NO_TRACE, 'tests/cases/cases.spec.ts'], { key: 'cases', limitS: 900 }),
              () => step('every route checked, and one generated form case per widget kind, in Chromium', bin('playwright'), ['test', '--project=cases', ...NO_TRACE, 'tests/cases/generated.spec.ts'], { key: 'generated', limitS: 1500 }),
            ),
        ),
    ),
  () => {
    const [command, args] = vitest(['unit', 'api']);
    return step('unit and API tests (SQLite)', command, args, { key: 'sqlite', limitS: 1200 });
  },
  () => {
    if (!hasPg) return undefined;
    const [command, args] = vitest(['api']);
    return step('API tests (PostgreSQL)', command, args, { key: 'pg', env: { TEST_DB: 'pg', PG_ADMIN_URL: pgUrl }, limitS: 1200 });
  },
  // The scale-out tests use databases and Redis keys of their own: they run beside the
  // PostgreSQL suite rather than after it.
  () =>
    hasRedis
      ? step('scale-out tests (3 processes, PostgreSQL + Redis)', bin('vitest'), ['run', '--project', 'cluster', '--reporter=verbose'], { key: 'cluster', env: { PG_ADMIN_URL: pgUrl, REQUIRE_CLUSTER: '1' }, limitS: 600 })
      : undefined,
);

const ticksAtEnd = machineTicks();
const busyShare = ticksAtStart && ticksAtEnd ? Math.round((100 * (ticksAtEnd.busy - ticksAtStart.busy)) / (ticksAtEnd.total - ticksAtStart.total)) : null;
const postgresCpuAtEnd = postgresCpuSeconds();
if (postgresCpuAtStart !== null && postgresCpuAtEnd !== null) console.log(`PostgreSQL server CPU during the run: ${Math.round(postgresCpuAtEnd - postgresCpuAtStart)} s`);
console.log(`\n✔ ${only ? `steps ${[...only].join(', ')} passed` : 'all tests passed'} (${elapsed(started)}${busyShare === null ? '' : `; the machine's cores ${busyShare} % busy`})`);
