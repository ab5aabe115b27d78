/**
 * The `ledger.check` job: once per `LEDGER_CHECK_INTERVAL_MS` across all processes (a `slot`
 * job) the ledger check (`check.ts`) runs; each violation is logged with its ids, and the
 * counts per kind are kept for `/metrics` (`nivesh_ledger_violations{kind}`).
 */
import type { JobSpec } from '../../jobs/runner.js';
import type { Db } from '../../db/index.js';
import { checkLedger, countByKind, formatViolation, type LedgerViolationKind } from './check.js';

/** The last check this process ran: counts per kind and when (epoch ms); null before the first. */
export interface LedgerCheckStatus {
  last: { at: number; counts: Record<LedgerViolationKind, number> } | null;
}

/**
 * The job spec; `status` is updated after every run.
 * @param everyMs the slot length (ms).
 */
export function ledgerCheckJob(db: Db, everyMs: number, status: LedgerCheckStatus, log?: { error(obj: unknown, msg?: string): void }): JobSpec {
  return {
    name: 'ledger.check',
    everyMs,
    mode: 'slot',
    async run(now) {
      const violations = await checkLedger(db);
      for (const v of violations) log?.error({ kind: v.kind, ids: v.ids }, `ledger check: ${formatViolation(v)}`);
      status.last = { at: now, counts: countByKind(violations) };
      return status.last;
    },
  };
}
