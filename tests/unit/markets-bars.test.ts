/**
 * Bar aggregation at minute boundaries: a tick at hh:mm:59.999 belongs to
 * that minute, one at hh:(mm+1):00.000 closes it and opens the next; resampling and days.
 */
import { describe, expect, it } from 'vitest';
import { MinuteBarAggregator, addToDay, resample } from '../../src/server/market/bars';
import type { Tick } from '../../src/server/market/types';

const T0 = Date.UTC(2026, 10, 23, 3, 45, 0); // 09:15:00 India time
const tick = (offsetMs: number, price: number, volume = 10, symbol = 'TCS'): Tick => ({ symbol, time: T0 + offsetMs, price, volume });

describe('1-minute bars', () => {
  it('keeps ticks up to 59.999 s in the minute and closes it on the next minute', () => {
    const agg = new MinuteBarAggregator();
    expect(agg.add(tick(0, 100))).toBeNull();
    expect(agg.add(tick(20_000, 105))).toBeNull();
    expect(agg.add(tick(40_000, 95))).toBeNull();
    expect(agg.add(tick(59_999, 101))).toBeNull();
    const closed = agg.add(tick(60_000, 102, 7));
    expect(closed).toEqual({ time: T0, open: 100, high: 105, low: 95, close: 101, volume: 40 });
    expect(agg.current('TCS')).toEqual({ time: T0 + 60_000, open: 102, high: 102, low: 102, close: 102, volume: 7 });
  });

  it('keeps symbols apart and skips empty minutes', () => {
    const agg = new MinuteBarAggregator();
    agg.add(tick(1000, 100));
    agg.add(tick(1000, 500, 1, 'INFY'));
    const closed = agg.add(tick(3 * 60_000 + 5, 110));
    expect(closed).toMatchObject({ time: T0, close: 100 });
    expect(agg.current('INFY')).toMatchObject({ time: T0, close: 500 });
    expect(agg.current('TCS')).toMatchObject({ time: T0 + 3 * 60_000 });
  });

  it('closes bars whose minute has ended when no later tick comes (market close)', () => {
    const agg = new MinuteBarAggregator();
    agg.add(tick(30_000, 100));
    expect(agg.closeBefore(T0 + 59_999)).toEqual([]);
    expect(agg.closeBefore(T0 + 60_000)).toEqual([{ symbol: 'TCS', bar: { time: T0, open: 100, high: 100, low: 100, close: 100, volume: 10 } }]);
    expect(agg.current('TCS')).toBeNull();
  });

  it('resamples minutes into 15-minute bars aligned to the clock', () => {
    const minutes = Array.from({ length: 30 }, (_, i) => ({ time: T0 + i * 60_000, open: 100 + i, high: 101 + i, low: 99 + i, close: 100.5 + i, volume: 1 }));
    const out = resample(minutes, 15 * 60_000);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({ time: T0, open: 100, high: 115, low: 99, close: 114.5, volume: 15 });
    expect(out[1]!.time).toBe(T0 + 15 * 60_000);
  });

  it('builds a day from ticks and starts a new one on a new date', () => {
    let day = addToDay(null, '2026-11-23', tick(0, 100));
    day = addToDay(day, '2026-11-23', tick(1000, 120));
    day = addToDay(day, '2026-11-23', tick(2000, 90));
    expect(day).toEqual({ day: '2026-11-23', open: 100, high: 120, low: 90, close: 90, volume: 30 });
    expect(addToDay(day, '2026-11-24', tick(86_400_000, 95))).toMatchObject({ day: '2026-11-24', open: 95, volume: 10 });
  });
});
