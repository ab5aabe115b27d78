/**
 * The IPO job as a {@link JobSpec} for the JobRunner: a start-up pass (what fell due
 * while the server was down), then — only with a running clock — every `IPO_JOB_INTERVAL_MS`.
 * Every server may run it (`shared`): allotment and listing are exactly once by conditional
 * updates. Tests call `runIpoJob(deps, now)` (or `server.ipo.run(now)`).
 */
import type { JobSpec } from '../../jobs/runner.js';
import type { Deps } from '../deps.js';
import { runIpoJob } from './allot.js';
import type { Market } from '../../market/index.js';

/** The IPO allotment and listing job (listed issues join the feed through `market`). */
export function ipoJob(deps: Deps, log?: { error(obj: unknown, msg?: string): void }, market?: Market): JobSpec {
  return { name: 'ipo.run', everyMs: deps.config.ipo.jobIntervalMs, mode: 'shared', run: (now) => runIpoJob(deps, now, log, market), atStart: true };
}
