/**
 * Brings what the studio published into this process — the screens made in the studio and
 * the latest version of every screen into the schema store, the published texts into the messages. Runs at start, after
 * this process publishes, and on every process when the cache bus carries `screens` or
 * `messages`, so a publish is served everywhere within a second.
 */
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { PublishedScreen, SchemaStore } from '../../screens/store.js';
import { studioDb } from '../../db/studio-tables.js';
import { LOCALES, type Locale } from '../../../shared/lang.js';
import type { SchemaNode } from '../../../shared/validation.js';
import { screenPolicy } from '../../screens/policy.js';
import { loadCreated } from './created.js';

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

/**
 * Serves the latest published screens in this process. A published version that no longer
 * passes the checks (e.g. the code since dropped a call or a catalogue property) is not served
 * — its files are, and the log says why — so a deploy can never take a screen down or stop the
 * server from starting. A back-office screen (audience `operator`) is always served from its
 * files: the studio does not change those, and a version stored before that rule is ignored.
 * Run it after the calls are registered (the checks need them).
 */
export async function refreshPublished(deps: Pick<Deps, 'db' | 'log'>, store: SchemaStore): Promise<void> {
  // Screens made in the studio first: their audience and starting files are what their
  // published versions are checked against.
  store.setCreated(await loadCreated(deps.db));
  const published = await loadPublished(deps);
  const valid = published.filter((screen) => {
    if (screenPolicy(screen.id).audience === 'operator') {
      deps.log?.warn({ screen: screen.id, version: screen.version }, 'published version of a back-office screen ignored; serving its files');
      return false;
    }
    const problems = store.lintScreen(screen.id, { layout: screen.layout, ...(screen.schema ? { schema: screen.schema } : {}) });
    if (problems.length) deps.log?.warn({ screen: screen.id, version: screen.version, problems: problems.slice(0, 5) }, 'published screen version fails the checks; serving its files');
    return problems.length === 0;
  });
  store.setPublished(valid);
}

/** Lays the published texts over the locale files in this process. */
export async function refreshMessages(deps: Pick<Deps, 'db' | 'messages'>): Promise<void> {
  deps.messages.setOverrides(await loadMessageOverrides(deps));
}
