/**
 * The instrument master: the NIFTY 50 constituents and
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
  /** `fx`: the EUR/INR rate the feed simulates for conversions; never listed or tradable. */
  kind: 'equity' | 'index' | 'fx';
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
  /**
   * Quote currency of the price: `INR` for NSE shares, ETFs,
   * listed IPOs and the EUR/INR rate (rupees per euro); null for an index (points, not money).
   */
  currency: 'INR' | null;
}

/** The master file as written by the derive script. */
interface MasterFile {
  asOf: string;
  instruments: Array<Omit<Instrument, 'currency'>>;
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
    currency: kind === 'index' ? null : 'INR',
  }));
}

/** NSE holidays known to the master (derived from the data and the published list). */
export function masterHolidays(): string[] {
  return [...master().holidays];
}

/** Symbols of the two indices shown on /home. */
export const INDEX_SYMBOLS = { nifty: 'NIFTY50', sensex: 'SENSEX' } as const;

/**
 * The EUR/INR rate as a feed instrument: rupees per euro in paise, tick 0.01,
 * simulated (or replayed) like every other price and labelled like them. Reference: the ECB's
 * EUR/INR fixing around the master's date (≈ 104); `FX_EURINR_REFERENCE` overrides it.
 * @param referencePriceMinor starting rate in paise, e.g. `10420` for 104.20.
 */
export function fxInstrument(symbol: string, referencePriceMinor: number): Instrument {
  return {
    symbol, name: 'EUR/INR', kind: 'fx', sector: 'Currency', isin: null, lotSize: 1, tickSizeMinor: 1,
    referencePriceMinor, annualVolatility: 0.06, typicalDailyVolume: 0, currency: 'INR',
  };
}

/** Sector of an instrument that joined through an IPO listing (never an index or ETF constituent). */
export const IPO_SECTOR = 'IPO';

/**
 * An instrument for a listed IPO: an equity quoted in INR whose feed path
 * starts at the issue price, with the volatility typical of a fresh listing.
 * @param issuePriceMinor the issue price in paise.
 */
export function listedIpoInstrument(symbol: string, name: string, issuePriceMinor: number, lotSize = 1): Instrument {
  return {
    symbol, name, kind: 'equity', sector: IPO_SECTOR, isin: null, lotSize, tickSizeMinor: 5,
    referencePriceMinor: issuePriceMinor, annualVolatility: 0.35, typicalDailyVolume: 200_000, currency: 'INR',
  };
}
