/**
 * Tables of the studio (migrations 0013, 0017 and 0022). Times are epoch milliseconds; JSON columns
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
  /** The screen's own data schema (same-named, or its form's: `SchemaStore.ownSchemaName`), or null when it has none. */
  schema_json: string | null;
  /** `{lang: {id: text}}`: the texts the screen used when published (restored by rollback). */
  messages_json: string;
  author_user_id: string;
  note: string;
  /** The lint result at publish time: `[{pointer, message}]` (empty: only clean versions publish). */
  lint_json: string;
  published_at: number;
}

/** An editor's own unpublished draft of a screen (one per screen and editor). */
export interface StudioDraftsTable {
  screen_id: string;
  editor_user_id: string;
  /** The served version the editor started from. */
  base_version: number;
  layout_json: string;
  schema_json: string | null;
  saved_at: number;
}

/** Where a change request stands. */
export type ChangeStatus = 'pending' | 'published' | 'rejected';

/**
 * A change request: a screen's layout and schema, texts, or both (or a rollback to an old
 * version), waiting for `approvals_needed` editors other than its author.
 */
export interface StudioChangesTable {
  id: string;
  kind: 'screen' | 'texts' | 'rollback' | 'unpublish';
  /** Null for a texts-only change. */
  screen_id: string | null;
  /** Screen version (screen, rollback) or texts version (texts) the author started from. */
  base_version: number;
  /** Texts version a screen change carrying texts started from. */
  texts_base_version: number | null;
  layout_json: string | null;
  schema_json: string | null;
  /** `{lang: {id: text}}` the change publishes (may be empty). */
  texts_json: string;
  /** What was served when the change was made: `{layout, schema, texts: {lang: {id: text | null}}}`. */
  before_json: string;
  note: string;
  author_user_id: string;
  status: ChangeStatus;
  approvals_needed: number;
  created_at: number;
  decided_at: number | null;
  /** Who rejected it, or whose approval published it. */
  decided_by: string | null;
  reason: string | null;
  /** The screen version it became (screen and rollback changes). */
  published_version: number | null;
  /** The texts version it became (changes carrying texts). */
  texts_version: number | null;
}

/** One editor's approval of a change request. */
export interface StudioChangeApprovalsTable {
  change_id: string;
  editor_user_id: string;
  approved_at: number;
}

/** A published text: an override of a built-in message or a new id, per language. */
export interface UiMessagesTable {
  lang: string;
  message_id: string;
  text: string;
  updated_by: string;
  updated_at: number;
}

/** A screen made in the studio (`studio/screens/create`), served at `/p/<id>` while `live`. */
export interface StudioScreensTable {
  id: string;
  /** The title as the editor typed it (the screen's title text in every language until edited). */
  title: string;
  audience: 'public' | 'investor';
  /** `draft`: no approved change yet; `live`: served; `unpublished`: taken down by an approved change. */
  status: 'draft' | 'live' | 'unpublished';
  created_by: string;
  created_at: number;
}

/** One submitted data-capture form. */
export interface FormSubmissionsTable {
  id: string;
  /** The screen id of the form (its schema's name). */
  form_id: string;
  /** The screen version whose schema validated the data. */
  version: number;
  user_id: string;
  /** The validated data as JSON text (at most 64 KB). */
  data_json: string;
  created_at: number;
}

/** The studio tables. */
export type StudioTables = {
  screen_versions: ScreenVersionsTable;
  studio_drafts: StudioDraftsTable;
  ui_messages: UiMessagesTable;
  studio_changes: StudioChangesTable;
  studio_change_approvals: StudioChangeApprovalsTable;
  studio_screens: StudioScreensTable;
  form_submissions: FormSubmissionsTable;
};

/** The database with the studio tables typed. */
export type StudioDb = Kysely<Database & StudioTables>;

/** Views the shared database handle (or a transaction) with the studio tables typed. */
export function studioDb(db: Kysely<Database>): StudioDb {
  return db.withTables<StudioTables>();
}
