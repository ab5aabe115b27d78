/**
 * The instrument master (issue 5 "Instruments and providers"): the NIFTY 50 constituents and
 * the NIFTY 50 and SENSEX indices, from `instruments.json` (written by
 * `scripts/derive-instruments.ts`). Prices are integer minor units (paise).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One tradable stock or index. */
export interface Instrument {
  /** Exchange symbol, e.g. `RELIANCE`, `M&M`, `NIFTY50`. */
  symbol: string;
  /** Company or index name, e.g. `Reliance Industries Ltd.`. */
  name: string;
  kind: 'equity' | 'index';
  /** NSE industry, `Index` for indices. */
  sector: string;
  /** ISIN, null for indices. */
  isin: string | null;
  /** Shares per lot (1 for cash equities; the derivatives lot for indices). */
  lotSize: number;
  /** Price step in minor units: 5 = 0.05. */
  tickSizeMinor: number;
  /** Reference (last known real) price in minor units; the simulated feed starts here. */
  referencePriceMinor: number;
  /** Annualized volatility of daily log returns, e.g. `0.21`. */
  annualVolatility: number;
  /** Typical shares traded per session (0 for indices). */
  typicalDailyVolume: number;
}

/** The master file as written by the derive script. */
interface MasterFile {
  asOf: string;
  instruments: Instrument[];
  /** NSE trading holidays, `YYYY-MM-DD` (India dates). */
  holidays: string[];
}

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'instruments.json');

let cached: MasterFile | null = null;

function master(): MasterFile {
  cached ??= JSON.parse(fs.readFileSync(FILE, 'utf8')) as MasterFile;
  return cached;
}

/** Every instrument, indices first, then equities by symbol. */
export function loadInstruments(): Instrument[] {
  return master().instruments.map(({ symbol, name, kind, sector, isin, lotSize, tickSizeMinor, referencePriceMinor, annualVolatility, typicalDailyVolume }) => ({
    symbol, name, kind, sector, isin, lotSize, tickSizeMinor, referencePriceMinor, annualVolatility, typicalDailyVolume,
  }));
}

/** NSE holidays known to the master (derived from the data and the published list). */
export function masterHolidays(): string[] {
  return [...master().holidays];
}

/** Symbols of the two indices shown on /home. */
export const INDEX_SYMBOLS = { nifty: 'NIFTY50', sensex: 'SENSEX' } as const;
