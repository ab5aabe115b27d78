/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL (PostgreSQL) or the
 * SQLite file under DATA_DIR, then exits. Several API processes run it once before they start
 * (deploy/compose.yaml's `migrate` service; `npm run start:cluster` does it in the primary),
 * so no two processes race on DDL.
 */
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDb } from '../src/server/db/index.js';

const config = loadConfig();
const db = await openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: path.join(config.dataDir, 'nivesh.sqlite') });
await db.destroy();
console.log(`migrated ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
