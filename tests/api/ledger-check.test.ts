/**
 * The ledger check (`domain/ledger/check.ts`, `npm run ledger:check`, the `ledger.check` job
 * and `/metrics`), on SQLite and `TEST_DB=pg`: clean after real money flows (deposits, an IPO
 * application, stock buys and sells); then each kind of violation,
 * written into the database behind the application's back, is found with its ids — by the
 * script (exit code 1, one line per violation), by the job (counts per kind on `/metrics`).
 * This file's server corrupts its books on purpose and so opts out of the after-file check.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../src/server/config.js';
import { ipoDb } from '../../src/server/db/ipo-tables.js';
import { checkLedger } from '../../src/server/domain/ledger/check.js';
import { newId } from '../../src/server/domain/ids.js';
import { expectOk } from '../support/envelope.js';
import { credit, investor, MONDAY_NOON, operatorToken } from '../support/money.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer({ IPO_REQUIRES_IDENTITY: '0', ACCOUNT_CURRENCY: 'INR', WITHDRAWAL_REQUIRES_IDENTITY: '0' }, {}, { ledgerCheck: false });
  server.clock.set(MONDAY_NOON);
  operator = await operatorToken(server);
});
afterAll(async () => {
  await server?.stop();
});

const iso = (ms: number) => new Date(ms).toISOString();

/** Runs `npm run ledger:check`'s script against this server's database. */
function runScript(): { status: number | null; out: string } {
  const env = { ...process.env, NIVESH_MODE: 'demo', DATA_DIR: server.config.dataDir, DATABASE_URL: server.config.databaseUrl ?? '', LOG_LEVEL: 'warn' };
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'scripts/ledger-check.ts')], { cwd: ROOT_DIR, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function metricsText(): Promise<string> {
  return (await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
}

let ipoApplication = '';
let ipoId = '';
let trader = '';

describe('ledger check', () => {
  it('is clean after real flows: deposits, an IPO application, stock buys and sells', async () => {
    const user = await investor(server);
    await credit(server, user.token, operator, 50_000);
    server.clock.set(MONDAY_NOON);
    const now = server.clock.now();
    const body = { symbol: `CHK${process.pid % 1000}`, name: 'Check Ltd.', price: 100, lotSize: 10, minLots: 1, maxLots: 5, totalShares: 100, opensAt: iso(now + 60_000), closesAt: iso(now + 3_600_000), allotmentAt: iso(now + 7_200_000), listingAt: iso(now + 10_800_000) };
    ipoId = expectOk(await server.call<{ id: string }>('admin/ipo/save', body, { token: operator })).id;
    server.clock.advance(120_000);
    ipoApplication = expectOk(await server.call<{ id: string }>('ipo/purchase', { id: ipoId, lots: 2 }, { token: user.token })).id;
    expectOk(await server.call('ipo/mandate/approve', { id: ipoApplication }, { token: user.token }));
    expectOk(await server.call('order/purchase', { kind: 'stock', symbol: 'TCS', quantity: 3 }, { token: user.token }));
    expectOk(await server.call('order/sell', { symbol: 'TCS', quantity: 1 }, { token: user.token }));
    trader = user.userId;
    expect(await checkLedger(server.deps.db)).toEqual([]);
    const script = runScript();
    expect(script.out).toContain('ledger check: clean');
    expect(script.status).toBe(0);
  }, 120_000);

  it('finds every kind of violation with its ids: the script exits 1, the job counts them on /metrics', async () => {
    const db = server.deps.db;
    // An open IPO hold on an issue marked cancelled behind the application's back.
    await ipoDb(db).updateTable('ipos').set({ cancelled_at: server.clock.now() }).where('id', '=', ipoId).execute();
    // A posting copied into an entry of its own, driving the account below zero.
    const posting = await db.selectFrom('postings').selectAll().where('user_id', '=', trader).orderBy('user_seq', 'desc').limit(1).executeTakeFirstOrThrow();
    const entryId = newId();
    await db.insertInto('journal_entries').values({ id: entryId, kind: 'corrupt', reference: entryId, created_at: server.clock.now() } as never).execute();
    await db.insertInto('postings').values({ ...posting, id: newId(), entry_id: entryId, amount_minor: -10_000_000, user_seq: Number(posting.user_seq) + 1000 } as never).execute();
    // A position that disagrees with its trades.
    await db.updateTable('positions').set({ quantity: 7 }).where('user_id', '=', trader).where('symbol', '=', 'TCS').execute();

    const found = await checkLedger(db);
    const kinds = new Set(found.map((v) => v.kind));
    expect([...kinds].sort()).toEqual(['balanceMismatch', 'holdOnEndedOffering', 'negativeBalance', 'positionMismatch', 'unbalancedEntry']);
    expect(found).toContainEqual(expect.objectContaining({ kind: 'unbalancedEntry', ids: { entry: entryId } }));
    expect(found).toContainEqual(expect.objectContaining({ kind: 'holdOnEndedOffering', ids: expect.objectContaining({ ipo: ipoId, application: ipoApplication }) }));
    expect(found).toContainEqual(expect.objectContaining({ kind: 'positionMismatch', ids: { user: trader, symbol: 'TCS' }, detail: 'position holds 7, fills say 2' }));

    const script = runScript();
    expect(script.status).toBe(1);
    expect(script.out).toContain(`unbalancedEntry entry=${entryId}`);
    expect(script.out).toContain(`application=${ipoApplication}`);
    expect(script.out).toContain(`positionMismatch user=${trader} symbol=TCS`);

    expect(await metricsText()).not.toContain('nivesh_ledger_violations{');
    expect(await server.jobs.runOnce('ledger.check', server.clock.now())).toBe(true);
    const metrics = await metricsText();
    expect(metrics).toContain('nivesh_ledger_violations{kind="unbalancedEntry"} 1');
    expect(metrics).toContain('nivesh_ledger_violations{kind="holdOnEndedOffering"} 1');
    expect(metrics).toContain('nivesh_ledger_violations{kind="positionMismatch"} 1');
    expect(metrics).toMatch(/nivesh_ledger_violations\{kind="negativeBalance"\} [1-9]/);
  }, 120_000);
});
