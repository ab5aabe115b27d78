/**
 * The ETFs: two exchange-traded funds whose units are priced from their
 * published basket. Constituents come from the NIFTY 50 instrument master (itself from
 * `../shared/data/nse`); the data carries no index weights, so each basket is weighted by
 * traded value (reference price × typical daily volume), a free-float proxy — documented, not
 * NSE's official weights. NAV per unit (minor units) = base NAV × Σ weight × last / reference:
 * during the session the live value is the iNAV.
 */
import { IPO_SECTOR, type Instrument } from '../../market/instruments.js';
import type { Market } from '../../market/index.js';

/** One ETF of the catalogue. */
export interface EtfDefinition {
  symbol: string;
  name: string;
  benchmark: string;
  /** Annual expense ratio, e.g. 0.0005 = 0.05 %. */
  expenseRatio: number;
  /** NAV per unit (minor units) when every constituent is at its reference price. */
  baseNavMinor: number;
  /** Which instruments belong to the basket. */
  select: (instrument: Instrument) => boolean;
}

/** Bank constituents of the NIFTY 50. */
const BANKS = new Set(['HDFCBANK', 'ICICIBANK', 'SBIN', 'KOTAKBANK', 'AXISBANK']);

/** The ETFs offered (symbols never clash with the instrument master). */
export const ETF_DEFINITIONS: readonly EtfDefinition[] = [
  { symbol: 'NIVNIFTY', name: 'Nivesh NIFTY 50 ETF', benchmark: 'NIFTY 50', expenseRatio: 0.0005, baseNavMinor: 25_000, select: (i) => i.kind === 'equity' && i.sector !== IPO_SECTOR },
  { symbol: 'NIVBANK', name: 'Nivesh Bank ETF', benchmark: 'NIFTY 50 banks', expenseRatio: 0.0015, baseNavMinor: 5_000, select: (i) => BANKS.has(i.symbol) },
];

/** One basket line: symbol, weight (0–1, the weights add up to 1) and reference price (minor units). */
export interface BasketLine {
  symbol: string;
  weight: number;
  referenceMinor: number;
}

/** An ETF with its basket. */
export interface Etf extends Omit<EtfDefinition, 'select'> {
  basket: BasketLine[];
}

/** Builds the ETFs' baskets from the instrument master (weights by traded value, largest first). */
export function buildEtfs(instruments: readonly Instrument[]): Etf[] {
  return ETF_DEFINITIONS.map(({ select, ...etf }) => {
    const members = instruments.filter(select);
    const value = (i: Instrument) => i.referencePriceMinor * Math.max(1, i.typicalDailyVolume);
    const total = members.reduce((sum, i) => sum + value(i), 0);
    const basket = members.map((i) => ({ symbol: i.symbol, weight: value(i) / total, referenceMinor: i.referencePriceMinor })).sort((a, b) => b.weight - a.weight);
    return { ...etf, basket };
  });
}

/**
 * NAV per unit in minor units (rounded to the paisa) from constituent prices.
 * @param price a constituent's price in minor units (null: use its reference).
 */
export function navMinor(etf: Etf, price: (symbol: string) => number | null): number {
  const ratio = etf.basket.reduce((sum, line) => sum + line.weight * ((price(line.symbol) ?? line.referenceMinor) / line.referenceMinor), 0);
  return Math.round(etf.baseNavMinor * ratio);
}

let cached: { instruments: readonly unknown[]; etfs: Etf[] } | null = null;

/** The ETFs built from this market's instrument master (rebuilt when the master changes, e.g. a listing). */
export function etfsOf(market: Market): Etf[] {
  if (!cached || cached.instruments !== market.instruments) cached = { instruments: market.instruments, etfs: buildEtfs(market.instruments) };
  return cached.etfs;
}

/** The ETF with this symbol (case-insensitive), or undefined. */
export const findEtf = (market: Market, symbol: string): Etf | undefined => etfsOf(market).find((e) => e.symbol === String(symbol ?? '').trim().toUpperCase());
