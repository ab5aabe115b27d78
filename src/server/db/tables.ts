/**
 * Table shapes as Kysely sees them. Times are epoch milliseconds (UTC) stored as bigint;
 * money is integer minor units (cents) stored as bigint. Ids are random UUID strings.
 */
import type { MoneyTables } from './money-tables.js';
import type { HardeningTables } from './hardening-tables.js';
import type { MarketTables } from './market-tables.js';
import type { TradingTables } from './trading-tables.js';

export interface UsersTable {
  id: string;
  /** Short public identifier shown in the drawer, e.g. `N4829137`. */
  uid: string;
  email: string;
  password_hash: string;
  role: 'investor' | 'operator' | 'editor';
  created_at: number;
  password_changed_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the bearer token, hex; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute end of life. */
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchasTable {
  id: string;
  email: string;
  purpose: 'register' | 'changePassword';
  /** SHA-256 of the 6-digit code salted with the row id. */
  code_hash: string;
  ip: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  transport: 'outbox' | 'smtp';
  sent_at: number;
}

export interface BankAccountsTable {
  id: string;
  user_id: string;
  bank_name: string;
  account_number: string;
  ifsc: string;
  phone: string;
  holder_name: string;
  created_at: number;
  /** Soft delete: later withdrawals keep pointing at the account they paid to. */
  deleted_at: number | null;
  /** Custom fields staff added under `extra` in the screen schema (JSON object), or null. */
  extra_json: string | null;
}

export interface LedgerAccountsTable {
  id: string;
  /** Null for house accounts (bank clearing, fee revenue, …). */
  user_id: string | null;
  /** e.g. `available`, `held`, `house:bank_clearing`. */
  kind: string;
  created_at: number;
}

export interface JournalEntriesTable {
  id: string;
  /** Business kind, e.g. `deposit_approved`. */
  kind: string;
  /** Id of the business object the entry belongs to. */
  reference: string;
  created_at: number;
}

export interface PostingsTable {
  id: string;
  entry_id: string;
  account_id: string;
  /** Signed integer minor units; the postings of one entry sum to zero. */
  amount_minor: number;
  created_at: number;
  /** Business kind of this leg for the bill flow (e.g. `withdrawal_fee`); null: the entry's kind. */
  kind: string | null;
  /** Owner of the account (null for house accounts); set with the four columns below (0004). */
  user_id: string | null;
  /** Position among all postings on the user's accounts (1, 2, …). */
  user_seq: number | null;
  /** The user's available and held balances right after this posting. */
  available_after_minor: number | null;
  held_after_minor: number | null;
}

export interface UploadsTable {
  id: string;
  owner_user_id: string;
  /** Key in the storage backend (random; never a path the client sees). */
  storage_key: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
}

export interface IdentitySubmissionsTable {
  id: string;
  user_id: string;
  name: string;
  id_type: 'aadhaar' | 'pan';
  /** AES-256-GCM ciphertext of the ID number (`v1:<iv>:<tag>:<data>`, base64url parts). */
  id_number_encrypted: string;
  id_number_last4: string;
  front_upload_id: string;
  back_upload_id: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  /** Incremented on every change; reviews compare-and-set on it. */
  version: number;
  /** Custom fields staff added under `extra` in the screen schema (JSON object), or null. */
  extra_json: string | null;
}

export interface AuditLogTable {
  id: string;
  actor_user_id: string;
  /** e.g. `identity.approve` */
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

/** The whole database as Kysely sees it. */
export interface Database extends MoneyTables, HardeningTables, MarketTables, TradingTables {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  mail_outbox: MailOutboxTable;
  bank_accounts: BankAccountsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  uploads: UploadsTable;
  identity_submissions: IdentitySubmissionsTable;
  audit_log: AuditLogTable;
}
