/**
 * Table shapes of the IPO migration (`0009_ipo_etf`), joined to the shared
 * `tables.ts` with Kysely's `withTables` (see {@link ipoDb}). Money and prices integer minor
 * units, times epoch milliseconds.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Database } from './tables.js';
import type { TradingTables } from './trading-tables.js';

/** One issue as the operator set it up, with its lottery and lifecycle instants. */
export interface IposTable {
  id: string;
  symbol: string;
  name: string;
  description: string | null;
  /** Issue price per share, minor units: the fixed price, or the upper end of the price band (a cut-off bid's price). */
  price_minor: number;
  /** Lower end of the price band per share, minor units (= `price_minor` for a fixed-price issue). */
  price_min_minor: number;
  /** The price the allotment ran at (docs/product.md, Offerings), minor units; null before allotment. */
  discovered_price_minor: number | null;
  /** Percent of the offer reserved for retail bids (the rest for HNI bids; unused lots pass to the other category). */
  retail_percent: number;
  lot_size: number;
  min_lots: number;
  max_lots: number;
  total_shares: number;
  opens_at: number;
  closes_at: number;
  allotment_at: number;
  listing_at: number;
  /** Lottery seed (64 hex chars), revealed only after allotment. */
  seed: string;
  /** SHA-256 (hex) of `seed`: the commitment shown before the issue opens. */
  seed_hash: string;
  allotted_at: number | null;
  listed_at: number | null;
  cancelled_at: number | null;
  /** Bumped by every operator save (compare-and-set). */
  version: number;
  created_at: number;
  updated_at: number;
}

/** One investor's application; its money is the hold `hold_id`. */
export interface IpoApplicationsTable {
  id: string;
  ipo_id: string;
  user_id: string;
  lots: number;
  shares: number;
  /** shares × bid price (cut-off: the band's upper end), the mandate's amount and, once approved, held. */
  amount_minor: number;
  /** The hold placed when the mandate was approved; null while `mandatePending` and for a rejected or lapsed mandate. */
  hold_id: string | null;
  /**
   * `mandatePending` until the investor approves the UPI mandate (→ `applied`, money held) or
   * rejects it (`mandateRejected`), or the issue closes first (`lapsed`); an applied bid is
   * `allotted` or `notAllotted` at allotment, `refunded` after a cancellation.
   */
  status: IpoApplicationStatus;
  allotted_shares: number | null;
  allotted_minor: number | null;
  refund_minor: number | null;
  /** The one entry that resolved the hold. */
  resolve_entry_id: string | null;
  applied_at: number;
  resolved_at: number | null;
  /** EUR/INR rate (paise per account unit; 100 = none) the INR amount was converted at, fixed at application. */
  fx_rate_minor: ColumnType<number, number | undefined, number>;
  /** Bid price per share, minor units (INR); a cut-off bid records the band's upper end. */
  bid_price_minor: number;
  /** 1: bid at cut-off (retail only), allotted at the discovered price whatever it is. */
  cut_off: number;
  /** Investor category fixed at bidding: `retail` (bid amount up to the configured limit) or `hni`. */
  category: 'retail' | 'hni';
  /** When the mandate was approved, rejected or lapsed; null while pending. */
  mandate_at: number | null;
}

/** Every status an application goes through (see {@link IpoApplicationsTable.status}). */
export type IpoApplicationStatus = 'mandatePending' | 'mandateRejected' | 'lapsed' | 'applied' | 'allotted' | 'notAllotted' | 'refunded';

/** The IPO tables. */
export type IpoTables = { ipos: IposTable; ipo_applications: IpoApplicationsTable };

/** The database with the IPO (and trading: positions) tables typed. */
export type IpoDb = Kysely<Database & TradingTables & IpoTables>;

/** Views the shared database handle (or a transaction) with the IPO tables typed. */
export function ipoDb(db: Kysely<Database>): IpoDb {
  return db.withTables<TradingTables & IpoTables>();
}
