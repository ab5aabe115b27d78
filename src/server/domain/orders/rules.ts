/**
 * The pure rules of resting orders (docs/trading.md, Orders): when a price fills an order, the
 * day's price band, which side of the price a stop's trigger lies on, and a day order's
 * expiry. Prices are INR minor units (paise), times epoch ms.
 */
import { SESSION_MS, type SessionCalendar } from '../../market/calendar.js';

/** What a resting order waits for. */
export interface RestingTerms {
  side: 'buy' | 'sell';
  orderType: 'limit' | 'stop';
  limitPriceMinor: number | null;
  triggerPriceMinor: number | null;
}

/**
 * Whether a traded price fills the order: a limit buy at or below its limit, a limit sell at
 * or above it; a stop buy at or above its trigger, a stop sell at or below it. The fill is at
 * that price — for a limit never worse than the limit.
 */
export function crosses(order: RestingTerms, priceMinor: number): boolean {
  if (order.orderType === 'limit') {
    const limit = order.limitPriceMinor!;
    return order.side === 'buy' ? priceMinor <= limit : priceMinor >= limit;
  }
  const trigger = order.triggerPriceMinor!;
  return order.side === 'buy' ? priceMinor >= trigger : priceMinor <= trigger;
}

/**
 * The day's price band: previous close ± `bandBps` basis points, the low end rounded up and
 * the high end down to the paisa.
 */
export function priceBand(prevCloseMinor: number, bandBps: number): { lowMinor: number; highMinor: number } {
  return {
    lowMinor: Math.ceil((prevCloseMinor * (10_000 - bandBps)) / 10_000),
    highMinor: Math.floor((prevCloseMinor * (10_000 + bandBps)) / 10_000),
  };
}

/**
 * Whether a stop's trigger lies on the right side of the current price: above it for a buy
 * (it buys a breakout), below it for a sell (it limits a loss). A trigger equal to the price
 * would fire at once and is refused.
 */
export function triggerOnRightSide(side: 'buy' | 'sell', triggerMinor: number, priceMinor: number): boolean {
  return side === 'buy' ? triggerMinor > priceMinor : triggerMinor < priceMinor;
}

/**
 * When a day order placed at `now` expires: the close of the running NSE session, or — placed
 * while the market is closed — the close of the next session (India time, the calendar of
 * `src/server/market/calendar.ts`).
 */
export function dayOrderExpiry(calendar: SessionCalendar, now: number): number {
  const state = calendar.state(now);
  return state.open ? state.closesAt! : state.nextOpen! + SESSION_MS;
}
