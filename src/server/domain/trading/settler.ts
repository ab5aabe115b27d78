/**
 * Contract settlement as background jobs: at start the contracts that expired while
 * the server was down settle (with the prices recorded at their expiry), then — only with a
 * running clock, never with a test's ManualClock — every `SETTLER_INTERVAL_MS` the feed catches
 * up, the recorded ticks are stored, the recorded symbols refreshed and what is due
 * `SETTLER_LAG_MS` ago settles (so every process has stored the expiry second). The JobRunner
 * (`jobs/runner.ts`) runs the loop; tests drive `runSettlement(ctx, now)` (or the pure
 * `settleDue`) by hand.
 */
import type { JobSpec } from '../../jobs/runner.js';
import { settleDue, type SettleReport } from './settle.js';
import { readyFeed, type TradingContext } from './context.js';

/**
 * One settlement pass at `now`: feed caught up to the clock, recorded ticks stored, then
 * every contract with expiry ≤ `now` settled.
 */
export async function runSettlement(ctx: TradingContext, now: number, syncFeed = true): Promise<SettleReport> {
  if (syncFeed) await readyFeed(ctx.market).catch(() => undefined);
  await ctx.recorder.flush();
  return settleDue(ctx.deps.db, now, { batchSize: ctx.deps.config.trading.settler.batchSize });
}

/**
 * The settler's jobs for the JobRunner (`shared`: every process may settle, each contract once):
 * - `trading.settle` every `SETTLER_INTERVAL_MS`: refresh which symbols to record, catch the
 *   feed up, store the recorded ticks, settle what was due `SETTLER_LAG_MS` ago. Its start-up
 *   pass settles what expired while the server was down with the recorded ticks, without a
 *   feed catch-up (the feed produces no ticks for the time the server was down).
 * - `trading.pruneTicks` once an hour across all processes (`slot`), also at start: drops ticks
 *   older than `PRICE_TICK_RETENTION_DAYS`.
 */
export function settlerJobs(ctx: TradingContext): JobSpec[] {
  const { intervalMs, lagMs } = ctx.deps.config.trading.settler;
  const retentionMs = ctx.deps.config.trading.tickRetentionDays * 86_400_000;
  const pass = async (now: number, syncFeed: boolean) => {
    await ctx.recorder.refresh();
    return runSettlement(ctx, now - lagMs, syncFeed);
  };
  return [
    { name: 'trading.settle', everyMs: intervalMs, mode: 'shared', run: (now) => pass(now, true), atStart: (now) => pass(now, false) },
    { name: 'trading.pruneTicks', everyMs: 3_600_000, mode: 'slot', run: (now) => ctx.recorder.prune(now - retentionMs), atStart: true },
  ];
}
