/**
 * Issue 11: brings what the studio published into this process — the latest version of every
 * screen into the schema store, the published texts into the messages. Runs at start, after
 * this process publishes, and on every process when the cache bus carries `screens` or
 * `messages` (issue 15), so a publish is served everywhere within a second.
 */
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { PublishedScreen, SchemaStore } from '../../screens/store.js';
import { studioDb } from '../../db/studio-tables.js';
import { LOCALES, type Locale } from '../../../shared/lang.js';
import type { SchemaNode } from '../../../shared/validation.js';

/** Loads the latest published version of every screen (none: the files are served). */
export async function loadPublished(deps: Pick<Deps, 'db'>): Promise<PublishedScreen[]> {
  const db = studioDb(deps.db);
  const latest = db.selectFrom('screen_versions').select(['screen_id', sql<number>`max(version)`.as('latest')]).groupBy('screen_id').as('m');
  const rows = await db
    .selectFrom('screen_versions as v')
    .innerJoin(latest, (join) => join.onRef('m.screen_id', '=', 'v.screen_id').onRef('m.latest', '=', 'v.version'))
    .select(['v.screen_id', 'v.version', 'v.layout_json', 'v.schema_json'])
    .execute();
  return rows.map((row) => ({
    id: row.screen_id,
    version: Number(row.version),
    layout: JSON.parse(row.layout_json) as Record<string, unknown>,
    schema: row.schema_json ? (JSON.parse(row.schema_json) as SchemaNode) : null,
  }));
}

/** Loads every published text, by language. */
export async function loadMessageOverrides(deps: Pick<Deps, 'db'>): Promise<Partial<Record<Locale, Record<string, string>>>> {
  const rows = await studioDb(deps.db).selectFrom('ui_messages').select(['lang', 'message_id', 'text']).execute();
  const result: Partial<Record<Locale, Record<string, string>>> = {};
  for (const row of rows) {
    if (!(LOCALES as readonly string[]).includes(row.lang)) continue;
    (result[row.lang as Locale] ??= {})[row.message_id] = row.text;
  }
  return result;
}

/** Serves the latest published screens in this process. */
export async function refreshPublished(deps: Pick<Deps, 'db'>, store: SchemaStore): Promise<void> {
  store.setPublished(await loadPublished(deps));
}

/** Lays the published texts over the locale files in this process. */
export async function refreshMessages(deps: Pick<Deps, 'db' | 'messages'>): Promise<void> {
  deps.messages.setOverrides(await loadMessageOverrides(deps));
}
