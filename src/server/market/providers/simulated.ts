/**
 * The `simulated` provider (the default): geometric Brownian motion per instrument
 * from its reference price and volatility, one tick per second, prices rounded to the tick
 * size, deterministic for a given seed. Stocks share a market factor with the indices
 * (correlation {@link STOCK_MARKET_CORRELATION}) so gainers and losers follow the index.
 * History before the live feed is generated backwards from the anchor close, deterministically.
 */
import { openSecondsBetween, type SessionCalendar } from '../calendar.js';
import { DAY_IN_YEARS, SECOND_IN_YEARS, SESSION_SECONDS, gbmStep, roundToTick } from '../gbm.js';
import type { Instrument } from '../instruments.js';
import { SeededDraws, hashString } from '../random.js';
import type { Bar, DailyBar, MarketDataProvider, ProviderInfo, Tick } from '../types.js';

/** Correlation of a stock's shocks with the market factor. */
export const STOCK_MARKET_CORRELATION = 0.55;
/** Correlation of each index with the market factor. */
const INDEX_CORRELATION: Record<string, number> = { NIFTY50: 0.99, SENSEX: 0.97 };

/** Options of the simulated provider. */
export interface SimulatedOptions {
  /** Equal seeds give equal paths. */
  seed: number | string;
  calendar: SessionCalendar;
  /** true: ticks only during NSE sessions; false (demo mode): around the clock. */
  followsCalendar: boolean;
}

interface State {
  instrument: Instrument;
  keyHash: number;
  dailyHash: number;
  preludeHash: number;
  rho: number;
  /** Exact (unrounded) price in minor units; the published price is this rounded to the tick. */
  fair: number;
}

const MARKET_KEY = hashString('market-factor');
const MARKET_DAILY_KEY = hashString('market-factor:daily');
const MARKET_PRELUDE_KEY = hashString('market-factor:prelude');

/** Days since 1970-01-01 of an India date (the counter of daily draws). */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

export class SimulatedProvider implements MarketDataProvider {
  readonly info: ProviderInfo;
  private readonly draws: SeededDraws;
  private readonly states = new Map<string, State>();
  private lastSecondMs = 0;

  constructor(
    private readonly instruments: readonly Instrument[],
    private readonly options: SimulatedOptions,
  ) {
    this.info = { id: 'simulated', real: false, followsCalendar: options.followsCalendar };
    this.draws = new SeededDraws(options.seed);
    for (const instrument of instruments) this.states.set(instrument.symbol, this.stateOf(instrument, instrument.referencePriceMinor));
  }

  private stateOf(instrument: Instrument, fair: number): State {
    return {
      instrument,
      keyHash: hashString(instrument.symbol),
      dailyHash: hashString(`${instrument.symbol}:daily`),
      preludeHash: hashString(`${instrument.symbol}:prelude`),
      // The EUR/INR rate does not follow NSE's market factor.
      rho: instrument.kind === 'index' ? (INDEX_CORRELATION[instrument.symbol] ?? 0.95) : instrument.kind === 'fx' ? 0 : STOCK_MARKET_CORRELATION,
      fair,
    };
  }

  /** A path for an instrument that joined later (an IPO listing), from `startPrice`. */
  addInstrument(instrument: Instrument, startPrice: number): void {
    if (!this.states.has(instrument.symbol)) this.states.set(instrument.symbol, this.stateOf(instrument, startPrice));
  }

  /** Starts every path at its last stored price (or its reference price). */
  async init(lastPrices: ReadonlyMap<string, number>, wallMs: number): Promise<void> {
    for (const state of this.states.values()) state.fair = lastPrices.get(state.instrument.symbol) ?? state.instrument.referencePriceMinor;
    this.lastSecondMs = Math.floor(wallMs / 1000) * 1000;
  }

  marketTime(wallMs: number): number {
    return wallMs;
  }

  /**
   * Moves every instrument one step covering the (session) seconds since the previous call.
   * The shock for second `s` depends only on (seed, symbol, s).
   */
  tick(wallSecondMs: number): Tick[] {
    const from = this.lastSecondMs;
    if (wallSecondMs <= from) return [];
    this.lastSecondMs = wallSecondMs;
    const steps = this.options.followsCalendar ? openSecondsBetween(this.options.calendar, from, wallSecondMs) : (wallSecondMs - from) / 1000;
    if (steps <= 0) return [];
    const second = wallSecondMs / 1000;
    const dt = steps * SECOND_IN_YEARS;
    const market = this.draws.normal(MARKET_KEY, second);
    const ticks: Tick[] = [];
    for (const state of this.states.values()) {
      const { instrument } = state;
      const [own, volumeDraw] = this.draws.normals(state.keyHash, second);
      const z = state.rho * market + Math.sqrt(1 - state.rho * state.rho) * own;
      state.fair = gbmStep(state.fair, instrument.annualVolatility, dt, z);
      const volume =
        instrument.typicalDailyVolume > 0
          ? Math.round((instrument.typicalDailyVolume / SESSION_SECONDS) * steps * Math.exp(0.8 * volumeDraw - 0.32))
          : 0;
      ticks.push({ symbol: instrument.symbol, time: wallSecondMs, price: roundToTick(state.fair, instrument.tickSizeMinor), volume });
    }
    return ticks;
  }

  /**
   * 1-minute bars in [fromMs, toMs) walking backwards from `endPrice` at `toMs` (two 30 s
   * steps per minute), deterministic for (seed, symbol, minute). Minutes outside sessions are
   * left out when the provider follows the calendar.
   */
  prelude(symbol: string, fromMs: number, toMs: number, endPrice: number): Bar[] {
    const state = this.states.get(symbol);
    if (!state || toMs <= fromMs) return [];
    const { instrument } = state;
    const sigma = instrument.annualVolatility;
    const dt = 30 * SECOND_IN_YEARS;
    const drift = -(sigma * sigma) / 2 * dt;
    const sd = sigma * Math.sqrt(dt);
    const rho = state.rho;
    const tick = instrument.tickSizeMinor;
    const bars: Bar[] = [];
    let price = endPrice;
    for (let start = toMs - 60_000; start >= fromMs; start -= 60_000) {
      if (this.options.followsCalendar && !this.options.calendar.isOpen(start)) continue;
      const n = start / 60_000;
      const [m1, m2] = this.draws.normals(MARKET_PRELUDE_KEY, n);
      const [o1, o2] = this.draws.normals(state.preludeHash, n);
      const [zv] = this.draws.normals(state.preludeHash ^ 0x3c6ef372, n);
      const k = Math.sqrt(1 - rho * rho);
      const close = price;
      const mid = close / Math.exp(drift + sd * (rho * m2 + k * o2));
      const open = mid / Math.exp(drift + sd * (rho * m1 + k * o1));
      bars.push({
        time: start,
        open: roundToTick(open, tick),
        high: roundToTick(Math.max(open, mid, close), tick),
        low: roundToTick(Math.min(open, mid, close), tick),
        close: roundToTick(close, tick),
        volume: instrument.typicalDailyVolume > 0 ? Math.round((instrument.typicalDailyVolume / SESSION_SECONDS) * 60 * Math.exp(0.8 * zv - 0.32)) : 0,
      });
      price = open;
    }
    return bars.reverse();
  }

  /**
   * Daily bars for the `count` trading days before `beforeDay`, walking backwards from
   * `anchorClose` (the last bar closes there), deterministic for (seed, symbol, day).
   */
  history(symbol: string, beforeDay: string, count: number, anchorClose: number): DailyBar[] {
    const state = this.states.get(symbol);
    if (!state) return [];
    const { instrument } = state;
    const { calendar } = this.options;
    const days = calendar.tradingDaysBack(calendar.previousTradingDay(beforeDay), count);
    const sd = instrument.annualVolatility * Math.sqrt(DAY_IN_YEARS);
    const tick = instrument.tickSizeMinor;
    const bars: DailyBar[] = [];
    let close = anchorClose;
    for (let i = days.length - 1; i >= 0; i--) {
      const day = days[i]!;
      const n = dayNumber(day);
      const [zc, zo] = this.draws.normals(state.dailyHash, n);
      const [zh, zl] = this.draws.normals(state.dailyHash ^ 0x2545f491, n);
      const [zv] = this.draws.normals(state.dailyHash ^ 0x68e31da4, n);
      const z = state.rho * this.draws.normal(MARKET_DAILY_KEY, n) + Math.sqrt(1 - state.rho * state.rho) * zc;
      const previousClose = close / Math.exp(-(instrument.annualVolatility ** 2 / 2) * DAY_IN_YEARS + sd * z);
      const open = previousClose * Math.exp(0.25 * sd * zo);
      const high = Math.max(open, close) * Math.exp(Math.abs(0.45 * sd * zh));
      const low = Math.min(open, close) * Math.exp(-Math.abs(0.45 * sd * zl));
      bars.push({
        day,
        open: roundToTick(open, tick),
        high: roundToTick(high, tick),
        low: roundToTick(low, tick),
        close: roundToTick(close, tick),
        volume: instrument.typicalDailyVolume > 0 ? Math.round(instrument.typicalDailyVolume * Math.exp(0.35 * zv - 0.06)) : 0,
      });
      close = previousClose;
    }
    return bars.reverse();
  }
}
