/** Row type of `job_runs` (migration 0012_scaleout). */
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.js';

export interface JobRunsTable {
  job: string;
  /** floor(epoch ms / period). */
  slot: number;
  runner: string;
  /** Epoch ms. */
  started_at: number;
}

/** The database seen with the `job_runs` table. */
export const jobRunsDb = (db: Db) => db as unknown as Kysely<{ job_runs: JobRunsTable }>;
