/**
 * Scale-out: `job_runs` records which process ran a background job for which time
 * slot. The primary key (job, slot) makes "run once per slot across every process" a plain
 * conditional insert (see `jobs/runner.ts`).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'varchar(64)', (c) => c.notNull())
    /** floor(epoch ms / the job's period): the slot this run covers. */
    .addColumn('slot', 'bigint', (c) => c.notNull())
    .addColumn('runner', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
