/**
 * A second settler in its own process: opens the database named by
 * the environment (`DATABASE_URL`, else SQLite `DATA_DIR/nivesh.sqlite`), prints `READY`,
 * waits for a line on stdin, then runs `settleDue(db, SETTLE_NOW)` until nothing is due and
 * prints `REPORT <json>`.
 * Run: `node --import tsx tests/support/settler-worker.ts`.
 */
import path from 'node:path';
import { openDb } from '../../src/server/db/index.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';

const url = process.env.DATABASE_URL;
const db = await openDb(url ? { kind: 'postgres', url } : { kind: 'sqlite', file: path.join(process.env.DATA_DIR!, 'nivesh.sqlite') });
process.stdout.write('READY\n');
process.stdin.once('data', async () => {
  const report = await settleDue(db, Number(process.env.SETTLE_NOW), { batchSize: Number(process.env.SETTLER_BATCH ?? 200) });
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
  await db.destroy();
  process.exit(0);
});
