/**
 * The daily history the basket models are fitted on: the NSE daily bars under `AI_DATA_DIR`
 * (`Historical-Data/<SYM>_….csv`, NIFTY 50 in `scrooge/cleaned.csv`), for the equities the
 * feed trades; when that folder is missing, the feed's own stored daily bars.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Market } from '../../market/index.js';
import { parseBarsCsv } from '../../market/providers/replay-csv.js';
import { DEFAULT_REPLAY_ALIASES } from '../../market/providers/replay.js';
import type { DailyClose, ModelData } from './model.js';

const BENCHMARK = 'NIFTY50';

/**
 * Parsed closes by file and modification time: the refit job runs at every server start, and
 * parsing the CSVs is its largest cost, while the files change only with a new data drop (a
 * new mtime).
 */
const parsed = new Map<string, DailyClose[]>();

function readDaily(file: string): DailyClose[] {
  const key = `${file}|${fs.statSync(file).mtimeMs}`;
  const cached = parsed.get(key);
  if (cached) return cached;
  const series = parseBarsCsv(fs.readFileSync(file, 'utf8'), 1);
  const closes = series.kind === 'daily' ? series.bars.map((b) => ({ day: b.day, close: b.close })) : [];
  parsed.set(key, closes);
  return closes;
}

/** Reads the CSV history for `symbols` (equities) and NIFTY 50; null when the folder is missing. */
export function loadCsvHistory(dir: string, symbols: readonly string[]): ModelData | null {
  const daily = path.join(dir, 'Historical-Data');
  const benchFile = path.join(dir, DEFAULT_REPLAY_ALIASES[BENCHMARK]![0]!);
  if (!fs.existsSync(daily) || !fs.existsSync(benchFile)) return null;
  const files = fs.readdirSync(daily).filter((f) => f.toLowerCase().endsWith('.csv')).sort();
  const stocks = new Map<string, DailyClose[]>();
  for (const symbol of symbols) {
    const names = [symbol, ...(DEFAULT_REPLAY_ALIASES[symbol] ?? [])];
    const file = files.find((f) => names.some((n) => f.toUpperCase().startsWith(`${n.toUpperCase()}_`)));
    if (!file) continue;
    const closes = readDaily(path.join(daily, file));
    if (closes.length) stocks.set(symbol, closes);
  }
  return { stocks, benchmark: readDaily(benchFile) };
}

/** The history from the CSV folder, else from the feed's stored daily bars (about a year). */
export async function loadHistory(market: Market, dir: string): Promise<ModelData> {
  const equities = market.instruments.filter((i) => i.kind === 'equity').map((i) => i.symbol);
  const csv = loadCsvHistory(dir, equities);
  if (csv && csv.stocks.size >= 10) return csv;
  const feed = await market.ready();
  const stocks = new Map<string, DailyClose[]>();
  for (const symbol of equities) stocks.set(symbol, (await feed.dailyBars(symbol, '2000-01-01')).map((b) => ({ day: b.day, close: b.close })));
  return { stocks, benchmark: (await feed.dailyBars(BENCHMARK, '2000-01-01')).map((b) => ({ day: b.day, close: b.close })) };
}
