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
  /** Issue price per share, minor units. */
  price_minor: number;
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
  /** shares × price, held. */
  amount_minor: number;
  hold_id: string;
  /** `applied` until allotment; then `allotted`, `notAllotted`; `refunded` after a cancellation. */
  status: 'applied' | 'allotted' | 'notAllotted' | 'refunded';
  allotted_shares: number | null;
  allotted_minor: number | null;
  refund_minor: number | null;
  /** The one entry that resolved the hold. */
  resolve_entry_id: string | null;
  applied_at: number;
  resolved_at: number | null;
  /** EUR/INR rate (paise per account unit; 100 = none) the INR amount was converted at, fixed at application. */
  fx_rate_minor: ColumnType<number, number | undefined, number>;
}

/** The IPO tables. */
export type IpoTables = { ipos: IposTable; ipo_applications: IpoApplicationsTable };

/** The database with the IPO (and trading: positions) tables typed. */
export type IpoDb = Kysely<Database & TradingTables & IpoTables>;

/** Views the shared database handle (or a transaction) with the IPO tables typed. */
export function ipoDb(db: Kysely<Database>): IpoDb {
  return db.withTables<TradingTables & IpoTables>();
}
