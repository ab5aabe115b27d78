#!/usr/bin/env node
/**
 * `npm test`: every check, in order — generated types fresh, layouts pass the catalogue,
 * typecheck, unit + API tests on SQLite, the API tests again on PostgreSQL (whenever it is
 * reachable; required when REQUIRE_PG=1), then the client build and the e2e suite in Chromium.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
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

step('generated types are up to date', bin('tsx'), ['scripts/gen-types.ts', '--check']);
step('screen layouts pass the catalogue', bin('tsx'), ['scripts/lint-schemas.ts']);
step('typecheck', bin('tsc'), ['--noEmit']);
step('unit and API tests (SQLite)', bin('vitest'), ['run']);

const pgUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (await postgresReachable(pgUrl)) {
  step('API tests (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], { TEST_DB: 'pg', PG_ADMIN_URL: pgUrl });
} else if (process.env.REQUIRE_PG === '1') {
  console.error(`✖ PostgreSQL is required (REQUIRE_PG=1) but not reachable at ${pgUrl}`);
  process.exit(1);
} else {
  console.log(`\n⚠ PostgreSQL not reachable at ${pgUrl}: API tests ran on SQLite only.`);
}

step('client build', bin('vite'), ['build', '--logLevel', 'warn']);
step('e2e in Chromium at 390×844', bin('playwright'), ['test']);
console.log('\n✔ all tests passed');
