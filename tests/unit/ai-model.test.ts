/**
 * The basket models (src/server/domain/ai/model.ts) on fixed
 * data: on synthetic series with known growth the backtest figures equal the closed-form
 * values; on the shared NSE history (when present) a fit reproduces the published figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { align, cagr, fit, maxDrawdown, MODEL_SPECS, type DailyClose, type ModelSpec } from '../../src/server/domain/ai/model.js';
import { loadCsvHistory } from '../../src/server/domain/ai/history.js';
import { ROOT_DIR } from '../../src/server/config.js';
import instruments from '../../src/server/market/instruments.json' with { type: 'json' };

const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const series = (n: number, f: (i: number) => number): DailyClose[] => Array.from({ length: n }, (_, i) => ({ day: day(i), close: f(i) }));

describe('model arithmetic', () => {
  it('aligns with carry-forward, measures CAGR and drawdown', () => {
    const aligned = align([{ day: day(1), close: 10 }, { day: day(3), close: 12 }], [day(0), day(1), day(2), day(3)]);
    expect([...aligned].map((x) => (Number.isNaN(x) ? null : x))).toEqual([null, 10, 10, 12]);
    expect(cagr(100, 121, '2020-01-01', '2021-12-31')).toBeCloseTo(0.1, 2);
    expect(maxDrawdown([1, 1.2, 0.9, 1.3, 1.04])).toBeCloseTo(0.25, 12);
  });
});

describe('momentum on synthetic growth', () => {
  const n = 400;
  const growth = { A: 1.002, B: 1.001, C: 1.0005, D: 1, E: 0.999 };
  const stocks = new Map(Object.entries(growth).map(([s, g]) => [s, series(n, (i) => 100 * g ** i)]));
  const benchmark = series(n, (i) => 100 * 1.0003 ** i);
  const spec: ModelSpec = { kind: 'momentum', lookbacks: [20, 40], skip: 5, holdDays: 10, picks: 2, trainFraction: 0.5 };
  const f = fit({ stocks, benchmark }, spec);

  it('picks the two strongest and reproduces the closed-form backtest', () => {
    // Rebalances at 40, 50, …, 390 (36 periods); the second half (from index 220) is out of sample.
    expect(f.lookback).toBe(20); // equal training CAGR for both lookbacks: the first wins
    expect(f.backtest.periods).toBe(18);
    expect(f.backtest).toMatchObject({ from: day(220), to: day(399), hitRate: 1, maxDrawdown: 0 });
    let equity = 1;
    for (let p = 0; p < 18; p++) {
      const h = p === 17 ? 9 : 10;
      equity *= (1.002 ** h + 1.001 ** h) / 2;
    }
    expect(f.backtest.cagr).toBeCloseTo(equity ** (365.25 / 179) - 1, 12);
    expect(f.backtest.benchmarkCagr).toBeCloseTo(1.0003 ** 365.25 - 1, 12);
    expect(f.picks.map((p) => [p.symbol, p.weightBp])).toEqual([['A', 5000], ['B', 5000]]);
    expect(f.picks[0]!.feature).toBeCloseTo(1.002 ** 15 - 1, 12);
    expect(f.asOf).toBe(day(399));
  });

  it('is deterministic', () => {
    expect(fit({ stocks, benchmark }, spec)).toEqual(f);
  });

  it('low volatility never picks the zig-zag stock', () => {
    const zig = new Map(stocks);
    zig.set('Z', series(n, (i) => (i % 2 ? 102 : 100) * 1.003 ** i));
    const low = fit({ stocks: zig, benchmark }, { ...spec, kind: 'lowVolatility', skip: 0, picks: 4 });
    expect(low.picks.map((p) => p.symbol)).not.toContain('Z');
    expect(low.picks.reduce((s, p) => s + p.weightBp, 0)).toBe(10_000);
  });
});

const NSE = path.resolve(ROOT_DIR, '../shared/data/nse');
describe.skipIf(!fs.existsSync(NSE))('fitted on the NSE history', () => {
  const symbols = (instruments as { instruments: Array<{ symbol: string; kind: string }> }).instruments.filter((i) => i.kind === 'equity').map((i) => i.symbol);
  const data = loadCsvHistory(NSE, symbols)!;

  it('reproduces the published momentum figures', () => {
    const f = fit(data, MODEL_SPECS.momentum);
    expect(f.lookback).toBe(252);
    expect(f.asOf).toBe('2025-09-30');
    expect(f.training).toMatchObject({ from: '2021-10-07', to: '2023-09-18' });
    expect(f.backtest).toMatchObject({ from: '2023-09-18', to: '2024-12-31', periods: 16, hitRate: 0.6875 });
    expect(f.backtest.cagr).toBeCloseTo(0.7230177536240165, 10);
    expect(f.backtest.maxDrawdown).toBeCloseTo(0.1243923004555958, 10);
    expect(f.backtest.benchmarkCagr).toBeCloseTo(0.13307741124561367, 10);
    expect(f.picks.map((p) => p.symbol)).toEqual(['BEL', 'EICHERMOT', 'BAJFINANCE', 'MARUTI', 'ETERNAL']);
  });

  it('reproduces the published low-volatility figures', () => {
    const f = fit(data, MODEL_SPECS.lowVolatility);
    expect(f.lookback).toBe(126);
    expect(f.backtest.cagr).toBeCloseTo(0.19586574836080328, 10);
    expect(f.backtest.maxDrawdown).toBeCloseTo(0.12625737912335377, 10);
    expect(f.backtest.hitRate).toBe(0.525);
    expect(f.picks.map((p) => p.symbol)).toEqual(['ITC', 'HDFCBANK', 'ICICIBANK', 'COALINDIA', 'NTPC']);
  });
});
