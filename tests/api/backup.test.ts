/**
 * Backups (`src/server/ops/backup.ts`, `npm run backup` / `npm run restore`): a snapshot taken
 * while money requests are in flight restores into a fresh data folder (and with TEST_DB=pg a
 * fresh PostgreSQL database) as a clean ledger whose every balance is one the live ledger
 * passed through at that snapshot; a snapshot of a quiet server restores to the same balances,
 * seen through `purse/getAssets` on a server started on the restored installation, with the
 * uploads and the identity key. Restore refuses a target that is not fresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDb, type Db } from '../../src/server/db/index.js';
import { BackupError, createBackup, restoreBackup } from '../../src/server/ops/backup.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { credit, investor, useMoneyServer, type Investor } from '../support/money.js';
import { createPgDatabase, testDb } from '../support/server.js';

const ctx = useMoneyServer({ resetClock: false });
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tempDir = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A fresh installation to restore into: an empty data folder and (PostgreSQL) an empty database. */
async function freshTarget(): Promise<Config> {
  const dataDir = path.join(tempDir('nivesh-restore-'), 'data');
  let databaseUrl = '';
  if (testDb() === 'pg') {
    const database = await createPgDatabase({ empty: true });
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  return loadConfig({ NIVESH_MODE: 'demo', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WITHDRAWAL_REQUIRES_IDENTITY: '0', SESSION_IDLE_MS: String(365 * 86_400_000), CLIENT_DIR: path.join(dataDir, 'no-client') });
}

async function openRestored(config: Config): Promise<Db> {
  const db = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: path.join(config.dataDir, 'nivesh.sqlite') });
  cleanups.push(() => db.destroy());
  return db;
}

const balancesOf = async (db: Db) =>
  new Map(
    (await db.selectFrom('wallet_balances').select(['user_id', 'available_minor', 'held_minor', 'seq']).execute()).map((r) => [
      r.user_id,
      { available: Number(r.available_minor), held: Number(r.held_minor), seq: Number(r.seq) },
    ]),
  );

/** Money requests for `user` until `state.stopped`: a withdrawal hold and its rejection, then a small credit. */
function moneyLoop(user: Investor, state: { stopped: boolean; completed: number }): Promise<void> {
  return (async () => {
    while (!state.stopped) {
      const held = await ctx.server.call<{ id: string }>('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token });
      state.completed++;
      if (held.body.code === 200) {
        await ctx.server.call('admin/withdrawal/reject', { id: held.body.data.id, reason: 'Backup test' }, { token: ctx.operator });
        state.completed++;
      }
      await credit(ctx.server, user.token, ctx.operator, 5);
      state.completed += 2;
    }
  })();
}

describe('npm run backup / npm run restore', () => {
  it('a snapshot taken with money requests in flight restores to a clean ledger at one instant', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => investor(ctx.server)));
    for (const user of users) await credit(ctx.server, user.token, ctx.operator, 1000);
    const state = { stopped: false, completed: 0 };
    const loops = users.map((user) => moneyLoop(user, state));
    let snapshot: string;
    let duringBackup: number;
    try {
      // Wait until the load runs, then back up while it keeps running.
      while (state.completed < 20) await new Promise((resolve) => setImmediate(resolve));
      const before = state.completed;
      snapshot = await createBackup(ctx.server.config, tempDir('nivesh-backups-'), ctx.server.clock.now());
      duringBackup = state.completed - before;
      // Requests keep completing after the snapshot, so the live ledger moves past it.
      const after = state.completed;
      while (state.completed < after + 20) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      state.stopped = true;
      await Promise.all(loops);
    }
    expect(fs.readdirSync(path.dirname(snapshot)).some((name) => name.endsWith('.partial'))).toBe(false);
    if (testDb() === 'pg') expect(duringBackup).toBeGreaterThan(0); // pg_dump runs beside the server

    const target = await freshTarget();
    await restoreBackup(snapshot, target);
    const restored = await openRestored(target);
    await assertLedgerInvariants(restored);
    // Every restored balance is the one the live ledger had right after the user's posting of
    // the same sequence number: the snapshot is one instant of the ledger, not a mix.
    const live = ctx.server.deps.db;
    const restoredBalances = await balancesOf(restored);
    expect(restoredBalances.size).toBeGreaterThanOrEqual(users.length);
    for (const [userId, balance] of restoredBalances) {
      if (balance.seq === 0) continue;
      const posting = await live
        .selectFrom('postings')
        .select(['available_after_minor', 'held_after_minor'])
        .where('user_id', '=', userId)
        .where('user_seq', '=', balance.seq)
        .executeTakeFirstOrThrow();
      expect({ userId, available: Number(posting.available_after_minor), held: Number(posting.held_after_minor) }).toEqual({ userId, available: balance.available, held: balance.held });
    }
    const liveBalances = await balancesOf(live);
    expect(users.some((u) => liveBalances.get(u.userId)!.seq > restoredBalances.get(u.userId)!.seq)).toBe(true);
  });

  it('a snapshot of a quiet server restores to the same balances, uploads and identity key; a second restore is refused', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 421.45);
    const held = await ctx.server.call('withdrawal', { amount: 121.45, bankId: user.bankId }, { token: user.token });
    expect(held.body.code).toBe(200);
    const snapshot = await createBackup(ctx.server.config, tempDir('nivesh-backups-'), ctx.server.clock.now());
    const target = await freshTarget();
    await restoreBackup(snapshot, target);

    expect(await balancesOf(await openRestored(target))).toEqual(await balancesOf(ctx.server.deps.db));
    const uploads = (dir: string) => fs.readdirSync(path.join(dir, 'uploads'), { recursive: true }).map(String).sort();
    expect(uploads(target.dataDir)).toEqual(uploads(ctx.server.config.dataDir));
    expect(uploads(target.dataDir).length).toBeGreaterThan(0);
    const keyFile = (dir: string) => path.join(dir, 'identity.key');
    if (fs.existsSync(keyFile(ctx.server.config.dataDir))) expect(fs.readFileSync(keyFile(target.dataDir))).toEqual(fs.readFileSync(keyFile(ctx.server.config.dataDir)));

    // A server on the restored installation answers the investor's session with the same money.
    const server = await buildServer(target, { clock: ctx.server.clock, logger: false });
    cleanups.push(() => server.close());
    const ask = async (app: typeof server.app) => {
      const response = await app.inject({ method: 'POST', url: '/api/purse/getAssets?lang=en', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, payload: '{}' });
      return response.json() as { code: number; data: { available: number; held: number } };
    };
    const restoredAssets = await ask(server.app);
    expect(restoredAssets.code).toBe(200);
    expect(restoredAssets.data).toMatchObject({ available: 300, held: 121.45 });
    expect(restoredAssets.data).toEqual((await ask(ctx.server.app)).data);

    await expect(restoreBackup(snapshot, target)).rejects.toBeInstanceOf(BackupError);
  });
});
