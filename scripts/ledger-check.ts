/**
 * `npm run ledger:check`: checks the configured database's books (`domain/ledger/check.ts`) —
 * every journal entry sums to zero, every cached balance equals its postings, no balance below
 * zero, no open hold on an ended offering, every position equal to its fills. Prints each
 * violation with its ids and exits 1 on any (0 when clean, 2 when the database cannot be read).
 * Safe while the application runs: it only reads.
 */
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDb } from '../src/server/db/index.js';
import { checkLedger, countByKind, formatViolation } from '../src/server/domain/ledger/check.js';

const config = loadConfig();
let code = 0;
const db = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: path.join(config.dataDir, 'nivesh.sqlite') });
try {
  const violations = await checkLedger(db);
  for (const v of violations) console.log(formatViolation(v));
  const counts = Object.entries(countByKind(violations)).map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(violations.length ? `ledger check: ${violations.length} violation(s) (${counts})` : `ledger check: clean (${counts})`);
  code = violations.length ? 1 : 0;
} catch (error) {
  console.error(`ledger check could not run: ${(error as Error).message}`);
  code = 2;
} finally {
  await db.destroy();
}
process.exit(code);
