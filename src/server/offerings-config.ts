/**
 * Settings of block trading, gather plans and AI baskets, read from the environment
 * by `loadConfig`:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `BLOCK_PRICE_BAND_BPS` | `100` (±1 %) | a block offer's price must lie within this band around the feed price, when saved and when bought |
 * | `GATHER_INTERVAL_MS` | `1000` | how often the gather runner looks for due tranches (running clocks only) |
 * | `GATHER_MIN_INTERVAL_S` | `5` | shortest tranche interval an operator may set (daily in real use) |
 * | `AI_DATA_DIR` | `../shared/data/nse` | folder of daily NSE bars the basket models are fitted on |
 * | `AI_REFIT_HOURS` | `24` | how often the models are refitted |
 * | `AI_BASKET_MIN_AMOUNT` | `5000` | smallest basket order in currency units |
 */
import path from 'node:path';
import { toMinor } from '../shared/money.js';

/** The offerings section of the server configuration. */
export interface OfferingsConfig {
  /** Basis points: 100 = ±1 %. */
  blockPriceBandBps: number;
  gatherIntervalMs: number;
  gatherMinIntervalSeconds: number;
  aiDataDir: string;
  /** Milliseconds between refits. */
  aiRefitMs: number;
  /** Minor units. */
  aiBasketMinAmountMinor: number;
}

const whole = (value: string | undefined, fallback: number, min = 0): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
};

/** Reads the offerings settings; `rootDir` is the project root. */
export function loadOfferingsConfig(env: NodeJS.ProcessEnv, rootDir: string): OfferingsConfig {
  return {
    blockPriceBandBps: Math.min(5_000, whole(env.BLOCK_PRICE_BAND_BPS, 100, 1)),
    gatherIntervalMs: whole(env.GATHER_INTERVAL_MS, 1000, 50),
    gatherMinIntervalSeconds: whole(env.GATHER_MIN_INTERVAL_S, 5, 1),
    aiDataDir: path.resolve(env.AI_DATA_DIR ?? path.join(rootDir, '../shared/data/nse')),
    aiRefitMs: whole(env.AI_REFIT_HOURS, 24, 1) * 3_600_000,
    aiBasketMinAmountMinor: toMinor(whole(env.AI_BASKET_MIN_AMOUNT, 5000, 1)),
  };
}
