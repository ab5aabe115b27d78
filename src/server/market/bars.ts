/**
 * Aggregation of ticks into bars: 1-minute bars close when the first tick of a
 * later minute arrives (a tick at 09:15:59.999 belongs to the 09:15 bar, one at 09:16:00.000
 * opens the 09:16 bar), and daily bars per India date. Pure and synchronous.
 */
import { minuteStart } from './calendar.js';
import type { Bar, DailyBar, Tick } from './types.js';

/** Builds 1-minute bars for many symbols from their ticks. */
export class MinuteBarAggregator {
  private readonly open = new Map<string, Bar>();

  /**
   * Adds a tick.
   * @returns the symbol's previous bar when this tick starts a new minute, else null.
   */
  add(tick: Tick): Bar | null {
    const start = minuteStart(tick.time);
    const bar = this.open.get(tick.symbol);
    if (bar && bar.time === start) {
      bar.high = Math.max(bar.high, tick.price);
      bar.low = Math.min(bar.low, tick.price);
      bar.close = tick.price;
      bar.volume += tick.volume;
      return null;
    }
    this.open.set(tick.symbol, { time: start, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume: tick.volume });
    return bar && bar.time < start ? bar : null;
  }

  /** The symbol's bar in progress, or null. */
  current(symbol: string): Bar | null {
    return this.open.get(symbol) ?? null;
  }

  /**
   * Closes and returns every bar whose minute ended at or before `nowMs` (nothing more will
   * be added to them), e.g. when the market closes and no later tick arrives.
   */
  closeBefore(nowMs: number): Array<{ symbol: string; bar: Bar }> {
    const closed: Array<{ symbol: string; bar: Bar }> = [];
    for (const [symbol, bar] of this.open) {
      if (bar.time + 60_000 <= nowMs) {
        closed.push({ symbol, bar });
        this.open.delete(symbol);
      }
    }
    return closed;
  }

  /** Starts the aggregator with a bar in progress (after a restart). */
  resume(symbol: string, bar: Bar): void {
    this.open.set(symbol, { ...bar });
  }
}

/**
 * Merges bars into bars of a longer interval aligned to `intervalMs` after `origin`
 * (e.g. 15-minute bars from 1-minute bars, aligned to the session open).
 */
export function resample(bars: readonly Bar[], intervalMs: number, origin = 0): Bar[] {
  const out: Bar[] = [];
  for (const bar of bars) {
    const start = bar.time - ((((bar.time - origin) % intervalMs) + intervalMs) % intervalMs);
    const last = out.at(-1);
    if (last && last.time === start) {
      last.high = Math.max(last.high, bar.high);
      last.low = Math.min(last.low, bar.low);
      last.close = bar.close;
      last.volume += bar.volume;
    } else {
      out.push({ ...bar, time: start });
    }
  }
  return out;
}

/** Folds a tick into a day's bar (null starts a new one). */
export function addToDay(day: DailyBar | null, dayKey: string, tick: Tick): DailyBar {
  if (!day || day.day !== dayKey) return { day: dayKey, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume: tick.volume };
  day.high = Math.max(day.high, tick.price);
  day.low = Math.min(day.low, tick.price);
  day.close = tick.price;
  day.volume += tick.volume;
  return day;
}
