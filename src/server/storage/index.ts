import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import { s3Storage } from './s3.js';
import type { FileStorage } from './types.js';

export type { FileStorage } from './types.js';

/** The storage the configuration selects (`STORAGE_DRIVER`: `local` default, or `s3`). */
export function createStorage(config: Config): FileStorage {
  if (config.storage.driver === 's3') {
    if (!config.storage.s3) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_REGION)');
    return s3Storage(config.storage.s3);
  }
  return localStorage(path.join(config.dataDir, 'uploads'));
}
