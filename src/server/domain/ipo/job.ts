/**
 * The IPO job of one server process (issue 9): at start one pass (what fell due while the
 * server was down), then — only with a running clock — every `IPO_JOB_INTERVAL_MS`. Every
 * server may run it: allotment and listing are exactly once by conditional updates. Tests call
 * `runIpoJob(deps, now)` (or `server.ipo.run(now)`). Timers are unref'd; `stop()` waits.
 */
import type { Deps } from '../deps.js';
import { runIpoJob } from './allot.js';
import type { Market } from '../../market/index.js';

/** A running IPO job. */
export interface IpoJob {
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

/** Starts the job; `background` false runs only the start-up pass. */
export function startIpoJob(deps: Deps, background: boolean, log?: { error(obj: unknown, msg?: string): void }, market?: Market): IpoJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () =>
    runIpoJob(deps, deps.clock.now(), log, market).catch((error) => {
      if (!stopped) log?.error({ err: error }, 'IPO job failed');
    });
  const loop = () => {
    if (stopped) return;
    running = pass().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, deps.config.ipo.jobIntervalMs);
      timer.unref();
    });
  };
  const started = pass().then(() => {
    if (background) {
      timer = setTimeout(loop, deps.config.ipo.jobIntervalMs);
      timer.unref();
    }
  });
  running = started;
  return {
    started,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await started.catch(() => undefined);
      await running.catch(() => undefined);
    },
  };
}
