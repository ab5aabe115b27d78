/**
 * Table shapes of the trading migration (`0006_trading`), joined to the shared
 * `tables.ts`, whose `Database` includes {@link TradingTables}. Money and prices are integer
 * minor units, times epoch milliseconds (wall clock).
 */
import type { ColumnType } from 'kysely';

/** The feed's price of a symbol at one wall-clock second (or at a contract's buy instant). */
export interface PriceTicksTable {
  symbol: string;
  at: number;
  price_minor: number;
}

/** An up/down contract; its stake is a hold (`holds.kind = 'contract'`, reference = id). */
export interface ContractsTable {
  id: string;
  user_id: string;
  symbol: string;
  /** 1 up, 2 down. */
  direction: number;
  amount_minor: number;
  buy_price_minor: number;
  /** Profit rate in basis points (0.85 → 8500). */
  rate_bp: number;
  duration_s: number;
  bought_at: number;
  expires_at: number;
  status: 'open' | 'won' | 'lost' | 'void';
  hold_id: string;
  settle_price_minor: number | null;
  /** When the tick used as the settle price was recorded. */
  settle_tick_at: number | null;
  /** Signed: +profit, −amount, 0 (void). */
  profit_minor: number | null;
  settle_entry_id: string | null;
  settled_at: number | null;
}

/** The risk disclosure a user acknowledged before the first contract. */
export interface TradingConsentsTable {
  user_id: string;
  risk_acknowledged_at: number;
}

/** A user's holding of one symbol; rows with no shares are deleted. */
export interface PositionsTable {
  user_id: string;
  symbol: string;
  quantity: number;
  /** Cost basis of the shares held: what was paid for them including buy commission. */
  cost_minor: number;
  updated_at: number;
}

/** An executed stock order. */
export interface TradesTable {
  id: string;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price_minor: number;
  /** price × quantity. */
  gross_minor: number;
  commission_minor: number;
  /** Buy: total paid (gross + commission); sell: proceeds (gross − commission). */
  net_minor: number;
  /** Sell: cost basis of the shares sold; buy: null. */
  cost_minor: number | null;
  /** Sell: proceeds − cost basis; buy: null. */
  realized_pnl_minor: number | null;
  entry_id: string;
  created_at: number;
  /**
   * The EUR/INR rate the INR gross was converted at, paise per account-currency unit
   * (100: no conversion). `price_minor` is the INR quote; the other amounts are account money.
   */
  fx_rate_minor: ColumnType<number, number | undefined, number>;
  /** Statutory charges (STT, exchange, SEBI, stamp duty, GST) in account minor units; brokerage is `commission_minor`. */
  charges_minor: ColumnType<number, number | undefined, number>;
  /** The breakdown `{inr, account, rates}` (`TradeCharges` plus `ChargeRates`) as JSON; null: a trade without statutory charges. */
  charges_json: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The trading tables (part of `Database`; a type alias: `withTables` in ipo/offerings tables needs an index-compatible shape). */
export type TradingTables = {
  price_ticks: PriceTicksTable;
  contracts: ContractsTable;
  trading_consents: TradingConsentsTable;
  positions: PositionsTable;
  trades: TradesTable;
};
