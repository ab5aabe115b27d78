/**
 * The simulated provider: GBM ticks are rounded to the tick size, and the
 * same seed gives the same prices (different seeds do not); generated history leads up to its
 * anchor; the first day's prelude ends at the reference price.
 */
import { describe, expect, it } from 'vitest';
import { gbmStep, roundToTick, SECOND_IN_YEARS } from '../../src/server/market/gbm';
import { SessionCalendar } from '../../src/server/market/calendar';
import { loadInstruments } from '../../src/server/market/instruments';
import { SimulatedProvider } from '../../src/server/market/providers/simulated';
import { SeededDraws } from '../../src/server/market/random';

const instruments = loadInstruments();
const calendar = new SessionCalendar();
const START = Date.UTC(2026, 10, 23, 6, 0, 0); // Monday 11:30 India time

function run(seed: string, seconds: number, followsCalendar = false) {
  const provider = new SimulatedProvider(instruments, { seed, calendar, followsCalendar });
  void provider.init(new Map(), START);
  const out = [];
  for (let s = 1; s <= seconds; s++) out.push(...provider.tick(START + s * 1000));
  return out;
}

describe('GBM steps and tick rounding', () => {
  it('rounds to the nearest tick and never below one tick', () => {
    expect(roundToTick(136402.4, 5)).toBe(136400);
    expect(roundToTick(136402.5, 5)).toBe(136405);
    expect(roundToTick(136407.49, 5)).toBe(136405);
    expect(roundToTick(1.2, 5)).toBe(5);
    expect(roundToTick(-50, 5)).toBe(5);
  });

  it('moves by exp((μ − σ²/2)dt + σ√dt z)', () => {
    expect(gbmStep(100, 0.2, 1, 0)).toBeCloseTo(100 * Math.exp(-0.02), 10);
    expect(gbmStep(100, 0.2, 0.25, 1)).toBeCloseTo(100 * Math.exp(-0.005 + 0.1), 10);
    expect(gbmStep(100, 0.2, SECOND_IN_YEARS, 0, 0.02)).toBeGreaterThan(gbmStep(100, 0.2, SECOND_IN_YEARS, 0, 0));
  });

  it('draws standard normals: mean ≈ 0, variance ≈ 1, independent of call order', () => {
    const draws = new SeededDraws('x');
    const values = Array.from({ length: 20_000 }, (_, i) => draws.normal(7, i));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
    expect(new SeededDraws('x').normal(7, 12_345)).toBe(values[12_345]);
  });
});

describe('simulated provider', () => {
  it('ticks every instrument once per second, on the tick grid', () => {
    const ticks = run('seed-a', 60);
    expect(ticks).toHaveLength(60 * instruments.length);
    for (const tick of ticks) {
      const instrument = instruments.find((i) => i.symbol === tick.symbol)!;
      expect(Number.isInteger(tick.price)).toBe(true);
      expect(tick.price % instrument.tickSizeMinor).toBe(0);
      expect(tick.price).toBeGreaterThan(0);
      expect(Number.isInteger(tick.volume) && tick.volume >= 0).toBe(true);
      if (instrument.kind === 'index') expect(tick.volume).toBe(0);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(run('seed-a', 120)).toEqual(run('seed-a', 120));
    const a = run('seed-a', 120).map((t) => t.price);
    const b = run('seed-b', 120).map((t) => t.price);
    expect(a).not.toEqual(b);
  });

  it('moves prices by about the instrument volatility', () => {
    const ticks = run('vol', 3600).filter((t) => t.symbol === 'RELIANCE');
    const returns = ticks.slice(1).map((t, i) => Math.log(t.price / ticks[i]!.price));
    const sd = Math.sqrt(returns.reduce((a, r) => a + r * r, 0) / returns.length);
    const annual = sd / Math.sqrt(SECOND_IN_YEARS);
    const reliance = instruments.find((i) => i.symbol === 'RELIANCE')!;
    // Rounding to 0.05 adds a little noise on a ~1,364 price; the order of magnitude must hold.
    expect(annual).toBeGreaterThan(reliance.annualVolatility * 0.7);
    expect(annual).toBeLessThan(reliance.annualVolatility * 1.6);
  });

  it('covers a skipped gap in one step, and only session seconds when following the calendar', () => {
    const provider = new SimulatedProvider(instruments, { seed: 's', calendar, followsCalendar: true });
    void provider.init(new Map(), Date.UTC(2026, 10, 23, 10, 0, 0)); // 15:30 India time: closed
    expect(provider.tick(Date.UTC(2026, 10, 23, 12, 0, 0))).toEqual([]); // still closed
    const open = Date.UTC(2026, 10, 24, 3, 45, 0); // next day 09:15
    const ticks = provider.tick(open + 5000);
    expect(ticks).toHaveLength(instruments.length);
  });

  it('generates a year of daily history deterministically, ending at the anchor', () => {
    const provider = new SimulatedProvider(instruments, { seed: 'h', calendar, followsCalendar: true });
    const a = provider.history('TCS', '2026-11-23', 260, 288_840);
    const b = new SimulatedProvider(instruments, { seed: 'h', calendar, followsCalendar: true }).history('TCS', '2026-11-23', 260, 288_840);
    expect(a).toEqual(b);
    expect(a).toHaveLength(260);
    expect(a.at(-1)).toMatchObject({ day: '2026-11-20', close: 288_840 });
    for (const bar of a) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(calendar.isTradingDay(bar.day)).toBe(true);
    }
  });

  it('fills the first day with minutes that end at the reference price', () => {
    const provider = new SimulatedProvider(instruments, { seed: 'p', calendar, followsCalendar: false });
    const end = Date.UTC(2026, 10, 23, 6, 0, 0);
    const bars = provider.prelude('INFY', end - 60 * 60_000, end, 144_180);
    expect(bars).toHaveLength(60);
    expect(bars.at(-1)!.close).toBe(144_180);
    expect(bars[0]!.time).toBe(end - 60 * 60_000);
    bars.slice(1).forEach((bar, i) => expect(bar.open).toBe(bars[i]!.close));
  });
});
