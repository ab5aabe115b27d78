/** The pure rules of resting orders (docs/trading.md, Orders): crossing, the price band, the stop's side, a day order's expiry. */
import { describe, expect, it } from 'vitest';
import { crosses, dayOrderExpiry, priceBand, triggerOnRightSide } from '../../src/server/domain/orders/rules.js';
import { SessionCalendar } from '../../src/server/market/calendar.js';

describe('order rules', () => {
  it('fills a limit at or better than its limit and a stop at or through its trigger', () => {
    const buyLimit = { side: 'buy' as const, orderType: 'limit' as const, limitPriceMinor: 10_000, triggerPriceMinor: null };
    expect([9_995, 10_000, 10_005].map((p) => crosses(buyLimit, p))).toEqual([true, true, false]);
    const sellLimit = { ...buyLimit, side: 'sell' as const };
    expect([9_995, 10_000, 10_005].map((p) => crosses(sellLimit, p))).toEqual([false, true, true]);
    const buyStop = { side: 'buy' as const, orderType: 'stop' as const, limitPriceMinor: null, triggerPriceMinor: 10_000 };
    expect([9_995, 10_000, 10_005].map((p) => crosses(buyStop, p))).toEqual([false, true, true]);
    const sellStop = { ...buyStop, side: 'sell' as const };
    expect([9_995, 10_000, 10_005].map((p) => crosses(sellStop, p))).toEqual([true, true, false]);
  });

  it('bands the previous close inward to the paisa and wants a stop on the far side of the price', () => {
    expect(priceBand(100_001, 2000)).toEqual({ lowMinor: 80_001, highMinor: 120_001 });
    expect(priceBand(10_000, 500)).toEqual({ lowMinor: 9_500, highMinor: 10_500 });
    expect(triggerOnRightSide('buy', 10_005, 10_000)).toBe(true);
    expect(triggerOnRightSide('buy', 10_000, 10_000)).toBe(false);
    expect(triggerOnRightSide('sell', 9_995, 10_000)).toBe(true);
    expect(triggerOnRightSide('sell', 10_005, 10_000)).toBe(false);
  });

  it('expires a day order at the running session close, or the next session close when placed while closed', () => {
    const calendar = new SessionCalendar(['2026-11-24']);
    // Monday 23 Nov 2026 11:30 India time → 15:30 the same day (10:00 UTC).
    expect(dayOrderExpiry(calendar, Date.UTC(2026, 10, 23, 6, 0))).toBe(Date.UTC(2026, 10, 23, 10, 0));
    // After the close on Monday, Tuesday a holiday → Wednesday's close.
    expect(dayOrderExpiry(calendar, Date.UTC(2026, 10, 23, 12, 0))).toBe(Date.UTC(2026, 10, 25, 10, 0));
    // Saturday → Monday's close.
    expect(dayOrderExpiry(calendar, Date.UTC(2026, 10, 28, 6, 0))).toBe(Date.UTC(2026, 10, 30, 10, 0));
  });
});
