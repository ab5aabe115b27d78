/**
 * The studio's screen operations. Published screens (layout + the screen's own data
 * schema + a snapshot of the texts it uses) are versions 1, 2, … in `screen_versions` with
 * author, note, time and lint result; the files under `schemas/` are version 0. The served
 * screen is the latest version. Nothing that fails the catalogue, the call registry, the
 * locales or the contract (src/server/screens/compat.ts) is published, so users never see a
 * broken screen. Publishing goes through change requests (`changes.ts`); each editor keeps
 * their own draft here. Every operation is audited (`studio.*`).
 */
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { writeAudit } from '../audit.js';
import { studioDb } from '../../db/studio-tables.js';
import type { Db } from '../../db/index.js';
import type { SchemaStore } from '../../screens/store.js';
import { usedMessageIds } from '../../screens/lint.js';
import { LOCALES } from '../../../shared/lang.js';
import type { SchemaNode } from '../../../shared/validation.js';
import { screenPolicy } from '../../screens/policy.js';
import type { TextsByLang } from './texts.js';
import { createdTitleTexts, withTexts } from './created.js';

/** What the studio operations work with. */
export interface StudioContext {
  deps: Deps;
  store: SchemaStore;
  /**
   * Makes a change visible: reloads it in this process, then tells every other process
   * through the cache bus. Resolves when this process serves the change.
   */
  announce(topic: 'screens' | 'messages', detail: string): Promise<void>;
}

/** One problem of a candidate: `/layout/…` or `/schema/…` pointer, or `file#pointer` for other schemas. */
export interface StudioProblem {
  pointer: string;
  message: string;
}

/** A screen's content at some version. */
export interface ScreenContent {
  layout: Record<string, unknown>;
  schema: SchemaNode | null;
}

/** A version in a screen's history (`studio/screens/versions`). */
export interface VersionInfo {
  version: number;
  /** Email of the editor who published it; null for version 0 (the files). */
  author: string | null;
  note: string;
  /** Epoch ms; null for version 0. */
  publishedAt: number | null;
}

/**
 * @throws AppError `studioScreenUnknown` (1800) when no layout file names the screen.
 */
export function requireScreen(store: SchemaStore, id: string): void {
  if (!store.screenIds().includes(id)) throw new AppError('studioScreenUnknown', { id });
}

/** The files (version 0) of a screen. */
function fileContent(store: SchemaStore, id: string): ScreenContent {
  const own = store.ownSchemaName(id);
  return {
    layout: store.readFileJson<Record<string, unknown>>(`screens/${id}.layout.json`) ?? {},
    schema: own ? store.readFileJson<SchemaNode>(`screens/${own}.schema.json`) : null,
  };
}

/**
 * Whether the screen has a data schema the studio may edit: its same-named schema or its
 * form's (`SchemaStore.ownSchemaName`, e.g. `withdraw` edits `withdrawal`).
 */
export const hasOwnSchema = (store: SchemaStore, id: string) => store.ownSchemaName(id) !== null;

/** The schemas a layout names other than the screen's own (those the studio shows but does not edit). */
const otherSchemas = (store: SchemaStore, id: string, layout: unknown): unknown[] => {
  const own = store.ownSchemaName(id) ?? id;
  return store.referencedSchemas(layout).filter((n) => n !== own).map((n) => store.readJson(`screens/${n}.schema.json`));
};

/**
 * `studio/screens/validate`: every problem of a candidate layout (and schema) — catalogue,
 * calls, message ids in all four languages, compilation, contract compatibility.
 * @param texts texts the same change brings: their ids count as present.
 * @throws AppError `studioScreenUnknown` (1800), `studioSchemaNotEditable` (1803),
 *   `studioBackOffice` (1819: a back-office screen's layout and schema are not the studio's).
 */
export function validateCandidate(ctx: StudioContext, id: string, layout: unknown, schema?: unknown, texts?: TextsByLang): StudioProblem[] {
  requireScreen(ctx.store, id);
  if (screenPolicy(id).audience === 'operator') throw new AppError('studioBackOffice', { id });
  if (schema !== undefined && !hasOwnSchema(ctx.store, id)) throw new AppError('studioSchemaNotEditable', { id });
  // A made screen's title text travels with its first change.
  const titleTexts = createdTitleTexts(ctx, id);
  if (Object.keys(titleTexts).length) texts = withTexts(titleTexts, texts ?? {});
  const problems: StudioProblem[] = [];
  const own = `screens/${ctx.store.ownSchemaName(id) ?? id}.schema.json`;
  const layoutFile = `screens/${id}.layout.json`;
  if ((layout as { screen?: unknown }).screen !== id) problems.push({ pointer: '/layout/screen', message: `must be '${id}'` });
  for (const p of ctx.store.lintScreen(id, { layout, schema, ...(texts ? { texts } : {}) })) {
    const pointer = p.pointer === '/' ? '' : p.pointer;
    if (p.file === layoutFile) problems.push({ pointer: `/layout${pointer}`, message: p.message });
    else if (p.file === own) problems.push({ pointer: `/schema${pointer}`, message: p.message });
    else problems.push({ pointer: `${p.file}#${p.pointer}`, message: p.message });
  }
  return problems;
}

/** The newest stored version number of a screen (0: none, the files): what the next change must start from. */
export async function latestVersion(db: Db, id: string): Promise<number> {
  const row = await studioDb(db).selectFrom('screen_versions').select((eb) => eb.fn.max('version').as('latest')).where('screen_id', '=', id).executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** The newest texts version (0: no studio text published yet): what the next texts change must start from. */
export async function latestTextsVersion(db: Db): Promise<number> {
  const row = await studioDb(db).selectFrom('studio_changes').select((eb) => eb.fn.max('texts_version').as('latest')).executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** `studio/screens/list`: every screen with its served version, whether this editor has a draft of it, and `/p/<id>` for a screen made in the studio. */
export async function listScreens(ctx: StudioContext, userId: string): Promise<Array<{ id: string; version: number; publishedAt: number | null; hasDraft: boolean; path: string | null }>> {
  const db = studioDb(ctx.deps.db);
  const drafts = new Set((await db.selectFrom('studio_drafts').select('screen_id').where('editor_user_id', '=', userId).execute()).map((r) => r.screen_id));
  const published = new Map<string, number>();
  for (const row of await db.selectFrom('screen_versions').select(['screen_id', 'version', 'published_at']).execute()) {
    if (Number(row.version) === ctx.store.servedVersion(row.screen_id)) published.set(row.screen_id, Number(row.published_at));
  }
  return ctx.store.screenIds().map((id) => ({ id, version: ctx.store.servedVersion(id), publishedAt: published.get(id) ?? null, hasDraft: drafts.has(id), path: ctx.store.createdScreen(id) ? `/p/${id}` : null }));
}

/**
 * A stored version's content, or the files for version 0. `messages` are the texts the version
 * was published with; for version 0 the built-in texts of the ids its layout uses.
 * @throws AppError `studioVersionUnknown` (1802).
 */
export async function versionContent(ctx: StudioContext, id: string, version: number): Promise<ScreenContent & { messages: TextsByLang }> {
  if (version === 0) {
    const files = fileContent(ctx.store, id);
    return { ...files, messages: textSnapshot(ctx, id, files.layout, files.schema, (lang) => ctx.deps.messages.base(lang)) };
  }
  const row = await studioDb(ctx.deps.db).selectFrom('screen_versions').selectAll().where('screen_id', '=', id).where('version', '=', version).executeTakeFirst();
  if (!row) throw new AppError('studioVersionUnknown', { id, version });
  return {
    layout: JSON.parse(row.layout_json) as Record<string, unknown>,
    schema: row.schema_json ? (JSON.parse(row.schema_json) as SchemaNode) : null,
    messages: JSON.parse(row.messages_json) as TextsByLang,
  };
}

/** The served layout and own data schema of a screen. */
export function servedContent(ctx: StudioContext, id: string): ScreenContent {
  return {
    layout: ctx.store.readJson<Record<string, unknown>>(`screens/${id}.layout.json`)!,
    schema: hasOwnSchema(ctx.store, id) ? ctx.store.readJson<SchemaNode>(`screens/${ctx.store.ownSchemaName(id)}.schema.json`) : null,
  };
}

/**
 * `studio/screens/get`: the served layout and schema (or those of `version`), this editor's
 * draft, the numbers a change must start from (`baseVersion`: the newest stored version;
 * `textsVersion`), the screen's pending change, if any, and `newTexts`: the texts a screen made
 * in the studio brings until they are published (its title in every language; else `{}`).
 * @throws AppError `studioScreenUnknown` (1800), `studioVersionUnknown` (1802).
 */
export async function getScreen(ctx: StudioContext, userId: string, id: string, version?: number) {
  requireScreen(ctx.store, id);
  const db = studioDb(ctx.deps.db);
  const served = ctx.store.servedVersion(id);
  const at = version ?? served;
  const content = version === undefined ? servedContent(ctx, id) : await versionContent(ctx, id, version);
  const draftRow = await db.selectFrom('studio_drafts').selectAll().where('screen_id', '=', id).where('editor_user_id', '=', userId).executeTakeFirst();
  const draft = draftRow
    ? {
        layout: JSON.parse(draftRow.layout_json) as Record<string, unknown>,
        schema: draftRow.schema_json ? (JSON.parse(draftRow.schema_json) as SchemaNode) : null,
        baseVersion: Number(draftRow.base_version),
        savedAt: Number(draftRow.saved_at),
      }
    : null;
  const pendingRow = await db
    .selectFrom('studio_changes as c')
    .leftJoin('users as u', 'u.id', 'c.author_user_id')
    .select(['c.id', 'c.created_at', 'u.email'])
    .where('c.screen_id', '=', id)
    .where('c.status', '=', 'pending')
    .where('c.kind', '!=', 'texts')
    .orderBy('c.created_at', 'desc')
    .executeTakeFirst();
  const pending = pendingRow ? { id: pendingRow.id, author: pendingRow.email ?? null, createdAt: Number(pendingRow.created_at) } : null;
  const schemas = [content.schema, ...otherSchemas(ctx.store, id, content.layout)];
  return {
    id,
    version: at,
    baseVersion: await latestVersion(ctx.deps.db, id),
    textsVersion: await latestTextsVersion(ctx.deps.db),
    layout: content.layout,
    schema: content.schema,
    draft,
    pending,
    messageIds: usedMessageIds(content.layout, schemas.filter(Boolean)),
    newTexts: createdTitleTexts(ctx, id),
  };
}

/**
 * The texts (per language) of the ids a screen uses, from `catalog` (default: as served now).
 */
export function textSnapshot(
  ctx: StudioContext,
  id: string,
  layout: unknown,
  schema: unknown,
  catalog: (lang: (typeof LOCALES)[number]) => Readonly<Record<string, string>> = (lang) => ctx.deps.messages.catalog(lang),
): Record<string, Record<string, string>> {
  const schemas = [schema ?? null, ...otherSchemas(ctx.store, id, layout)];
  const ids = usedMessageIds(layout, schemas.filter(Boolean));
  return Object.fromEntries(LOCALES.map((lang) => {
    const texts = catalog(lang);
    return [lang, Object.fromEntries(ids.filter((m) => m in texts).map((m) => [m, texts[m]!]))];
  }));
}

/**
 * `studio/screens/versions`: every version, newest first, ending with version 0 (the files).
 * @throws AppError `studioScreenUnknown` (1800).
 */
export async function listVersions(ctx: StudioContext, id: string): Promise<VersionInfo[]> {
  requireScreen(ctx.store, id);
  const rows = await studioDb(ctx.deps.db)
    .selectFrom('screen_versions as v')
    .leftJoin('users as u', 'u.id', 'v.author_user_id')
    .select(['v.version', 'v.note', 'v.published_at', 'u.email'])
    .where('v.screen_id', '=', id)
    .orderBy('v.version', 'desc')
    .execute();
  return [
    ...rows.map((row) => ({ version: Number(row.version), author: row.email ?? null, note: row.note, publishedAt: Number(row.published_at) })),
    { version: 0, author: null, note: 'schemas/ (shipped with the code)', publishedAt: null },
  ];
}
