/**
 * Tables of migration 0013 (the studio). Times are epoch milliseconds; JSON columns
 * hold the documents as text on both engines.
 */
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/** One published version of a screen (files under `schemas/` are version 0, never stored). */
export interface ScreenVersionsTable {
  id: string;
  screen_id: string;
  /** 1, 2, … per screen; unique with `screen_id`. */
  version: number;
  layout_json: string;
  /** The screen's same-named data schema, or null when it has none. */
  schema_json: string | null;
  /** `{lang: {id: text}}`: the texts the screen used when published (restored by rollback). */
  messages_json: string;
  author_user_id: string;
  note: string;
  /** The lint result at publish time: `[{pointer, message}]` (empty: only clean versions publish). */
  lint_json: string;
  published_at: number;
}

/** An editor's unpublished draft of a screen (one per screen, last save wins). */
export interface ScreenDraftsTable {
  screen_id: string;
  layout_json: string;
  schema_json: string | null;
  author_user_id: string;
  saved_at: number;
}

/** A published text: an override of a built-in message or a new id, per language. */
export interface UiMessagesTable {
  lang: string;
  message_id: string;
  text: string;
  updated_by: string;
  updated_at: number;
}

/** The studio tables. */
export type StudioTables = { screen_versions: ScreenVersionsTable; screen_drafts: ScreenDraftsTable; ui_messages: UiMessagesTable };

/** The database with the studio tables typed. */
export type StudioDb = Kysely<Database & StudioTables>;

/** Views the shared database handle (or a transaction) with the studio tables typed. */
export function studioDb(db: Kysely<Database>): StudioDb {
  return db.withTables<StudioTables>();
}
