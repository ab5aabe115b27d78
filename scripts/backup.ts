/**
 * `npm run backup [-- <folder>]`: writes a consistent snapshot of the running installation
 * (database, uploads and the other files of DATA_DIR) into a new `nivesh-<UTC instant>` folder
 * under `<folder>`, else `BACKUP_DIR`, else `./backups`; prints its path. Safe while the app
 * runs (`src/server/ops/backup.ts`). Exit code 1 on failure.
 */
import path from 'node:path';
import { loadConfig, ROOT_DIR } from '../src/server/config.js';
import { createBackup } from '../src/server/ops/backup.js';

const target = process.argv[2] ?? process.env.BACKUP_DIR ?? path.join(ROOT_DIR, 'backups');
try {
  console.log(await createBackup(loadConfig(), target));
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
