/**
 * Replay parsing of each CSV format found in ../shared/data/nse/. The
 * inline samples always run; the real files are read when the shared data is present (tests
 * that need it skip with a message otherwise).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseBarsCsv, parseMarketTime } from '../../src/server/market/providers/replay-csv';
import { ReplayProvider, interpolateBar } from '../../src/server/market/providers/replay';
import { loadInstruments } from '../../src/server/market/instruments';
import { indiaDay } from '../../src/shared/india-time';

const DATA = path.resolve(__dirname, '../../../shared/data/nse');
const hasData = fs.existsSync(DATA);
if (!hasData) console.warn(`skipping replay tests on real files: ${DATA} is absent`);
const read = (relative: string) => fs.readFileSync(path.join(DATA, relative), 'utf8');
/** The bars of a daily or an intraday series. */
const daily = (series: ReturnType<typeof parseBarsCsv>) => {
  if (series.kind !== 'daily') throw new Error('expected daily bars');
  return series.bars;
};
const intraday = (series: ReturnType<typeof parseBarsCsv>) => {
  if (series.kind !== 'intraday') throw new Error('expected intraday bars');
  return series.bars;
};

describe('CSV formats (inline samples)', () => {
  it('reads daily bars with an ISO timestamp and +05:30 offset (Historical-Data)', () => {
    const series = parseBarsCsv('timestamp,open,high,low,close,volume,oi\n2020-10-01 00:00:00+05:30,1078.9,1078.9,1055.2,1060.55,20124778,0\n2020-10-05 00:00:00+05:30,1069.5,1071.95,1051.4,1054.3,18323314,0\n');
    expect(series).toMatchObject({ format: 'daily-timestamp', kind: 'daily' });
    expect(series.bars[0]).toEqual({ day: '2020-10-01', open: 107890, high: 107890, low: 105520, close: 106055, volume: 20124778 });
  });

  it('reads Yahoo-style daily bars with ISO dates and float32 prices (scrooge)', () => {
    const series = parseBarsCsv('date,close,high,low,open,volume\n2007-09-17,4494.64990234375,4549.0498046875,4482.85009765625,4518.4501953125,0\n');
    expect(series).toMatchObject({ format: 'daily-iso', kind: 'daily' });
    expect(series.bars[0]).toEqual({ day: '2007-09-17', open: 451845, high: 454905, low: 448285, close: 449465, volume: 0 });
  });

  it('reads dd-mm-yyyy daily bars (Stock-Market-Crash/sensex)', () => {
    const series = parseBarsCsv('Date,Close,High,Low,Open,Volume\n01-07-1997,4300.859863,4301.77002,4247.660156,4263.109863,0\n02-07-1997,4333.899902,4395.310059,4295.399902,4302.959961,0\n');
    expect(series).toMatchObject({ format: 'daily-dmy', kind: 'daily' });
    expect(daily(series).map((b) => b.day)).toEqual(['1997-07-01', '1997-07-02']);
    expect(series.bars[0]!.close).toBe(430085);
  });

  it('reads 5-minute intraday bars and finds their interval (nse.intra.data)', () => {
    const series = parseBarsCsv('date,open,high,low,close,volume\n2023-07-03 09:15:00+05:30,2438.35,2443.3,2435.75,2442.25,105325\n2023-07-03 09:20:00+05:30,2441.7,2443.05,2440.2,2442.05,41613\n');
    expect(series).toMatchObject({ format: 'intraday', kind: 'intraday', intervalMs: 300_000 });
    expect(series.bars[0]).toEqual({ time: Date.parse('2023-07-03T09:15:00+05:30'), open: 243835, high: 244330, low: 243575, close: 244225, volume: 105325 });
  });

  it('skips unreadable rows and refuses files that are not bars', () => {
    const series = parseBarsCsv('date,close,high,low,open,volume\n2020-01-01,null,null,null,null,0\n2020-01-02,10,11,9,10,5\n');
    expect(series.bars).toHaveLength(1);
    expect(() => parseBarsCsv('Company Name,Industry,Symbol,Series,ISIN Code\nX,Y,Z,EQ,INE\n')).toThrow(/not a bar CSV/);
    expect(detectFormat(['Company Name', 'Symbol'], 'x')).toBeNull();
  });

  it('parses market times in India time unless an offset is given', () => {
    expect(parseMarketTime('2024-01-02')).toBe(Date.parse('2024-01-02T00:00:00+05:30'));
    expect(parseMarketTime('2024-01-02 09:15')).toBe(Date.parse('2024-01-02T09:15:00+05:30'));
    expect(parseMarketTime('2024-01-02 03:45:00Z')).toBe(Date.parse('2024-01-02T03:45:00Z'));
    expect(parseMarketTime('02-01-2024')).toBe(Date.parse('2024-01-02T00:00:00+05:30'));
    expect(parseMarketTime('yesterday')).toBeNaN();
  });

  it('interpolates inside a bar through its low and high', () => {
    const up = { open: 100, high: 130, low: 90, close: 120 };
    expect(interpolateBar(up, 0)).toBe(100);
    expect(interpolateBar(up, 1 / 3)).toBeCloseTo(90);
    expect(interpolateBar(up, 2 / 3)).toBeCloseTo(130);
    expect(interpolateBar(up, 1)).toBe(120);
    expect(interpolateBar({ open: 100, high: 110, low: 80, close: 90 }, 1 / 3)).toBeCloseTo(110);
  });
});

describe.skipIf(!hasData)('CSV formats (real files in ../shared/data/nse)', () => {
  it('reads every Historical-Data file as daily bars', () => {
    const files = fs.readdirSync(path.join(DATA, 'Historical-Data')).filter((f) => f.endsWith('.csv'));
    expect(files.length).toBeGreaterThanOrEqual(50);
    for (const file of files) {
      const series = parseBarsCsv(read(`Historical-Data/${file}`));
      expect(series.format, file).toBe('daily-timestamp');
      expect(series.bars.length, file).toBeGreaterThan(100);
    }
    const reliance = parseBarsCsv(read('Historical-Data/RELIANCE_2020-10-01_to_2025-09-30.csv'));
    expect(reliance.bars[0]).toMatchObject({ day: '2020-10-01', close: 106055 });
    expect(reliance.bars.at(-1)).toMatchObject({ day: '2025-09-30', close: 136400 });
  });

  it('reads the NIFTY 50 (scrooge) and SENSEX files', () => {
    const nifty = parseBarsCsv(read('scrooge/cleaned.csv'));
    expect(nifty).toMatchObject({ format: 'daily-iso' });
    expect(nifty.bars.at(-1)).toMatchObject({ day: '2024-12-31' });
    const sensex = parseBarsCsv(read('Stock-Market-Crash/sensex.csv'));
    expect(sensex).toMatchObject({ format: 'daily-dmy' });
    expect(daily(sensex)[0]!.day).toBe('1997-07-01');
    expect(daily(sensex).at(-1)!.day).toBe('2025-03-28');
  });

  it('reads the 5-minute intraday files', () => {
    for (const symbol of ['RELIANCE', 'TCS', 'HDFCBANK', 'INFY', 'ICICIBANK']) {
      const series = parseBarsCsv(read(`nse.intra.data/${symbol}.csv`));
      expect(series, symbol).toMatchObject({ format: 'intraday', intervalMs: 300_000 });
      expect(indiaDay(intraday(series)[0]!.time)).toBe('2023-07-03');
    }
  });

  it('replays recorded prices at speed, interpolating inside bars', async () => {
    const anchor = Date.UTC(2026, 0, 1);
    const provider = new ReplayProvider(loadInstruments(), { dir: DATA, speed: 60, anchorMs: anchor });
    await provider.init();
    // At the anchor the replay is at the first intraday day's open.
    expect(provider.marketTime(anchor)).toBe(Date.parse('2023-07-03T09:15:00+05:30'));
    // 5 wall seconds at 60× = 5 session minutes: the second 5-minute bar's open.
    expect(provider.marketTime(anchor + 5000)).toBe(Date.parse('2023-07-03T09:20:00+05:30'));
    const ticks = provider.tick(anchor + 5000);
    const reliance = ticks.find((t) => t.symbol === 'RELIANCE')!;
    expect(reliance.price).toBe(244170); // 2441.7, the 09:20 bar's open
    expect(ticks.find((t) => t.symbol === 'NIFTY50')).toBeDefined(); // daily-only series interpolate too
    const later = provider.tick(anchor + 6000);
    expect(later.find((t) => t.symbol === 'RELIANCE')!.volume).toBeGreaterThan(0);
    const history = provider.history('TCS', '2023-07-03', 260);
    expect(history).toHaveLength(260);
    expect(history.at(-1)!.day < '2023-07-03').toBe(true);
  });
});
