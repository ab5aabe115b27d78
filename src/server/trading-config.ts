/**
 * Trading settings (docs/product.md, Up/down trading), read from the environment by `loadConfig`:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `TRADING_UPDOWN` | `on` | `off` switches the up/down product off for this deployment |
 * | `UPDOWN_DURATIONS` | `60:0.85,180:0.90,300:0.95` | offered durations (seconds) and their profit rates |
 * | `UPDOWN_AMOUNT_MIN` / `UPDOWN_AMOUNT_MAX` | `10` / `100000` | stake bounds in whole currency units |
 * | `UPDOWN_QUICK_AMOUNTS` | `100,500,1000,5000` | the amount chips the trade panel offers |
 * | `COMMISSION_BPS` | `10` (0.10 %) | stock-order commission in basis points, both sides |
 * | `SETTLER_INTERVAL_MS` | `1000` | how often the background settler runs (real clocks only) |
 * | `SETTLER_BATCH` | `5000` | contracts settled per transaction (set-based: a fixed number of statements per batch) |
 * | `SETTLER_LAG_MS` | `1500` | the background settler settles contracts due at least this long ago, so every process has stored its ticks for the expiry second |
 * | `PRICE_TICK_RETENTION_DAYS` | `7` | recorded ticks older than this (and older than every open contract) are deleted |
 * | `CHARGES_STT_PER_CRORE` | `10000` (0.1 %) | securities transaction tax, rupees per crore of turnover, both sides |
 * | `CHARGES_EXCHANGE_PER_CRORE` | `297` (0.00297 %) | NSE transaction charge, rupees per crore, both sides |
 * | `CHARGES_SEBI_PER_CRORE` | `10` | SEBI turnover fee, rupees per crore, both sides |
 * | `CHARGES_STAMP_PER_CRORE` | `1500` (0.015 %) | stamp duty, rupees per crore, buy side |
 * | `CHARGES_GST_BPS` | `1800` (18 %) | GST on brokerage + exchange charge + SEBI fee, basis points |
 * | `ORDER_PRICE_BAND_BPS` | `2000` (±20 %) | a limit or trigger price must lie within this band around the previous close |
 * | `ORDER_MATCH_INTERVAL_MS` | `1000` | how often each process checks resting orders against the current price and expires day orders (real clocks only) |
 *
 * Sources of the charge rates: docs/trading.md, Charges.
 */
import { rateToBasisPoints } from '../shared/trade.js';

/** One offered contract duration. */
export interface DurationOption {
  seconds: number;
  /** Profit ratio, e.g. 0.85. */
  rate: number;
  /** The same ratio in basis points (8500), used for the arithmetic. */
  rateBasisPoints: number;
}

/** The trading section of the server configuration. */
export interface TradingConfig {
  updownEnabled: boolean;
  durations: DurationOption[];
  /** Whole currency units. */
  amountMin: number;
  amountMax: number;
  quickAmounts: number[];
  commissionBasisPoints: number;
  settler: { intervalMs: number; batchSize: number; lagMs: number };
  tickRetentionDays: number;
  /** Statutory charges of share and ETF trades (docs/trading.md, Charges); integers. */
  charges: { sttPerCrore: number; exchangePerCrore: number; sebiPerCrore: number; stampPerCrore: number; gstBps: number };
  /** Resting orders: the price band around the previous close (basis points) and the matcher's period (ms). */
  orders: { priceBandBps: number; matchIntervalMs: number };
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : !/^(0|false|no|off)$/i.test(value);

const whole = (value: string | undefined, fallback: number, min = 0): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
};

/**
 * Parses `60:0.85,180:0.90` into duration options, sorted by seconds.
 * @throws RangeError for a malformed entry (the server should not start with one).
 */
export function parseDurations(text: string): DurationOption[] {
  const options = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [seconds, rate] = part.split(':').map((s) => Number(s.trim()));
      if (!Number.isInteger(seconds) || seconds! <= 0 || seconds! > 86_400 || rate === undefined || !Number.isFinite(rate) || rate <= 0) {
        throw new RangeError(`UPDOWN_DURATIONS entry '${part}' is not <seconds>:<rate>`);
      }
      return { seconds: seconds!, rate, rateBasisPoints: rateToBasisPoints(rate) };
    });
  if (!options.length) throw new RangeError('UPDOWN_DURATIONS offers no duration');
  return options.sort((a, b) => a.seconds - b.seconds);
}

/**
 * Reads the trading settings.
 * @throws RangeError when `UPDOWN_DURATIONS` is malformed.
 */
export function loadTradingConfig(env: NodeJS.ProcessEnv): TradingConfig {
  const amountMin = whole(env.UPDOWN_AMOUNT_MIN, 10, 1);
  const amountMax = Math.max(amountMin, whole(env.UPDOWN_AMOUNT_MAX, 100_000, 1));
  const quick = (env.UPDOWN_QUICK_AMOUNTS || '100,500,1000,5000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= amountMin && n <= amountMax);
  const bps = whole(env.COMMISSION_BPS, 10);
  return {
    updownEnabled: flag(env.TRADING_UPDOWN, true),
    durations: parseDurations(env.UPDOWN_DURATIONS || '60:0.85,180:0.90,300:0.95'),
    amountMin,
    amountMax,
    quickAmounts: quick,
    commissionBasisPoints: bps <= 10_000 ? bps : 10,
    settler: {
      intervalMs: whole(env.SETTLER_INTERVAL_MS, 1000, 50),
      batchSize: whole(env.SETTLER_BATCH, 5000, 1),
      lagMs: whole(env.SETTLER_LAG_MS, 1500),
    },
    tickRetentionDays: whole(env.PRICE_TICK_RETENTION_DAYS, 7, 1),
    charges: {
      sttPerCrore: whole(env.CHARGES_STT_PER_CRORE, 10_000),
      exchangePerCrore: whole(env.CHARGES_EXCHANGE_PER_CRORE, 297),
      sebiPerCrore: whole(env.CHARGES_SEBI_PER_CRORE, 10),
      stampPerCrore: whole(env.CHARGES_STAMP_PER_CRORE, 1_500),
      gstBps: whole(env.CHARGES_GST_BPS, 1_800),
    },
    orders: { priceBandBps: Math.min(10_000, whole(env.ORDER_PRICE_BAND_BPS, 2000, 1)), matchIntervalMs: whole(env.ORDER_MATCH_INTERVAL_MS, 1000, 50) },
  };
}
