/**
 * The `replay` provider: plays recorded bars from a folder of CSV files (the formats
 * of `replay-csv.ts`) at a configurable speed, interpolating between bars. Market time runs
 * through the recorded sessions only: one wall second is `speed` session seconds, and after
 * the last recorded day it starts over. Position = (wall time − anchor) × speed, so a restart
 * continues where the replay was. Prices are real but not current: the UI says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SESSION_MS, SessionCalendar } from '../calendar.js';
import { indiaDay } from '../../../shared/india-time.js';
import { roundToTick } from '../gbm.js';
import type { Instrument } from '../instruments.js';
import type { Bar, DailyBar, MarketDataProvider, ProviderInfo, Tick } from '../types.js';
import { dailyFromIntraday, parseBarsCsv } from './replay-csv.js';

/** Options of the replay provider. */
export interface ReplayOptions {
  /** Folder searched recursively for `*.csv`. */
  dir: string;
  /** Session seconds played per wall second (1 = real time). */
  speed: number;
  /** First India date to play (`YYYY-MM-DD`); default: the first recorded intraday day, else the last 250 days. */
  startDay?: string;
  /** Wall time at which the replay is at its start (epoch ms). */
  anchorMs: number;
  /**
   * Files for symbols whose file name is not the symbol: symbol → file name prefixes or
   * relative paths. Defaults cover the shared NSE data layout.
   */
  aliases?: Record<string, string[]>;
}

/** Where the shared NSE data keeps symbols under other names (its README's caveats). */
export const DEFAULT_REPLAY_ALIASES: Record<string, string[]> = {
  NIFTY50: ['scrooge/cleaned.csv', 'NIFTY50', 'NIFTY'],
  SENSEX: ['Stock-Market-Crash/sensex.csv', 'SENSEX'],
  TMPV: ['TATAMOTORS'],
};

interface Series {
  daily: DailyBar[];
  intraday: Bar[];
  intervalMs: number;
  /** Intraday bars by India date, for lookup. */
  intradayByDay: Map<string, Bar[]>;
  dailyByDay: Map<string, DailyBar>;
}

/** Every `.csv` under a folder, as paths relative to it. */
function csvFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return csvFiles(dir, relative);
    return entry.name.toLowerCase().endsWith('.csv') ? [relative] : [];
  });
}

/** The symbol a file name stands for: the part before `_` or `.csv`, upper case. */
const symbolOfFile = (relative: string) => path.basename(relative).replace(/\.csv$/i, '').split('_')[0]!.toUpperCase();

/** Price along a bar at fraction `f` ∈ [0, 1]: open → low → high → close (up bar) or open → high → low → close. */
export function interpolateBar(bar: Pick<Bar, 'open' | 'high' | 'low' | 'close'>, f: number): number {
  const path = bar.close >= bar.open ? [bar.open, bar.low, bar.high, bar.close] : [bar.open, bar.high, bar.low, bar.close];
  const x = Math.min(Math.max(f, 0), 1) * 3;
  const i = Math.min(Math.floor(x), 2);
  return path[i]! + (path[i + 1]! - path[i]!) * (x - i);
}

export class ReplayProvider implements MarketDataProvider {
  readonly info: ProviderInfo = { id: 'replay', real: false, followsCalendar: true };
  private readonly series = new Map<string, Series>();
  private days: string[] = [];
  private readonly calendar = new SessionCalendar();
  private readonly volumeCarry = new Map<string, number>();
  private lastMarketMs: number | null = null;

  constructor(
    private readonly instruments: readonly Instrument[],
    private readonly options: ReplayOptions,
  ) {}

  /** Reads every file the instruments need; throws when the folder has none of them. */
  async init(): Promise<void> {
    const files = csvFiles(this.options.dir);
    const aliases = { ...DEFAULT_REPLAY_ALIASES, ...(this.options.aliases ?? {}) };
    for (const instrument of this.instruments) {
      const names = aliases[instrument.symbol] ?? [];
      const mine = files.filter((file) => symbolOfFile(file) === instrument.symbol.toUpperCase() || names.some((n) => file === n || symbolOfFile(file) === n.toUpperCase()));
      const series: Series = { daily: [], intraday: [], intervalMs: 0, intradayByDay: new Map(), dailyByDay: new Map() };
      for (const file of mine) {
        let parsed;
        try {
          parsed = parseBarsCsv(fs.readFileSync(path.join(this.options.dir, file), 'utf8'), instrument.tickSizeMinor);
        } catch {
          continue; // not a bar file (e.g. a constituents list)
        }
        if (parsed.kind === 'daily') series.daily = parsed.bars;
        else {
          series.intraday = parsed.bars;
          series.intervalMs = parsed.intervalMs;
        }
      }
      if (!series.daily.length && series.intraday.length) series.daily = dailyFromIntraday(series.intraday);
      for (const bar of series.intraday) {
        const day = indiaDay(bar.time);
        const list = series.intradayByDay.get(day) ?? [];
        list.push(bar);
        series.intradayByDay.set(day, list);
      }
      for (const bar of series.daily) series.dailyByDay.set(bar.day, bar);
      if (series.daily.length) this.series.set(instrument.symbol, series);
    }
    if (!this.series.size) throw new Error(`replay: no CSV bars for any instrument under ${this.options.dir}`);
    const allDays = new Set<string>();
    for (const series of this.series.values()) for (const bar of series.daily) allDays.add(bar.day);
    const sorted = [...allDays].filter((day) => this.calendar.isTradingDay(day)).sort();
    const firstIntraday = [...this.series.values()].flatMap((s) => (s.intraday[0] ? [indiaDay(s.intraday[0].time)] : [])).sort()[0];
    const start = this.options.startDay ?? firstIntraday ?? sorted[Math.max(0, sorted.length - 250)]!;
    this.days = sorted.filter((day) => day >= start);
    if (!this.days.length) throw new Error(`replay: no recorded day on or after ${start}`);
  }

  /** Market time: the recorded session instant the replay is at. */
  marketTime(wallMs: number): number {
    const total = this.days.length * (SESSION_MS / 1000);
    const played = Math.floor(((wallMs - this.options.anchorMs) / 1000) * this.options.speed);
    const position = ((played % total) + total) % total;
    const dayIndex = Math.floor(position / (SESSION_MS / 1000));
    const day = this.days[dayIndex]!;
    return this.calendar.sessionBounds(day).open + (position - dayIndex * (SESSION_MS / 1000)) * 1000;
  }

  /** The recorded price of a symbol at a market instant, interpolated; null before its first bar. */
  priceAt(symbol: string, marketMs: number): { price: number; volumeRate: number } | null {
    const series = this.series.get(symbol);
    if (!series) return null;
    const day = indiaDay(marketMs);
    const intraday = series.intradayByDay.get(day);
    if (intraday?.length) {
      let bar = intraday[0]!;
      for (const candidate of intraday) if (candidate.time <= marketMs) bar = candidate;
      const f = (marketMs - bar.time) / series.intervalMs;
      return { price: interpolateBar(bar, f), volumeRate: bar.volume / (series.intervalMs / 1000) };
    }
    const daily = series.dailyByDay.get(day);
    if (daily) {
      const open = this.calendar.sessionBounds(day).open;
      return { price: interpolateBar(daily, (marketMs - open) / SESSION_MS), volumeRate: daily.volume / (SESSION_MS / 1000) };
    }
    const before = series.daily.filter((bar) => bar.day < day).at(-1);
    return before ? { price: before.close, volumeRate: 0 } : null;
  }

  tick(wallSecondMs: number): Tick[] {
    const time = this.marketTime(wallSecondMs);
    const elapsed = this.lastMarketMs !== null && time > this.lastMarketMs ? (time - this.lastMarketMs) / 1000 : 0;
    this.lastMarketMs = time;
    const ticks: Tick[] = [];
    for (const instrument of this.instruments) {
      const at = this.priceAt(instrument.symbol, time);
      if (!at) continue;
      const carry = (this.volumeCarry.get(instrument.symbol) ?? 0) + at.volumeRate * elapsed;
      const volume = Math.floor(carry);
      this.volumeCarry.set(instrument.symbol, carry - volume);
      ticks.push({ symbol: instrument.symbol, time, price: roundToTick(at.price, instrument.tickSizeMinor), volume });
    }
    return ticks;
  }

  /** Real recorded daily bars before `beforeDay` (the anchor is ignored). */
  history(symbol: string, beforeDay: string, count: number): DailyBar[] {
    const bars = this.series.get(symbol)?.daily.filter((bar) => bar.day < beforeDay) ?? [];
    return bars.slice(-count);
  }
}
