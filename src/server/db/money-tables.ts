/**
 * Money tables as Kysely sees them (migration `0004_money`). Times are epoch
 * milliseconds (UTC); money is integer minor units (cents). The ledger's own tables
 * (`ledger_accounts`, `journal_entries`, `postings`) are in `tables.ts`.
 */

/**
 * A user's cached balances, one row per user: the concurrency point of the ledger. Every
 * posting on the user's accounts changes this row by one conditional update (never below zero),
 * so concurrent requests on PostgreSQL serialize on its row lock. Equals the sum of postings
 * (checked by the test invariants).
 */
export interface WalletBalancesTable {
  user_id: string;
  available_minor: number;
  held_minor: number;
  /** Number of postings ever made on the user's accounts; orders the bill flow. */
  seq: number;
  updated_at: number;
}

/** A reservation of funds on the user's `held` account, resolved exactly once. */
export interface HoldsTable {
  id: string;
  user_id: string;
  /** What is held for, e.g. `withdrawal`. */
  kind: string;
  /** Id of the business object (e.g. the withdrawal); journal entries carry the same reference. */
  reference: string;
  amount_minor: number;
  status: 'open' | 'settled' | 'released';
  placed_entry_id: string;
  resolved_entry_id: string | null;
  created_at: number;
  resolved_at: number | null;
}

/** A deposit by bank transfer, waiting for an operator (docs/product.md, Deposits). */
export interface DepositsTable {
  id: string;
  user_id: string;
  channel: 'bank' | 'institution';
  amount_minor: number;
  /** The user's bound account the money came from, if given. */
  bank_account_id: string | null;
  /** Upper-case UTR; unique across all deposits ever. */
  utr: string;
  screenshot_upload_id: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  /** The crediting journal entry once approved. */
  entry_id: string | null;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  /** The beneficiary version (`beneficiary_changes.version`) the investor was shown; null before versions existed. */
  beneficiary_version: number | null;
  /** Paise the investor was asked to transfer for `amount_minor` at `rate_minor`; null for deposits from before rupee amounts were kept. */
  amount_quote_minor: number | null;
  /** Paise per one account-currency unit at the report (EUR/INR 104.20 → 10420; 100 for an INR account); null like `amount_quote_minor`. */
  rate_minor: number | null;
  /** Custom fields staff added under `extra` in the screen schema (JSON object), or null. */
  extra_json: string | null;
}

/** A withdrawal to a bound bank account; its amount is held until paid or rejected. */
export interface WithdrawalsTable {
  id: string;
  user_id: string;
  bank_account_id: string;
  amount_minor: number;
  /** Fee: amount × rate, rounded down to the cent. */
  fee_minor: number;
  /** What arrives: amount − fee. */
  net_minor: number;
  hold_id: string;
  status: 'pending' | 'paid' | 'rejected';
  reject_reason: string | null;
  created_at: number;
  /** When an operator paid or rejected it (migration 0015 renamed `resolved_*`: one name with deposits). */
  reviewed_at: number | null;
  reviewed_by: string | null;
  /** Custom fields staff added under `extra` in the screen schema (JSON object), or null. */
  extra_json: string | null;
}

/** First answers of money-moving calls per user and `Idempotency-Key`. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of the call name and the canonical JSON body. */
  request_hash: string;
  /** JSON of the first answer's `data`. */
  response_json: string;
  created_at: number;
}

/** The money tables, merged into `Database`. */
export interface MoneyTables {
  wallet_balances: WalletBalancesTable;
  holds: HoldsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  idempotency_keys: IdempotencyKeysTable;
}
