/**
 * The feed's bar recorder, apart from the ticker: folds every tick into
 * 1-minute and daily bars, keeps today's bars in memory, writes closed minutes and the day's
 * bars to the {@link BarStore} (daily bars every `dailyFlushMs`, old minutes pruned hourly),
 * creates missing daily history at start and answers the chart reads (today's minutes with the
 * bar in progress, stored minutes, daily bars with today's live bar). The ticker (`feed.ts`)
 * owns quotes, batches and listeners and tells the recorder about ticks, day changes and
 * leadership. Prices are integer minor units, times epoch ms (market time), days India dates.
 */
import type { Db } from '../db/index.js';
import { indiaDay, indiaMidnight } from '../../shared/india-time.js';
import { BarStore } from './bar-store.js';
import { MinuteBarAggregator, addToDay } from './bars.js';
import { SESSION_MS, addDays, minuteStart, type SessionCalendar } from './calendar.js';
import type { Instrument } from './instruments.js';
import type { Bar, DailyBar, MarketDataProvider, Tick } from './types.js';

/** Recorder tuning (see `FeedOptions`). */
export interface BarRecorderOptions {
  /** Trading days of daily history created when the database has none. */
  historyDays: number;
  /** 1-minute bars older than this many days are deleted. */
  minuteRetentionDays: number;
  /** How often today's daily bars are written (ms of wall time). */
  dailyFlushMs: number;
  log?: { error(obj: unknown, msg?: string): void };
}

/** What the recorder knows of one symbol's day at start: the previous close and today's bar so far. */
export interface OpeningDay {
  prevClose: number;
  today: DailyBar | undefined;
}

/** Records bars of one feed and reads them back. */
export class BarRecorder {
  private readonly store: BarStore;
  private readonly aggregator = new MinuteBarAggregator();
  /** Today's closed 1-minute bars produced by this process, by symbol. */
  private readonly closedToday = new Map<string, Bar[]>();
  /** Today's bars stored before this process started, loaded on first request. */
  private readonly storedToday = new Map<string, Promise<Bar[]>>();
  private readonly days = new Map<string, DailyBar>();
  /** Generated minutes before the feed's first start on its first day (see loadPrelude). */
  private readonly prelude = new Map<string, Bar[]>();
  private yearExtremes = new Map<string, { high: number; low: number }>();
  private pendingMinutes: Array<{ symbol: string; bar: Bar }> = [];
  private readonly dirtyDays = new Set<string>();
  private finishedDays: Array<{ symbol: string; bar: DailyBar }> = [];
  private flushDays = false;
  private dayKey = '';
  private processStartMinute = 0;
  private lastDailyFlush = 0;
  private lastPrune = 0;
  private persisting: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    db: Db,
    private readonly provider: MarketDataProvider,
    private readonly calendar: SessionCalendar,
    private readonly options: BarRecorderOptions,
  ) {
    this.store = new BarStore(db, provider.info.id);
  }

  /** The provider's id: the key of this feed's stored bars. */
  get feedId(): string {
    return this.store.feedId;
  }

  /** The current market day (India date). */
  get today(): string {
    return this.dayKey;
  }

  /** The last stored price of every symbol (the provider restarts from them). */
  lastPrices(): Promise<Map<string, number>> {
    return this.store.lastPrices();
  }

  /**
   * Opens the day at start: today's prelude, missing daily history, the previous close and
   * today's bar so far of each instrument (after a restart), the year's extremes.
   * @param marketNow the provider's market time now; `wall` the wall clock (epoch ms).
   */
  async open(instruments: readonly Instrument[], marketNow: number, wall: number): Promise<Map<string, OpeningDay>> {
    const today = indiaDay(marketNow);
    await this.loadPrelude(instruments, today, marketNow);
    await this.backfill(instruments, today);
    // Today's and the previous day's bars give the day state after a restart.
    const recent = await this.store.dailyBetween(addDays(today, -20), today);
    const opening = new Map<string, OpeningDay>();
    for (const instrument of instruments) {
      const bars = recent.filter((row) => row.symbol === instrument.symbol);
      const previous = bars.filter((row) => row.day < today).at(-1);
      const prelude = this.prelude.get(instrument.symbol) ?? [];
      const todayBar = bars.find((row) => row.day === today) ?? (prelude.length ? preludeDay(today, prelude) : undefined);
      const day = todayBar ? { day: today, open: todayBar.open, high: todayBar.high, low: todayBar.low, close: todayBar.close, volume: todayBar.volume } : undefined;
      if (day) this.days.set(instrument.symbol, day);
      opening.set(instrument.symbol, { prevClose: previous?.close ?? instrument.referencePriceMinor, today: day });
    }
    this.dayKey = today;
    this.processStartMinute = minuteStart(marketNow);
    this.yearExtremes = await this.store.yearExtremes(today);
    this.lastDailyFlush = wall;
    return opening;
  }

  /**
   * On the feed's first day (its generated history ends the trading day before and nothing
   * live was stored before today), a generating provider fills today's minutes before the
   * feed started — up to one session's length — ending at the reference price, so the first
   * 1D chart is not empty. Kept in memory and recomputed identically after a restart.
   */
  private async loadPrelude(instruments: readonly Instrument[], today: string, marketNow: number): Promise<void> {
    if (!this.provider.prelude) return;
    const lastGenerated = await this.store.lastGeneratedDay();
    if ((await this.store.hasLiveBefore(today)) || (lastGenerated !== null && lastGenerated !== this.calendar.previousTradingDay(today))) return;
    const end = (await this.store.firstMinuteFrom(indiaMidnight(today))) ?? minuteStart(marketNow);
    const dayStart = this.provider.info.followsCalendar ? this.calendar.sessionBounds(today).open : indiaMidnight(today);
    const from = Math.max(dayStart, end - SESSION_MS);
    for (const instrument of instruments) {
      const bars = this.provider.prelude(instrument.symbol, from, end, instrument.referencePriceMinor);
      if (bars.length) this.prelude.set(instrument.symbol, bars);
    }
  }

  /** Creates the daily history of instruments that have none (one year and more). */
  private async backfill(instruments: readonly Instrument[], today: string): Promise<void> {
    const have = await this.store.symbolsWithHistoryBefore(today);
    const origin = this.provider.info.id === 'simulated' ? 'generated' : 'recorded';
    await this.store.insertDaily(
      instruments
        .filter((instrument) => !have.has(instrument.symbol))
        .flatMap((instrument) =>
          // History leads up to today's open: the prelude's first price, else the reference price.
          this.provider
            .history(instrument.symbol, today, this.options.historyDays, this.prelude.get(instrument.symbol)?.[0]?.open ?? instrument.referencePriceMinor)
            .map((bar) => ({ ...bar, symbol: instrument.symbol, origin })),
        ),
    );
  }

  /**
   * Folds a tick of the current day (call {@link rollover} first on a new day) into its
   * minute and daily bar. @returns the symbol's daily bar after the tick.
   */
  record(tick: Tick): DailyBar {
    const closed = this.aggregator.add(tick);
    if (closed) this.closeMinute(tick.symbol, closed);
    const bar = addToDay(this.days.get(tick.symbol) ?? null, this.dayKey, tick);
    this.days.set(tick.symbol, bar);
    this.dirtyDays.add(tick.symbol);
    return bar;
  }

  /** A new market day: the finished days are queued for storing and count into the year's extremes. */
  rollover(day: string): void {
    for (const symbol of this.dirtyDays) this.queueDay(symbol);
    this.flushDays = true;
    for (const [symbol, finished] of this.days) {
      const extremes = this.yearExtremes.get(symbol);
      this.yearExtremes.set(symbol, {
        high: Math.max(extremes?.high ?? finished.high, finished.high),
        low: Math.min(extremes?.low ?? finished.low, finished.low),
      });
    }
    this.switchDay(day);
  }

  /** A follower moves to the leader's day (the leader stores the bars). */
  switchDay(day: string): void {
    this.days.clear();
    this.prelude.clear();
    this.closedToday.clear();
    this.storedToday.clear();
    this.dayKey = day;
  }

  /**
   * This process becomes the feed leader; today's daily bars continue from the
   * adopted quotes and today's minutes before `marketNow` are read from the store.
   */
  lead(days: ReadonlyMap<string, DailyBar>, marketNow: number): void {
    for (const [symbol, bar] of days) this.days.set(symbol, bar);
    this.storedToday.clear();
    this.closedToday.clear();
    this.processStartMinute = minuteStart(marketNow);
  }

  /** Closes the minutes that ended before `marketNow` (`Infinity`: every open minute). */
  closeBefore(marketNow: number): void {
    for (const { symbol, bar } of this.aggregator.closeBefore(marketNow)) this.closeMinute(symbol, bar);
  }

  private queueDay(symbol: string): void {
    const bar = this.days.get(symbol);
    if (!bar) return;
    this.finishedDays.push({ symbol, bar: { ...bar } });
    this.dirtyDays.delete(symbol);
  }

  private closeMinute(symbol: string, bar: Bar): void {
    this.pendingMinutes.push({ symbol, bar });
    if (indiaDay(bar.time) !== this.dayKey) return;
    const list = this.closedToday.get(symbol) ?? [];
    list.push(bar);
    this.closedToday.set(symbol, list);
  }

  /**
   * Queues what is due for storing: closed minutes, finished days, today's daily bars every
   * `dailyFlushMs` (or at once with `allDays`), and hourly the pruning of old minutes.
   * @param wall the wall clock; `marketNow` the provider's market time at it (epoch ms).
   */
  persist(wall: number, marketNow: number, allDays = false): void {
    if (allDays) this.flushDays = true;
    const dailyDue = this.flushDays || wall - this.lastDailyFlush >= this.options.dailyFlushMs;
    if (!this.pendingMinutes.length && !this.finishedDays.length && !dailyDue) return;
    if (dailyDue) {
      this.lastDailyFlush = wall;
      this.flushDays = false;
      for (const symbol of [...this.dirtyDays]) this.queueDay(symbol);
    }
    const minutes = this.pendingMinutes;
    const days = this.finishedDays;
    this.pendingMinutes = [];
    this.finishedDays = [];
    const prune = wall - this.lastPrune >= 3_600_000;
    if (prune) this.lastPrune = wall;
    if (!minutes.length && !days.length && !prune) return;
    const pruneBefore = prune ? marketNow - this.options.minuteRetentionDays * 86_400_000 : null;
    this.persisting = this.persisting.then(() => this.write(minutes, days, pruneBefore));
  }

  private async write(minutes: Array<{ symbol: string; bar: Bar }>, days: Array<{ symbol: string; bar: DailyBar }>, pruneBefore: number | null): Promise<void> {
    try {
      await this.store.write(minutes, days, pruneBefore);
    } catch (error) {
      if (!this.stopped) this.options.log?.error({ err: error }, 'storing market bars failed');
    }
  }

  /** Resolves when everything queued so far is stored. */
  stored(): Promise<void> {
    return this.persisting;
  }

  /** Stores nothing more (a write failing after this is not logged). */
  stop(): void {
    this.stopped = true;
  }

  /** Highest and lowest price over the last year before today, or undefined. */
  yearExtreme(symbol: string): { high: number; low: number } | undefined {
    return this.yearExtremes.get(symbol);
  }

  /**
   * Today's 1-minute bars, oldest first, including the bar in progress.
   * @param following a follower reads every minute from the store (the leader writes them).
   */
  async todayBars(symbol: string, following: boolean): Promise<Bar[]> {
    const day = this.dayKey;
    if (following) {
      const bars = [...(this.prelude.get(symbol) ?? []), ...(await this.store.minuteBars(symbol, indiaMidnight(day), Number.MAX_SAFE_INTEGER))];
      return bars.filter((bar, i) => i === 0 || bar.time > bars[i - 1]!.time);
    }
    let stored = this.storedToday.get(symbol);
    if (!stored) {
      stored = this.store.minuteBars(symbol, indiaMidnight(day), this.processStartMinute);
      this.storedToday.set(symbol, stored);
    }
    const before = [...(this.prelude.get(symbol) ?? []), ...(await stored)];
    const mine = this.closedToday.get(symbol) ?? [];
    const current = this.aggregator.current(symbol);
    const all = [...before, ...mine];
    if (current && indiaDay(current.time) === day && (!all.length || all.at(-1)!.time < current.time)) all.push({ ...current });
    return all.filter((bar, i) => i === 0 || bar.time > all[i - 1]!.time);
  }

  /** Stored 1-minute bars of a symbol in [fromMs, toMs), oldest first. */
  minuteBars(symbol: string, fromMs: number, toMs: number): Promise<Bar[]> {
    return this.store.minuteBars(symbol, fromMs, toMs);
  }

  /** Daily bars of a symbol from `fromDay` on, oldest first, with today's live bar last. */
  async dailyBars(symbol: string, fromDay: string): Promise<DailyBar[]> {
    const bars = await this.store.dailyBars(symbol, fromDay, this.dayKey);
    const today = this.days.get(symbol);
    if (today) bars.push({ ...today });
    return bars;
  }
}

/** Today's daily bar from the prelude's minutes. */
function preludeDay(day: string, bars: readonly Bar[]): DailyBar {
  return {
    day,
    open: bars[0]!.open,
    high: Math.max(...bars.map((b) => b.high)),
    low: Math.min(...bars.map((b) => b.low)),
    close: bars.at(-1)!.close,
    volume: bars.reduce((sum, b) => sum + b.volume, 0),
  };
}
