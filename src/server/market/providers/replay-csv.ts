/**
 * Reading recorded bars from CSV in the formats found under `../shared/data/nse/` (see its
 * README): daily bars with an ISO timestamp (`timestamp,open,high,low,close,volume,oi`),
 * Yahoo-style daily bars with ISO dates (`date,close,high,low,open,volume`) or dd-mm-yyyy
 * dates (`Date,Close,High,Low,Open,Volume`), and intraday bars (`date,open,…` with times,
 * e.g. 5-minute). Column order does not matter; prices become minor units on the tick.
 */
import { parse } from 'csv-parse/sync';
import { INDIA_OFFSET_MS, indiaDay } from '../../../shared/india-time.js';
import { roundToTick } from '../gbm.js';
import { roundToMinor } from '../../../shared/money.js';
import type { Bar, DailyBar } from '../types.js';

/** The CSV layouts this reader knows. */
export type CsvFormat = 'daily-timestamp' | 'daily-iso' | 'daily-dmy' | 'intraday';

/** Bars read from one file. */
export type CsvSeries =
  | { format: Exclude<CsvFormat, 'intraday'>; kind: 'daily'; bars: DailyBar[] }
  | { format: 'intraday'; kind: 'intraday'; intervalMs: number; bars: Bar[] };

const TIME_COLUMNS = ['timestamp', 'date', 'datetime', 'time'];

/**
 * Parses a time cell to epoch ms. Accepts `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS][±HH:MM]`
 * (no offset means India time) and `DD-MM-YYYY`.
 * @returns NaN when unreadable.
 */
export function parseMarketTime(raw: string): number {
  const text = raw.trim();
  let match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (match) return Date.parse(`${match[3]}-${match[2]}-${match[1]}T00:00:00Z`) - INDIA_OFFSET_MS;
  match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (!match) return Number.NaN;
  const [, date, hm, seconds, zone] = match;
  if (!hm) return Date.parse(`${date}T00:00:00Z`) - INDIA_OFFSET_MS;
  const offset = zone === undefined ? '+05:30' : zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return Date.parse(`${date}T${hm}:${seconds ?? '00'}${offset}`);
}

/** Which format a header row is (case-insensitive). */
export function detectFormat(header: string[], firstTime: string): CsvFormat | null {
  const columns = header.map((h) => h.trim().toLowerCase());
  const timeColumn = columns.find((c) => TIME_COLUMNS.includes(c));
  if (!timeColumn || !['open', 'high', 'low', 'close'].every((c) => columns.includes(c))) return null;
  if (/^\d{2}-\d{2}-\d{4}$/.test(firstTime.trim())) return 'daily-dmy';
  const time = /[ T](\d{2}:\d{2})/.exec(firstTime)?.[1];
  if (time && time !== '00:00') return 'intraday';
  return timeColumn === 'timestamp' ? 'daily-timestamp' : 'daily-iso';
}

/**
 * Parses one CSV file's text.
 * @param tickMinor the instrument's tick in minor units (5 = 0.05).
 * @throws Error when the header is not a bar format this reader knows.
 */
export function parseBarsCsv(text: string, tickMinor = 5): CsvSeries {
  const rows = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  const header = rows[0] ?? [];
  const columns = header.map((h) => h.trim().toLowerCase());
  const index = (name: string) => columns.indexOf(name);
  const timeIndex = columns.findIndex((c) => TIME_COLUMNS.includes(c));
  const format = detectFormat(header, rows[1]?.[timeIndex] ?? '');
  if (!format) throw new Error(`not a bar CSV (columns: ${header.join(', ')})`);
  const [o, h, l, c, v] = ['open', 'high', 'low', 'close', 'volume'].map(index) as [number, number, number, number, number];
  const price = (cell: string | undefined) => roundToTick(roundToMinor(Number(cell)), tickMinor);
  const bars: Bar[] = [];
  for (const row of rows.slice(1)) {
    const time = parseMarketTime(row[timeIndex] ?? '');
    const values = [row[o], row[h], row[l], row[c]].map(Number);
    if (!Number.isFinite(time) || values.some((x) => !Number.isFinite(x) || x <= 0)) continue;
    const open = price(row[o]);
    const close = price(row[c]);
    bars.push({
      time,
      open,
      high: Math.max(price(row[h]), open, close),
      low: Math.min(price(row[l]), open, close),
      close,
      volume: v >= 0 ? Math.max(0, Math.round(Number(row[v]) || 0)) : 0,
    });
  }
  bars.sort((a, b) => a.time - b.time);
  if (format === 'intraday') {
    let intervalMs = Number.POSITIVE_INFINITY;
    for (let i = 1; i < bars.length; i++) {
      const gap = bars[i]!.time - bars[i - 1]!.time;
      if (gap > 0 && indiaDay(bars[i]!.time) === indiaDay(bars[i - 1]!.time)) intervalMs = Math.min(intervalMs, gap);
    }
    return { format, kind: 'intraday', intervalMs: Number.isFinite(intervalMs) ? intervalMs : 60_000, bars };
  }
  const daily: DailyBar[] = [];
  for (const bar of bars) {
    const day = indiaDay(bar.time);
    if (daily.at(-1)?.day === day) continue; // a duplicated date keeps its first row
    daily.push({ day, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume });
  }
  return { format, kind: 'daily', bars: daily };
}

/** Aggregates intraday bars into daily bars (India dates). */
export function dailyFromIntraday(bars: readonly Bar[]): DailyBar[] {
  const days: DailyBar[] = [];
  for (const bar of bars) {
    const day = indiaDay(bar.time);
    const current = days.at(-1);
    if (current?.day === day) {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      days.push({ day, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume });
    }
  }
  return days;
}
