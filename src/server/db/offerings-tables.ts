/**
 * Table shapes of the offerings migration (`0010_offerings`), joined to the shared
 * tables with Kysely's `withTables` (see {@link offeringsDb}). Money and prices are integer
 * minor units, times epoch milliseconds.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Database } from './tables.js';
import type { TradingTables } from './trading-tables.js';

/** An operator's block-trade offer: `remaining` is decremented by one conditional update per purchase. */
export interface BlockOffersTable {
  id: string;
  symbol: string;
  price_minor: number;
  quantity: number;
  remaining: number;
  min_quantity: number;
  opens_at: number;
  closes_at: number;
  lock_days: number;
  status: 'open' | 'closed';
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** One investor purchase from a block offer; the shares are locked until `locked_until`. */
export interface BlockPurchasesTable {
  id: string;
  offer_id: string;
  user_id: string;
  symbol: string;
  price_minor: number;
  quantity: number;
  commission_minor: number;
  /** Debited: price × quantity + commission. */
  amount_minor: number;
  locked_until: number;
  trade_id: string;
  created_at: number;
  /** EUR/INR rate the INR gross was converted at (paise per account unit; 100 = none). */
  fx_rate_minor: ColumnType<number, number | undefined, number>;
}

/** An operator's position-building plan. */
export interface GatherPlansTable {
  id: string;
  name: string;
  symbol: string;
  tranches: number;
  interval_s: number;
  min_amount_minor: number;
  opens_at: number;
  closes_at: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** An investor's participation in a plan (terms copied at joining). */
export interface GatherParticipationsTable {
  id: string;
  plan_id: string;
  user_id: string;
  symbol: string;
  amount_minor: number;
  tranches: number;
  interval_s: number;
  joined_at: number;
  /** Tranches executed so far. */
  done: number;
  next_due_at: number;
  status: 'running' | 'completed' | 'cancelled';
  hold_id: string | null;
  held_minor: number;
  /** Cost of the fills including commission. */
  invested_minor: number;
  ended_at: number | null;
}

/** One executed tranche (quantity 0 when the tranche's cash bought no whole share). */
export interface GatherFillsTable {
  participation_id: string;
  tranche: number;
  at: number;
  price_minor: number;
  quantity: number;
  gross_minor: number;
  commission_minor: number;
  trade_id: string | null;
}

/** A fitted basket recommendation (`basket_json`: the public shape without `id`). */
export interface AiBasketsTable {
  id: string;
  model: string;
  as_of: string;
  fitted_at: number;
  basket_json: string;
  min_amount_minor: number;
  /** 1 for the newest fit of its model. */
  current: number;
}

/** An investor's basket order. */
export interface BasketOrdersTable {
  id: string;
  user_id: string;
  basket_id: string;
  amount_minor: number;
  invested_minor: number;
  leftover_minor: number;
  created_at: number;
}

/** One symbol of a basket order (a stock trade). */
export interface BasketOrderLinesTable {
  order_id: string;
  symbol: string;
  weight_bp: number;
  quantity: number;
  price_minor: number;
  commission_minor: number;
  trade_id: string;
}

/** The offerings tables. */
export type OfferingsTables = {
  block_offers: BlockOffersTable;
  block_purchases: BlockPurchasesTable;
  gather_plans: GatherPlansTable;
  gather_participations: GatherParticipationsTable;
  gather_fills: GatherFillsTable;
  ai_baskets: AiBasketsTable;
  basket_orders: BasketOrdersTable;
  basket_order_lines: BasketOrderLinesTable;
};

/** The database with the trading and offerings tables typed. */
export type OfferingsDb = Kysely<Database & TradingTables & OfferingsTables>;

/** Views the shared database handle (or a transaction) with the offerings tables typed. */
export function offeringsDb(db: Kysely<Database>): OfferingsDb {
  return db.withTables<TradingTables & OfferingsTables>();
}
