/**
 * The settler job of one server process (issue 6): at start it settles the contracts that
 * expired while the server was down (with the prices recorded at their expiry), then — only
 * with a running clock, never with a test's ManualClock — every `SETTLER_INTERVAL_MS` it
 * catches the feed up, stores the recorded ticks, refreshes which symbols to record and
 * settles what is due `SETTLER_LAG_MS` ago (so every process has stored the expiry second).
 * Tests drive `runSettlement(ctx, now)` (or the pure `settleDue`) by hand. Timers are unref'd
 * and `stop()` waits for a running pass: it never keeps a process alive.
 */
import type { Clock } from '../../clock.js';
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

/** A running settler. */
export interface Settler {
  /** Resolves after the start-up pass (contracts that expired while the server was down). */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the settler.
 * @param background run the interval (a real or offset clock); false runs only the start-up pass.
 */
export function startSettler(ctx: TradingContext, clock: Clock, background: boolean, log?: { error(obj: unknown, msg?: string): void }): Settler {
  const { intervalMs, lagMs } = ctx.deps.config.trading.settler;
  const retentionMs = ctx.deps.config.trading.tickRetentionDays * 86_400_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let lastPrune = 0;

  const pass = async (lag: number, syncFeed: boolean) => {
    try {
      await ctx.recorder.refresh();
      await runSettlement(ctx, clock.now() - lag, syncFeed);
      if (clock.now() - lastPrune > 3_600_000) {
        lastPrune = clock.now();
        await ctx.recorder.prune(clock.now() - retentionMs);
      }
    } catch (error) {
      if (!stopped) log?.error({ err: error }, 'settling contracts failed');
    }
  };
  const loop = () => {
    if (stopped) return;
    running = pass(lagMs, true).finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, intervalMs);
      timer.unref();
    });
  };
  // Start-up: what expired while the server was down settles now, with the recorded ticks
  // (no feed catch-up: the feed produces no ticks for the time the server was down).
  const started = pass(lagMs, false).then(() => {
    if (background) loop();
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
