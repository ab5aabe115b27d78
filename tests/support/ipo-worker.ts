/**
 * A second IPO job in its own process: opens the
 * database named by the environment (`DATABASE_URL`, else SQLite `DATA_DIR/nivesh.sqlite`),
 * prints `READY`, waits for a line on stdin, runs `runIpoJob(db, IPO_NOW)` and prints
 * `REPORT <json>`. Run: `node --import tsx tests/support/ipo-worker.ts`.
 */
import path from 'node:path';
import { openDb } from '../../src/server/db/index.js';
import { runIpoJob } from '../../src/server/domain/ipo/allot.js';

const url = process.env.DATABASE_URL;
const db = await openDb(url ? { kind: 'postgres', url } : { kind: 'sqlite', file: path.join(process.env.DATA_DIR!, 'nivesh.sqlite') });
process.stdout.write('READY\n');
process.stdin.once('data', async () => {
  const report = await runIpoJob({ db }, Number(process.env.IPO_NOW), { error: (obj) => process.stderr.write(`${JSON.stringify(obj)}\n`) });
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
  await db.destroy();
  process.exit(0);
});
