/**
 * Table shapes of the resting-order migration (`0019_orders`), typed onto the shared database
 * handle with Kysely's `withTables` ({@link ordersDb}). Prices are INR minor units (paise),
 * held money account-currency minor units, times epoch milliseconds.
 */
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/** Status of a resting order: `open` until it is filled, cancelled, expired or rejected (once). */
export type OrderStatus = 'open' | 'filled' | 'cancelled' | 'expired' | 'rejected';

/**
 * An order for shares or ETF units: a limit or stop order resting in the book, or a market
 * order written already filled when it executed.
 */
export interface OrdersTable {
  id: string;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  order_type: 'market' | 'limit' | 'stop';
  quantity: number;
  limit_price_minor: number | null;
  trigger_price_minor: number | null;
  validity: 'day' | 'gtc';
  status: OrderStatus;
  /** The open hold of a buy (holds.id); null for a sell and once the order is closed. */
  hold_id: string | null;
  /** What the buy's hold reserves (account minor units); 0 for a sell. */
  held_minor: number;
  /** A day order's expiry (the session close); null for gtc. */
  expires_at: number | null;
  created_at: number;
  updated_at: number;
  /** 1 when placed, +1 per modification. */
  version: number;
  fill_price_minor: number | null;
  filled_at: number | null;
  /** The `trades` row of the fill. */
  trade_id: string | null;
  /** When it left the book (filled, cancelled, expired, rejected). */
  closed_at: number | null;
  /** Message id of the reason of a rejection. */
  reason: string | null;
}

/** One step of an order's timeline. */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  type: 'placed' | 'modified' | 'triggered' | 'filled' | 'cancelled' | 'expired' | 'rejected';
  at: number;
  /** JSON object: the step's figures (quantity, prices in currency units, held amount). */
  detail_json: string;
}

/** The tables of migration 0019. */
export type OrderTables = {
  orders: OrdersTable;
  order_events: OrderEventsTable;
};

/** The database with the order tables typed. */
export type OrdersDb = Kysely<Database & OrderTables>;

/** Views the shared database handle (or a transaction) with the order tables typed. */
export function ordersDb(db: Kysely<Database>): OrdersDb {
  return db.withTables<OrderTables>();
}
