/**
 * Table shapes of the contract-note numbering migration (`0024_contract_note_numbers`), typed
 * onto the shared database handle with Kysely's `withTables` ({@link documentsDb}). Times
 * epoch milliseconds.
 */
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/** The last contract-note sequence issued in one financial year. */
export interface ContractNoteCountersTable {
  /** `2026-27`. */
  fy: string;
  last_seq: number;
}

/** A contract note's issued number: one row per investor and India trade day. */
export interface ContractNotesTable {
  /** The day's first trade id (the note's id). */
  id: string;
  user_id: string;
  /** `YYYY-MM-DD`, India time. */
  trade_day: string;
  fy: string;
  /** 1, 2, … within `fy`. */
  seq: number;
  /** `CN-2026-27-000001`. */
  number: string;
  created_at: number;
}

/** The tables of migration 0024. */
export type DocumentTables = {
  contract_note_counters: ContractNoteCountersTable;
  contract_notes: ContractNotesTable;
};

/** Views the shared database handle (or a transaction) with the document tables typed. */
export function documentsDb(db: Kysely<Database>): Kysely<Database & DocumentTables> {
  return db.withTables<DocumentTables>();
}
