/**
 * The basket refit as a background job: the JobRunner's
 * `slot` mode runs it once per `AI_REFIT_HOURS` period across every process (the process whose
 * `(ai.refit, floor(now / period))` row lands in `job_runs` fits; the others skip), on the
 * injected clock. Reads (`aiRecommend/*`) only read what the job stored.
 *
 * A period's fit happens once even when a process starts mid-period: `run` skips when the
 * newest stored fit already lies in the current slot (whoever made it). Start-up pass: with no
 * basket stored at all (a new database) every starting process fits at once — the unique
 * (model, asOf) key stores one row however many do — otherwise it is an ordinary slot run.
 * Tests call `server.jobs.runOnce('ai.refit', now)`.
 */
import type { JobRunner, JobSpec } from '../../jobs/runner.js';
import type { TradingContext } from '../trading/context.js';
import { lastFittedAt, refitBaskets } from './baskets.js';

/** The job's name in the runner and in `job_runs`. */
export const REFIT_JOB = 'ai.refit';

/**
 * The refit job; `runner` is the JobRunner it is registered with (its start-up pass claims the
 * period's slot through it).
 */
export function refitJob(ctx: TradingContext, runner: JobRunner): JobSpec {
  const everyMs = ctx.deps.config.offerings.aiRefitMs;
  const slotOf = (ms: number) => Math.floor(ms / everyMs);
  return {
    name: REFIT_JOB,
    everyMs,
    mode: 'slot',
    run: async (now) => {
      const at = await lastFittedAt(ctx);
      if (at !== null && slotOf(at) === slotOf(now)) return;
      await refitBaskets(ctx, now);
    },
    atStart: async (now) => ((await lastFittedAt(ctx)) === null ? refitBaskets(ctx, now) : runner.runOnce(REFIT_JOB, now)),
  };
}
