/**
 * `npm run user:create -- --role operator --email ops@example.com [--password …]`: creates a
 * user (roles: investor, operator, editor — product staff using the studio) in the configured database (production has no demo seed). Without `--password` a
 * random one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { openDb } from '../src/server/db/index.js';
import { createUser } from '../src/server/domain/users.js';
import { systemClock } from '../src/server/clock.js';
import { loadMessages } from '../src/server/i18n.js';
import { createStorage } from '../src/server/storage/index.js';
import type { Deps } from '../src/server/domain/deps.js';

const { values } = parseArgs({
  options: { role: { type: 'string', default: 'investor' }, email: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email || !['investor', 'operator', 'editor'].includes(values.role!)) {
  console.error('usage: npm run user:create -- --role investor|operator|editor --email <email> [--password <at least 8 chars>]');
  process.exit(2);
}
const password = values.password ?? randomBytes(12).toString('base64url');
if (password.length < 8) {
  console.error('password must have at least 8 characters');
  process.exit(2);
}
const config = loadConfig();
const db = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: `${config.dataDir}/nivesh.sqlite` });
const deps = { db, clock: systemClock, config, messages: loadMessages(config.localesDir), storage: createStorage(config) } as unknown as Deps;
try {
  await createUser(deps, { email: values.email, password, role: values.role as 'investor' | 'operator' | 'editor' });
  console.log(`created ${values.role} ${values.email}${values.password ? '' : ` with password ${password}`}`);
} catch (error) {
  console.error(`not created: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
