/**
 * `npm run restore -- <snapshot folder>`: restores a snapshot written by `npm run backup` into
 * the installation the environment describes — a fresh DATA_DIR (empty or missing) and, with
 * DATABASE_URL, an existing PostgreSQL database without tables (`createdb` it first). Refuses
 * anything else. Run `npm start` afterwards (pending migrations apply on open).
 */
import { loadConfig } from '../src/server/config.js';
import { restoreBackup } from '../src/server/ops/backup.js';

const snapshot = process.argv[2];
if (!snapshot) {
  console.error('usage: npm run restore -- <snapshot folder>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = await restoreBackup(snapshot, config);
  console.log(`restored the ${manifest.database} snapshot of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL and ' : ''}${config.dataDir}`);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
