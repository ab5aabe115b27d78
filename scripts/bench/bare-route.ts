/**
 * The bare durable HTTP route the purchase is compared with: a Fastify server with one
 * `POST /api/order/purchase` route (no hooks, no plugins, Fastify's own JSON body parser) that
 * runs a three-statement transfer — debit one balance (conditional on covering it), credit
 * another, insert the transfer row — in one better-sqlite3 `BEGIN IMMEDIATE … COMMIT`
 * transaction per request on a WAL file with `synchronous = FULL` (fsynced before the answer),
 * and answers `{code: 200, message: 'ok', data: {id}}`. What any durable money route costs at
 * least on this machine: HTTP in and out, one JSON parse and serialisation, one fsync.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { newId } from '../../src/server/domain/ids.js';

/** The listening bare route: its URL and how to stop it. */
export interface BareRoute {
  url: string;
  close(): Promise<void>;
}

/** Starts the bare route on 127.0.0.1 (a free port) with its database `<dir>/bare-route.sqlite`. */
export async function startBareRoute(dir: string): Promise<BareRoute> {
  const db = new SQLite(path.join(dir, 'bare-route.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance_minor INTEGER NOT NULL CHECK (balance_minor >= 0));
    CREATE TABLE transfers (id TEXT PRIMARY KEY, from_id INTEGER NOT NULL, to_id INTEGER NOT NULL, amount_minor INTEGER NOT NULL, at INTEGER NOT NULL);
    INSERT INTO accounts (id, balance_minor) VALUES (1, 8000000000000), (2, 0);`);
  const debit = db.prepare('UPDATE accounts SET balance_minor = balance_minor - ? WHERE id = ? AND balance_minor >= ?');
  const credit = db.prepare('UPDATE accounts SET balance_minor = balance_minor + ? WHERE id = ?');
  const insert = db.prepare('INSERT INTO transfers (id, from_id, to_id, amount_minor, at) VALUES (?, ?, ?, ?, ?)');
  const transfer = db.transaction((amountMinor: number) => {
    if (debit.run(amountMinor, 1, amountMinor).changes !== 1) throw new Error('insufficient');
    credit.run(amountMinor, 2);
    const id = newId();
    insert.run(id, 1, 2, amountMinor, Date.now());
    return id;
  });
  const app = Fastify({ logger: false });
  app.post('/api/order/purchase', async (request) => {
    const body = request.body as { amount: number };
    return { code: 200, message: 'ok', data: { id: transfer.immediate(Math.round(body.amount * 100)) } };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/order/purchase`,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}
