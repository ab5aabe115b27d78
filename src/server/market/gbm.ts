/**
 * Geometric Brownian motion (simulated provider): one step multiplies the price by
 * exp((μ − σ²/2)·dt + σ·√dt·z). Prices are integer minor units (paise) rounded to the tick.
 */

/** Trading days per year and seconds per NSE session: one simulated second is one session second. */
export const TRADING_DAYS_PER_YEAR = 252;
export const SESSION_SECONDS = 22_500;
/** One second as a fraction of a trading year. */
export const SECOND_IN_YEARS = 1 / (TRADING_DAYS_PER_YEAR * SESSION_SECONDS);
/** One trading day as a fraction of a trading year. */
export const DAY_IN_YEARS = 1 / TRADING_DAYS_PER_YEAR;

/**
 * One GBM step on an exact (unrounded) price.
 * @param price current price, any positive number (minor units).
 * @param sigma annualized volatility, e.g. 0.21.
 * @param dtYears step length in years.
 * @param z a standard normal draw.
 * @param mu annualized drift (0: the price is a martingale).
 */
export function gbmStep(price: number, sigma: number, dtYears: number, z: number, mu = 0): number {
  return price * Math.exp((mu - (sigma * sigma) / 2) * dtYears + sigma * Math.sqrt(dtYears) * z);
}

/**
 * Rounds a price to the nearest tick, never below one tick.
 * @param price minor units (may be fractional).
 * @param tickMinor tick size in minor units, e.g. 5 for 0.05.
 * @returns an integer multiple of `tickMinor`.
 */
export function roundToTick(price: number, tickMinor: number): number {
  return Math.max(tickMinor, Math.round(price / tickMinor) * tickMinor);
}
