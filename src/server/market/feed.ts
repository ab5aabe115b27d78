/**
 * The market feed's ticker: asks the provider for ticks once per second (or catches
 * up to the injected clock when a read comes in, which is how tests with a ManualClock drive
 * it), keeps the in-memory quote snapshot and hands each batch of changed quotes to listeners
 * (the SSE hub). Bars — aggregating, storing, history, chart reads — are the
 * {@link BarRecorder}'s (`bar-recorder.ts`). Prices are integer minor units, times epoch ms
 * (market time), days India dates.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { BarRecorder } from './bar-recorder.js';
import type { SessionCalendar } from './calendar.js';
import { indiaDay } from '../../shared/india-time.js';
import type { MarketStatusView, QuoteDay } from '../../shared/market.js';
import type { Instrument } from './instruments.js';
import type { Bar, DailyBar, MarketDataProvider, Tick } from './types.js';

/** The live state of one instrument: its day so far in integer minor units. */
export interface QuoteState extends QuoteDay {
  /** Batch sequence number that last changed this quote. */
  seq: number;
}

/** One second's (or one catch-up's) changed quotes. */
export interface QuoteBatch {
  /** Increasing per process; with {@link MarketFeed.bootId} it identifies the batch for `Last-Event-ID`. */
  seq: number;
  /** Market time of the batch (epoch ms). */
  time: number;
  /** Wall-clock second the batch was computed at (epoch ms); a new leader continues from it. */
  wall?: number;
  quotes: QuoteState[];
}

/** Feed tuning. */
export interface FeedOptions {
  /** Trading days of daily history created when the database has none (≥ one year). */
  historyDays?: number;
  /** Longest gap replayed second by second; longer gaps are one step. */
  maxCatchUpSeconds?: number;
  /** 1-minute bars older than this many days are deleted. */
  minuteRetentionDays?: number;
  /** How often today's daily bars are written (ms of wall time). */
  dailyFlushMs?: number;
  /** A volume-only change is published at most this often per symbol (ms). */
  volumeOnlyEveryMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

type Listener = (batch: QuoteBatch) => void;
/** Receives each provider step's ticks with its wall-clock second (epoch ms). */
export type TickListener = (wallSecondMs: number, ticks: readonly Tick[]) => void;

export class MarketFeed {
  /** Random per process: a `Last-Event-ID` from another process (or before a restart) is not resumable. */
  readonly bootId = randomBytes(4).toString('hex');
  private readonly list: Instrument[];
  private readonly bySymbol: Map<string, Instrument>;
  private readonly bars: BarRecorder;
  private readonly states = new Map<string, QuoteState>();
  private readonly published = new Map<string, number>();
  private readonly listeners = new Set<Listener>();
  private readonly tickListeners = new Set<TickListener>();
  private lastSecondMs = 0;
  private seq = 0;
  private readyPromise: Promise<void> | null = null;
  private initialized = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** A follower never ticks; it adopts the leader's batches (see {@link follow}). */
  private following = false;
  private readonly options: Required<Omit<FeedOptions, 'log'>> & Pick<FeedOptions, 'log'>;

  constructor(
    db: Db,
    private readonly clock: Clock,
    readonly provider: MarketDataProvider,
    readonly calendar: SessionCalendar,
    instruments: readonly Instrument[],
    options: FeedOptions = {},
  ) {
    this.list = [...instruments];
    this.bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
    this.options = {
      historyDays: 300,
      maxCatchUpSeconds: 600,
      minuteRetentionDays: 10,
      dailyFlushMs: 60_000,
      volumeOnlyEveryMs: 5_000,
      ...options,
    };
    this.bars = new BarRecorder(db, provider, calendar, this.options);
  }

  /** The provider's id: the key of this feed's stored bars. */
  get feedId(): string {
    return this.bars.feedId;
  }

  /** Every instrument the feed prices, in master order, then those added later. */
  get instruments(): readonly Instrument[] {
    return this.list;
  }

  /**
   * Adds an instrument after start (an IPO's symbol at its listing): its quote starts
   * at its last stored price (a restart) or else its reference price, with that as the
   * previous close, and the provider starts a path for it. Every process calls this for itself
   * (followers then adopt the leader's ticks for it). A no-op for a known symbol.
   * @throws the database's error reading the stored price.
   */
  async addInstrument(instrument: Instrument): Promise<void> {
    if (this.bySymbol.has(instrument.symbol)) return;
    await this.ready();
    if (this.bySymbol.has(instrument.symbol)) return;
    const stored = (await this.bars.lastPrices()).get(instrument.symbol);
    if (this.bySymbol.has(instrument.symbol)) return;
    const start = stored ?? instrument.referencePriceMinor;
    this.list.push(instrument);
    this.bySymbol.set(instrument.symbol, instrument);
    this.states.set(instrument.symbol, { symbol: instrument.symbol, last: start, open: null, high: null, low: null, prevClose: start, volume: 0, time: this.provider.marketTime(this.clock.now()), seq: this.seq });
    this.provider.addInstrument?.(instrument, start);
  }

  /** An instrument by symbol (exact, case-sensitive), or undefined. */
  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol);
  }

  /**
   * Loads stored state and creates missing history (once; later calls share the promise).
   * @throws the provider's or database's error; a later call tries again.
   */
  ready(): Promise<void> {
    this.readyPromise ??= this.init().catch((error: unknown) => {
      this.readyPromise = null;
      throw error;
    });
    return this.readyPromise;
  }

  private async init(): Promise<void> {
    const lastPrices = await this.bars.lastPrices();
    const wall = this.clock.now();
    await this.provider.init(lastPrices, wall);
    const marketNow = this.provider.marketTime(wall);
    const opening = await this.bars.open(this.instruments, marketNow, wall);
    for (const instrument of this.instruments) {
      const { prevClose, today } = opening.get(instrument.symbol)!;
      this.states.set(instrument.symbol, {
        symbol: instrument.symbol,
        last: lastPrices.get(instrument.symbol) ?? today?.close ?? prevClose,
        open: today?.open ?? null,
        high: today?.high ?? null,
        low: today?.low ?? null,
        prevClose,
        volume: today?.volume ?? 0,
        time: marketNow,
        seq: 0,
      });
    }
    this.lastSecondMs = Math.floor(wall / 1000) * 1000;
    this.initialized = true;
  }

  /**
   * This process stops ticking and mirrors the leader's batches ({@link adopt}).
   * The minute in progress is dropped; the leader stores the bars.
   */
  follow(): void {
    this.following = true;
  }

  /** Whether this feed follows another process's. */
  get isFollowing(): boolean {
    return this.following;
  }

  /**
   * This process becomes the feed leader. The provider restarts from the quotes last
   * adopted from the previous leader (else the stored prices) at the second after the last
   * adopted batch, so the path continues where the previous leader stopped; seconds missed
   * meanwhile are replayed by the next {@link sync}.
   */
  async lead(): Promise<void> {
    if (!this.following) return;
    await this.ready();
    const adopted = new Map<string, number>();
    for (const [symbol, state] of this.states) adopted.set(symbol, state.last);
    const from = this.adoptedWall ?? Math.floor(this.clock.now() / 1000) * 1000;
    await this.provider.init(adopted, from);
    const days = new Map<string, DailyBar>();
    for (const [symbol, state] of this.states) {
      if (state.open === null || state.high === null || state.low === null) continue;
      days.set(symbol, { day: this.bars.today, open: state.open, high: state.high, low: state.low, close: state.last, volume: state.volume });
    }
    this.bars.lead(days, this.provider.marketTime(from));
    this.lastSecondMs = from;
    this.following = false;
  }

  private adoptedWall: number | null = null;

  /**
   * A follower takes the leader's batch as its own state (quotes, sequence, day).
   * A no-op on the leader itself.
   */
  adopt(batch: QuoteBatch): void {
    if (!this.following || !this.initialized) return;
    const day = indiaDay(batch.time);
    if (day !== this.bars.today) this.bars.switchDay(day);
    for (const quote of batch.quotes) if (this.states.has(quote.symbol)) this.states.set(quote.symbol, { ...quote });
    this.seq = batch.seq;
    if (batch.wall !== undefined) this.adoptedWall = batch.wall;
  }

  /** Whether {@link ready} has finished. */
  get isReady(): boolean {
    return this.initialized;
  }

  /**
   * Catches up to the clock: one provider step per elapsed second (a single step for gaps
   * longer than `maxCatchUpSeconds`), then notifies listeners once with every changed quote.
   * Synchronous; a no-op before {@link ready} or when no second has passed.
   * @returns the batch, or null when nothing changed.
   */
  sync(): QuoteBatch | null {
    if (!this.initialized || this.stopped || this.following) return null;
    const wall = this.clock.now();
    const target = Math.floor(wall / 1000) * 1000;
    if (target <= this.lastSecondMs) return null;
    const gap = (target - this.lastSecondMs) / 1000;
    const changed = new Set<string>();
    const step = (second: number) => {
      const ticks = this.provider.tick(second);
      for (const tick of ticks) if (this.apply(tick)) changed.add(tick.symbol);
      for (const listener of this.tickListeners) {
        try {
          listener(second, ticks);
        } catch (error) {
          this.options.log?.error({ err: error }, 'tick listener failed');
        }
      }
    };
    if (gap <= this.options.maxCatchUpSeconds) for (let s = this.lastSecondMs + 1000; s <= target; s += 1000) step(s);
    else step(target);
    this.lastSecondMs = target;
    const marketNow = this.provider.marketTime(target);
    this.bars.closeBefore(marketNow);
    this.bars.persist(wall, this.provider.marketTime(wall));
    if (!changed.size) return null;
    const batch: QuoteBatch = { seq: ++this.seq, time: marketNow, wall: target, quotes: [] };
    for (const symbol of changed) {
      const state = this.states.get(symbol)!;
      state.seq = batch.seq;
      this.published.set(symbol, state.time);
      batch.quotes.push(state);
    }
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (error) {
        this.options.log?.error({ err: error }, 'market listener failed');
      }
    }
    return batch;
  }

  /** Folds one tick into the bars and the quote; returns whether to publish it. */
  private apply(tick: Tick): boolean {
    const state = this.states.get(tick.symbol);
    if (!state) return false;
    const day = indiaDay(tick.time);
    if (day !== this.bars.today) this.rollover(day);
    const bar = this.bars.record(tick);
    const priceChanged = state.last !== tick.price;
    state.last = tick.price;
    state.open = bar.open;
    state.high = bar.high;
    state.low = bar.low;
    state.volume = bar.volume;
    state.time = tick.time;
    if (priceChanged) return true;
    return tick.volume > 0 && tick.time - (this.published.get(tick.symbol) ?? 0) >= this.options.volumeOnlyEveryMs;
  }

  /** A new market day: yesterday's close becomes the previous close. */
  private rollover(day: string): void {
    this.bars.rollover(day);
    for (const state of this.states.values()) {
      state.prevClose = state.last;
      state.open = state.high = state.low = null;
      state.volume = 0;
    }
  }

  /** Resolves when everything queued so far is stored. */
  async flush(): Promise<void> {
    if (this.initialized && !this.stopped) {
      const wall = this.clock.now();
      this.bars.persist(wall, this.provider.marketTime(wall), true);
    }
    await this.bars.stored();
  }

  /** Ticks once per second on the wall clock until {@link stop}; never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    const loop = () => {
      this.timer = setTimeout(loop, 1000 - (Date.now() % 1000) + 5);
      this.timer.unref();
      if (!this.initialized) return;
      try {
        this.sync();
      } catch (error) {
        this.options.log?.error({ err: error }, 'market tick failed');
      }
    };
    void this.ready().catch((error: unknown) => this.options.log?.error({ err: error }, 'market feed failed to start'));
    loop();
  }

  /** Stops ticking and stores what is pending. Safe to call twice. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.readyPromise) await this.readyPromise.catch(() => undefined);
    if (this.initialized && !this.stopped) {
      // The minute in progress is stored as it stands.
      this.bars.closeBefore(Number.POSITIVE_INFINITY);
    }
    await this.flush();
    this.stopped = true;
    this.bars.stop();
    await this.provider.close?.();
  }

  /**
   * Calls `listener` with every provider step — each wall-clock second, also while catching up
   * (the trading tick recorder needs the price at every second, not only the batch's
   * final state). `wallSecondMs` is the step's wall-clock second. Returns the unsubscribe function.
   */
  subscribeTicks(listener: TickListener): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /** Calls `listener` with every batch; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The live quote of a symbol. */
  quote(symbol: string): QuoteState | undefined {
    return this.states.get(symbol);
  }

  /** Every live quote, in master order. */
  quotes(): QuoteState[] {
    return this.instruments.map((i) => this.states.get(i.symbol)!).filter(Boolean);
  }

  /** Sequence number of the newest batch. */
  get lastSeq(): number {
    return this.seq;
  }

  /** The current market day (India date). */
  get today(): string {
    return this.bars.today;
  }

  /** Highest and lowest price over the last year including today. */
  yearRange(symbol: string): { high: number; low: number } | null {
    const past = this.bars.yearExtreme(symbol);
    const state = this.states.get(symbol);
    const highs = [past?.high, state?.high ?? undefined, state?.last].filter((x): x is number => x !== undefined);
    const lows = [past?.low, state?.low ?? undefined, state?.last].filter((x): x is number => x !== undefined);
    return highs.length ? { high: Math.max(...highs), low: Math.min(...lows) } : null;
  }

  /** Today's 1-minute bars, oldest first, including the bar in progress. */
  todayBars(symbol: string): Promise<Bar[]> {
    return this.bars.todayBars(symbol, this.following);
  }

  /** Stored 1-minute bars of a symbol in [fromMs, toMs), oldest first. */
  minuteBars(symbol: string, fromMs: number, toMs: number): Promise<Bar[]> {
    return this.bars.minuteBars(symbol, fromMs, toMs);
  }

  /** Daily bars of a symbol from `fromDay` on, oldest first, with today's live bar last. */
  dailyBars(symbol: string, fromDay: string): Promise<DailyBar[]> {
    return this.bars.dailyBars(symbol, fromDay);
  }

  /** Open/closed and the price source, at the clock's now. */
  status(): MarketStatusView {
    const wall = this.clock.now();
    const marketTime = this.provider.marketTime(wall);
    const { info } = this.provider;
    if (!info.followsCalendar) return { provider: info.id, real: info.real, followsCalendar: false, open: true, marketTime, nextOpen: null, closesAt: null };
    const state = this.calendar.state(marketTime);
    return { provider: info.id, real: info.real, followsCalendar: true, open: state.open, marketTime, nextOpen: state.nextOpen, closesAt: state.closesAt };
  }
}
