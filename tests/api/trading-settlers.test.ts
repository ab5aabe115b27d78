/**
 * Exactly-once settlement, on SQLite and `TEST_DB=pg`:
 * - two settlers at once — this process and a separate process on the same database — on
 *   10 000 due contracts: each settled by exactly one journal entry (its investor's net
 *   settlement of a batch), none twice, none missed;
 * - the invariants catch a settled contract that names no entry and an entry no contract names;
 * - crash: a separate server process with a running clock takes purchases, is killed with
 *   SIGKILL while contracts are open or coming due, more expire while it is down, a new
 *   process starts and settles every contract once, each at the last price recorded at or
 *   before its expiry (the ones that expired while it was down at a price recorded before the
 *   crash).
 * Ledger invariants after every test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../src/server/config.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { workerEnv } from '../support/api-worker.js';
import { credit, useMoneyServer } from '../support/money.js';
import { seedDueContracts, settlementEntryOf, trader } from '../support/trading.js';

const money = useMoneyServer({ resetClock: false, checkTimeoutMs: 120_000 });

function baseEnv(): NodeJS.ProcessEnv {
  return workerEnv(money.server, { WITHDRAWAL_REQUIRES_IDENTITY: '0' });
}

/** Spawns a tsx script; resolves once its stdout matches `ready`. */
function spawnScript(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, script)], { cwd: ROOT_DIR, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    // tsx compiles the server in the child first: on a busy machine that takes a while.
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${output}`));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many settlement entries exist, and how many contracts name one (one per investor per batch). */
async function settleEntries(): Promise<{ entries: number; named: number; namedEntries: number }> {
  const db = money.server.deps.db;
  const entries = await db.selectFrom('journal_entries').select('id').where('kind', '=', 'contract_settled').execute();
  const named = await db.selectFrom('contracts').select('settle_entry_id').where('settle_entry_id', 'is not', null).execute();
  return { entries: entries.length, named: named.length, namedEntries: new Set(named.map((c) => c.settle_entry_id)).size };
}

describe('two settlers at once', () => {
  it('settle 10 000 due contracts, each exactly once', async () => {
    const users: string[] = [];
    for (let i = 0; i < 10; i++) {
      const user = await trader(money.server, money.operator, 0);
      await credit(money.server, user.token, money.operator, 10_000);
      users.push(user.userId);
    }
    const now = money.server.clock.now();
    const ids = await seedDueContracts(money.server.deps.db, users, 1000, { symbol: 'TCS', buyPriceMinor: 300_000, amountMinor: 1000, boughtAt: now - 120_000, durationS: 60, rateBp: 8500 });
    expect(ids).toHaveLength(10_000);
    const before = await settleEntries();

    const other = await spawnScript('tests/support/settler-worker.ts', { ...baseEnv(), SETTLE_NOW: String(now), SETTLER_BATCH: '200' }, /READY/);
    const theirs = new Promise<{ settled: number }>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /REPORT (.*)\n/.exec(other.output());
        if (match) {
          clearInterval(timer);
          resolve(JSON.parse(match[1]!) as { settled: number });
        }
      }, 20);
      other.child.on('exit', (code) => code !== 0 && reject(new Error(`settler exited ${code}: ${other.output()}`)));
    });
    other.child.stdin!.write('go\n');
    const ours = await settleDue(money.server.deps.db, now, { batchSize: 200 });
    const report = await theirs;
    console.log(`two settlers: this process settled ${ours.settled}, the other ${report.settled}`);
    expect(ours.settled + report.settled).toBe(10_000);
    expect(ours.won + ours.lost + ours.void).toBe(ours.settled);

    // Every contract names the entry that settled it, and every new entry is named by a contract
    // (no entry booked twice for the same contracts): the two settlers' batches, netted per investor.
    const after = await settleEntries();
    expect(after.named - before.named).toBe(10_000);
    expect(after.entries - before.entries).toBe(after.namedEntries - before.namedEntries);
    // At least one entry per batch of 200 (≥ 50), far fewer than one per contract.
    expect(after.entries - before.entries).toBeGreaterThanOrEqual(10_000 / 200);
    expect(after.entries - before.entries).toBeLessThan(1_000);
    const open = await money.server.deps.db.selectFrom('contracts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(0);
    const outcomes = await money.server.deps.db.selectFrom('contracts').select(['status', (eb) => eb.fn.countAll<number | string>().as('n')]).where('id', 'in', ids.slice(0, 1000)).groupBy('status').execute();
    // Up contracts win (settle 3000.05 > 3000.00), down contracts lose.
    expect(Object.fromEntries(outcomes.map((o) => [o.status, Number(o.n)]))).toEqual({ won: 500, lost: 500 });
    // A third pass finds nothing.
    expect((await settleDue(money.server.deps.db, now)).settled).toBe(0);
  }, 180_000);
});

describe('the settlement invariants', () => {
  it('catch a settled contract without its entry and a settlement entry without a contract', async () => {
    const user = await trader(money.server, money.operator, 0);
    await credit(money.server, user.token, money.operator, 1_000);
    const now = money.server.clock.now();
    const [first] = await seedDueContracts(money.server.deps.db, [user.userId], 3, { symbol: 'TCS', buyPriceMinor: 300_000, amountMinor: 1000, boughtAt: now - 120_000, durationS: 60, rateBp: 8500 });
    expect((await settleDue(money.server.deps.db, now)).settled).toBe(3);
    await assertLedgerInvariants(money.server.deps.db);
    const entry = (await settlementEntryOf(money.server.deps.db, first!))!;
    // A net entry: the three contracts name one entry, referenced `net:<its id>`.
    expect(await money.server.deps.db.selectFrom('journal_entries').select('reference').where('id', '=', entry).executeTakeFirstOrThrow()).toEqual({ reference: `net:${entry}` });

    await money.server.deps.db.updateTable('contracts').set({ settle_entry_id: null }).where('settle_entry_id', '=', entry).execute();
    await expect(assertLedgerInvariants(money.server.deps.db)).rejects.toThrow(new RegExp(`names no settlement entry[\\s\\S]*settlement entry ${entry}: no contract names it`));
    await money.server.deps.db.updateTable('contracts').set({ settle_entry_id: entry }).where('user_id', '=', user.userId).execute();
    await assertLedgerInvariants(money.server.deps.db);
  });
});

describe('crash and restart', () => {
  it('every contract is settled once, at the price recorded at its expiry', async () => {
    const users = [await trader(money.server, money.operator, 5_000), await trader(money.server, money.operator, 5_000)];
    const env = {
      ...baseEnv(),
      UPDOWN_DURATIONS: '2:0.85,3:0.9,5:0.95',
      SETTLER_INTERVAL_MS: '200',
      SETTLER_LAG_MS: '1100',
      WORKER_CLOCK_START: String(money.server.clock.now()),
      WORKER_WALL_ANCHOR: String(Date.now()),
    };
    const first = await spawnScript('tests/support/trading-worker.ts', env, /LISTENING (\d+)/);
    const url = `http://127.0.0.1:${first.match[1]}`;
    const ids: string[] = [];
    const durations = [2, 3, 5];
    for (let i = 0; i < 30; i++) {
      const user = users[i % 2]!;
      const response = await fetch(`${url}/api/order/purchase?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ kind: 'updown', symbol: i % 3 ? 'RELIANCE' : 'TCS', direction: (i % 4) + 1, amount: 10 + i, duration: durations[i % 3] }),
      });
      const body = (await response.json()) as { code: number; data: { id: string } };
      expect(body.code).toBe(200);
      ids.push(body.data.id);
      await sleep(60);
    }
    await sleep(1500);
    const killedAt = Number(env.WORKER_CLOCK_START) + (Date.now() - Number(env.WORKER_WALL_ANCHOR));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const t = money.server.deps.db;
    const openAtCrash = await t.selectFrom('contracts').select('id').where('id', 'in', ids).where('status', '=', 'open').execute();
    expect(openAtCrash.length).toBeGreaterThan(0);

    await sleep(5_000); // the rest expire while no money.server runs
    const restartedAt = Number(env.WORKER_CLOCK_START) + (Date.now() - Number(env.WORKER_WALL_ANCHOR));
    const second = await spawnScript('tests/support/trading-worker.ts', env, /LISTENING (\d+)/);
    try {
      // Until the restarted settler has settled them all (bounded, for a busy machine).
      for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
        const open = await t.selectFrom('contracts').select('id').where('id', 'in', ids).where('status', '=', 'open').execute();
        if (!open.length) break;
        await sleep(200);
      }
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }

    const contracts = await t.selectFrom('contracts').selectAll().where('id', 'in', ids).execute();
    expect(contracts.every((c) => c.status !== 'open')).toBe(true);
    let expiredWhileDown = 0;
    for (const c of contracts) {
      expect(await settlementEntryOf(money.server.deps.db, c.id)).toBe(c.settle_entry_id);
      // The settle price is the last tick recorded at or before the expiry (after the buy), or void.
      const tick = await t.selectFrom('price_ticks').select(['at', 'price_minor']).where('symbol', '=', c.symbol).where('at', '<=', c.expires_at).orderBy('at', 'desc').limit(1).executeTakeFirst();
      const usable = tick && Number(tick.at) > Number(c.bought_at) ? tick : null;
      expect({ id: c.id, price: c.settle_price_minor === null ? null : Number(c.settle_price_minor), at: c.settle_tick_at === null ? null : Number(c.settle_tick_at) }).toEqual({
        id: c.id,
        price: usable ? Number(usable.price_minor) : null,
        at: usable ? Number(usable.at) : null,
      });
      if (Number(c.expires_at) > killedAt && Number(c.expires_at) < restartedAt) {
        expiredWhileDown++;
        if (c.settle_tick_at !== null) expect(Number(c.settle_tick_at)).toBeLessThanOrEqual(killedAt);
      }
    }
    expect(expiredWhileDown).toBeGreaterThan(0);
  }, 360_000);
});
