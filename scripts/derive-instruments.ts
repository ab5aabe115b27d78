/**
 * `npx tsx scripts/derive-instruments.ts [nse-data-dir]`: derives the project's own instrument
 * master (`src/server/market/instruments.json`) from the real NSE history in
 * `../shared/data/nse/` (see its README): the NIFTY 50 constituents with sector and ISIN, the
 * NIFTY 50 and SENSEX indices, a reference price (the last close in the data), an annual
 * volatility (standard deviation of the last 252 daily log returns × √252), a typical daily
 * volume (median of the last 60 sessions) and the NSE holidays (weekdays without a session in
 * the data, plus the published ones after the data ends). The data files themselves are not
 * copied. Symbols without a history file (see the data README's caveats) get documented
 * manual estimates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ROOT_DIR } from '../src/server/config.js';

const DATA_DIR = path.resolve(process.argv[2] ?? process.env.NSE_DATA_DIR ?? path.join(ROOT_DIR, '../shared/data/nse'));
const OUT = path.join(ROOT_DIR, 'src/server/market/instruments.json');

/** Symbols whose history lives under another name (data README caveats). */
const HISTORY_ALIAS: Record<string, string> = { TMPV: 'TATAMOTORS' };

/**
 * Constituents without a daily file in the data: manual estimates of the last close before
 * 2025-10-01 and a typical volatility, rounded; documented as estimates, not data.
 */
const MANUAL: Record<string, { close: number; volatility: number; volume: number }> = {
  INDIGO: { close: 5600, volatility: 0.28, volume: 1_200_000 },
  MAXHEALTH: { close: 1130, volatility: 0.3, volume: 2_000_000 },
};

/** NSE holidays published for the rest of 2025, after the data ends on 2025-09-30. */
const PUBLISHED_HOLIDAYS_AFTER_DATA = ['2025-10-02', '2025-10-21', '2025-10-22', '2025-11-05', '2025-12-25'];

interface Daily {
  day: string;
  close: number;
  volume: number;
}

function readCsv(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
}

function stockHistory(symbol: string): Daily[] | null {
  const prefix = `${HISTORY_ALIAS[symbol] ?? symbol}_`;
  const file = fs.readdirSync(path.join(DATA_DIR, 'Historical-Data')).find((name) => name.startsWith(prefix) && name.endsWith('.csv'));
  if (!file) return null;
  return readCsv(path.join(DATA_DIR, 'Historical-Data', file)).map((row) => ({
    day: row.timestamp!.slice(0, 10),
    close: Number(row.close),
    volume: Number(row.volume),
  }));
}

function indexHistory(file: string, dateColumn: string, toDay: (raw: string) => string): Daily[] {
  return readCsv(path.join(DATA_DIR, file))
    .map((row) => ({ day: toDay(row[dateColumn]!), close: Number(row.Close ?? row.close), volume: 0 }))
    .filter((row) => Number.isFinite(row.close) && row.close > 0)
    .sort((a, b) => a.day.localeCompare(b.day));
}

/** Annualized volatility of the last `n` daily log returns. */
function annualVolatility(history: Daily[], n = 252): number {
  const closes = history.slice(-(n + 1)).map((d) => d.close);
  const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * 252);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Prices to the 0.05 tick, in paise. */
const toTickMinor = (price: number) => Math.round((price * 100) / 5) * 5;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

if (!fs.existsSync(DATA_DIR)) {
  console.error(`NSE data not found at ${DATA_DIR}; pass the folder as the first argument.`);
  process.exit(1);
}

const list = readCsv(path.join(DATA_DIR, 'Nifty50_Screener/ind_nifty50list.csv'));
const instruments: unknown[] = [];
const asOf: string[] = [];

// The index files end before the stock files: roll each index forward to the stocks' last day
// by the median constituent return over the gap, so all reference prices share one date.
const histories = new Map(list.map((row) => [row.Symbol!, stockHistory(row.Symbol!)]));
const stockAsOf = [...histories.values()].flatMap((h) => (h?.length ? [h.at(-1)!.day] : [])).sort().at(-1)!;
function rollForward(fromDay: string): number {
  const ratios: number[] = [];
  for (const history of histories.values()) {
    const from = history?.filter((d) => d.day <= fromDay).at(-1);
    const to = history?.at(-1);
    if (from && to && to.day === stockAsOf && from.day === fromDay) ratios.push(to.close / from.close);
  }
  return median(ratios);
}
const nifty = indexHistory('scrooge/cleaned.csv', 'date', (raw) => raw.slice(0, 10));
const sensex = indexHistory('Stock-Market-Crash/sensex.csv', 'Date', (raw) => raw.split('-').reverse().join('-'));
for (const [symbol, name, history, lotSize] of [['NIFTY50', 'NIFTY 50', nifty, 75], ['SENSEX', 'BSE SENSEX', sensex, 20]] as const) {
  const last = history.at(-1)!;
  const factor = rollForward(last.day);
  instruments.push({
    symbol, name, kind: 'index', sector: 'Index', isin: null, lotSize, tickSizeMinor: 5,
    referencePriceMinor: toTickMinor(last.close * factor), annualVolatility: round(annualVolatility(history), 4), typicalDailyVolume: 0,
    source: { asOf: stockAsOf, derived: true, note: `last close ${last.day} rolled forward by the median constituent return (×${round(factor, 4)})` },
  });
}

for (const row of list) {
  const symbol = row.Symbol!;
  const history = histories.get(symbol) ?? null;
  const manual = MANUAL[symbol];
  let reference: number;
  let volatility: number;
  let volume: number;
  let source: { asOf: string | null; derived: boolean; note?: string };
  if (history && history.length > 60) {
    const last = history.at(-1)!;
    reference = last.close;
    volatility = annualVolatility(history);
    volume = median(history.slice(-60).map((d) => d.volume));
    source = { asOf: last.day, derived: true, ...(HISTORY_ALIAS[symbol] ? { note: `history of ${HISTORY_ALIAS[symbol]}` } : {}) };
    asOf.push(last.day);
  } else if (manual) {
    reference = manual.close;
    volatility = manual.volatility;
    volume = manual.volume;
    source = { asOf: null, derived: false, note: 'no history file in the data: manual estimate' };
  } else {
    throw new Error(`no history and no manual estimate for ${symbol}`);
  }
  instruments.push({
    symbol, name: row['Company Name'], kind: 'equity', sector: row.Industry, isin: row['ISIN Code'], lotSize: 1, tickSizeMinor: 5,
    referencePriceMinor: toTickMinor(reference), annualVolatility: round(volatility, 4), typicalDailyVolume: Math.round(volume), source,
  });
}

// Holidays: weekdays inside the data range on which RELIANCE (a constituent throughout) did not trade.
const sessions = new Set(stockHistory('RELIANCE')!.map((d) => d.day));
const days = [...sessions].sort();
const holidays: string[] = [];
for (let t = Date.parse(`${days[0]}T00:00:00Z`); t <= Date.parse(`${days.at(-1)}T00:00:00Z`); t += 86_400_000) {
  const date = new Date(t);
  const day = date.toISOString().slice(0, 10);
  if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6 && !sessions.has(day)) holidays.push(day);
}
holidays.push(...PUBLISHED_HOLIDAYS_AFTER_DATA);

const output = {
  $comment: 'Generated by scripts/derive-instruments.ts from ../shared/data/nse (see its SOURCES.md). Prices in paise (minor units), tick 0.05 = 5 paise; volatility annualized; volume shares per session.',
  asOf: asOf.sort().at(-1),
  instruments,
  holidays,
};
fs.writeFileSync(OUT, `${JSON.stringify(output, null, 1)}\n`);
console.log(`wrote ${path.relative(ROOT_DIR, OUT)}: ${instruments.length} instruments, ${holidays.length} holidays`);
