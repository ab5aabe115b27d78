/**
 * The studio's screen operations. Published screens (layout + the
 * screen's same-named data schema + a snapshot of the texts it uses) are versions 1, 2, … in
 * `screen_versions` with author, note, time and lint result; the files under `schemas/` are
 * version 0. The served screen is the latest version. Nothing that fails the catalogue, the
 * call registry, the locales or the contract (src/server/screens/compat.ts) is published, so
 * users never see a broken screen. Every operation is audited (`studio.*`).
 */
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { writeAudit } from '../audit.js';
import { newId } from '../ids.js';
import { uniqueViolation } from '../../db/unique.js';
import { studioDb } from '../../db/studio-tables.js';
import type { SchemaStore } from '../../screens/store.js';
import { usedMessageIds } from '../../screens/lint.js';
import { LOCALES, type Locale } from '../../../shared/lang.js';
import type { SchemaNode } from '../../../shared/validation.js';
import { writeMessages } from './messages.js';
import { screenPolicy } from '../../screens/policy.js';

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

function requireScreen(store: SchemaStore, id: string): void {
  if (!store.screenIds().includes(id)) throw new AppError('studioScreenUnknown', { id });
}

/** The files (version 0) of a screen. */
function fileContent(store: SchemaStore, id: string): ScreenContent {
  return {
    layout: store.readFileJson<Record<string, unknown>>(`screens/${id}.layout.json`) ?? {},
    schema: store.readFileJson<SchemaNode>(`screens/${id}.schema.json`),
  };
}

/** Whether the screen has a same-named data schema the studio may edit. */
const hasOwnSchema = (store: SchemaStore, id: string) => store.readFileJson(`screens/${id}.schema.json`) !== null;

/**
 * `studio/screens/validate`: every problem of a candidate layout (and schema) — catalogue,
 * calls, message ids in all four languages, compilation, contract compatibility.
 * @throws AppError `studioScreenUnknown` (1800), `studioSchemaNotEditable` (1803),
 *   `studioBackOffice` (1819: a back-office screen's layout and schema are not the studio's).
 */
export function validateCandidate(ctx: StudioContext, id: string, layout: unknown, schema?: unknown): StudioProblem[] {
  requireScreen(ctx.store, id);
  if (screenPolicy(id).audience === 'operator') throw new AppError('studioBackOffice', { id });
  if (schema !== undefined && !hasOwnSchema(ctx.store, id)) throw new AppError('studioSchemaNotEditable', { id });
  const problems: StudioProblem[] = [];
  const own = `screens/${id}.schema.json`;
  const layoutFile = `screens/${id}.layout.json`;
  if ((layout as { screen?: unknown }).screen !== id) problems.push({ pointer: '/layout/screen', message: `must be '${id}'` });
  for (const p of ctx.store.lintScreen(id, { layout, schema })) {
    const pointer = p.pointer === '/' ? '' : p.pointer;
    if (p.file === layoutFile) problems.push({ pointer: `/layout${pointer}`, message: p.message });
    else if (p.file === own) problems.push({ pointer: `/schema${pointer}`, message: p.message });
    else problems.push({ pointer: `${p.file}#${p.pointer}`, message: p.message });
  }
  return problems;
}

/** `studio/screens/list`: every screen with its served version and whether a draft waits. */
export async function listScreens(ctx: StudioContext): Promise<Array<{ id: string; version: number; publishedAt: number | null; hasDraft: boolean }>> {
  const db = studioDb(ctx.deps.db);
  const drafts = new Set((await db.selectFrom('screen_drafts').select('screen_id').execute()).map((r) => r.screen_id));
  const published = new Map<string, number>();
  for (const row of await db.selectFrom('screen_versions').select(['screen_id', 'version', 'published_at']).execute()) {
    if (Number(row.version) === ctx.store.servedVersion(row.screen_id)) published.set(row.screen_id, Number(row.published_at));
  }
  return ctx.store.screenIds().map((id) => ({ id, version: ctx.store.servedVersion(id), publishedAt: published.get(id) ?? null, hasDraft: drafts.has(id) }));
}

/** A stored version's content, or the files for version 0. */
async function versionContent(ctx: StudioContext, id: string, version: number): Promise<ScreenContent & { messages: Record<string, Record<string, string>> | null }> {
  if (version === 0) return { ...fileContent(ctx.store, id), messages: null };
  const row = await studioDb(ctx.deps.db).selectFrom('screen_versions').selectAll().where('screen_id', '=', id).where('version', '=', version).executeTakeFirst();
  if (!row) throw new AppError('studioVersionUnknown', { id, version });
  return {
    layout: JSON.parse(row.layout_json) as Record<string, unknown>,
    schema: row.schema_json ? (JSON.parse(row.schema_json) as SchemaNode) : null,
    messages: JSON.parse(row.messages_json) as Record<string, Record<string, string>>,
  };
}

/**
 * `studio/screens/get`: the served layout and schema (or those of `version`) and the draft.
 * @throws AppError `studioScreenUnknown` (1800), `studioVersionUnknown` (1802).
 */
export async function getScreen(ctx: StudioContext, id: string, version?: number) {
  requireScreen(ctx.store, id);
  const served = ctx.store.servedVersion(id);
  const at = version ?? served;
  const content = version === undefined
    ? { layout: ctx.store.readJson<Record<string, unknown>>(`screens/${id}.layout.json`)!, schema: hasOwnSchema(ctx.store, id) ? ctx.store.readJson<SchemaNode>(`screens/${id}.schema.json`) : null }
    : await versionContent(ctx, id, version);
  const draftRow = await studioDb(ctx.deps.db).selectFrom('screen_drafts').selectAll().where('screen_id', '=', id).executeTakeFirst();
  const draft = draftRow
    ? { layout: JSON.parse(draftRow.layout_json) as Record<string, unknown>, schema: draftRow.schema_json ? (JSON.parse(draftRow.schema_json) as SchemaNode) : null, savedAt: Number(draftRow.saved_at) }
    : null;
  const schemas = [content.schema, ...ctx.store.referencedSchemas(content.layout).filter((n) => n !== id).map((n) => ctx.store.readJson(`screens/${n}.schema.json`))];
  return { id, version: at, layout: content.layout, schema: content.schema, draft, messageIds: usedMessageIds(content.layout, schemas.filter(Boolean)) };
}

/**
 * `studio/screens/saveDraft`: keeps the editor's work (even when it has problems) and answers
 * its problems.
 */
export async function saveDraft(ctx: StudioContext, userId: string, id: string, layout: Record<string, unknown>, schema?: SchemaNode): Promise<{ errors: StudioProblem[] }> {
  const errors = validateCandidate(ctx, id, layout, schema);
  const at = ctx.deps.clock.now();
  const values = { layout_json: JSON.stringify(layout), schema_json: schema === undefined ? null : JSON.stringify(schema), author_user_id: userId, saved_at: at };
  await ctx.deps.db.transaction().execute(async (trx) => {
    await studioDb(trx).insertInto('screen_drafts').values({ screen_id: id, ...values }).onConflict((oc) => oc.column('screen_id').doUpdateSet(values)).execute();
    await writeAudit(trx, { actorUserId: userId, action: 'studio.saveDraft', entity: 'screen', entityId: id, after: { errors: errors.length }, at });
  });
  return { errors };
}

/** The texts (per language) of the ids a screen uses, as served now. */
function textSnapshot(ctx: StudioContext, id: string, layout: unknown, schema: unknown): Record<string, Record<string, string>> {
  const schemas = [schema ?? null, ...ctx.store.referencedSchemas(layout).filter((n) => n !== id).map((n) => ctx.store.readJson(`screens/${n}.schema.json`))];
  const ids = usedMessageIds(layout, schemas.filter(Boolean));
  return Object.fromEntries(LOCALES.map((lang) => {
    const catalog = ctx.deps.messages.catalog(lang);
    return [lang, Object.fromEntries(ids.filter((m) => m in catalog).map((m) => [m, catalog[m]!]))];
  }));
}

/**
 * Stores the next version of a screen (after the caller validated it) and announces it.
 * @param restoreTexts texts to publish with it (rollback restores the old version's texts).
 * @throws AppError `studioBusy` (1805) when other publishes keep taking the number.
 */
async function storeVersion(
  ctx: StudioContext,
  userId: string,
  id: string,
  content: { layout: Record<string, unknown>; schema: SchemaNode | null },
  note: string,
  action: string,
  restoreTexts?: Record<string, Record<string, string>> | null,
): Promise<{ version: number }> {
  const at = ctx.deps.clock.now();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const version = await ctx.deps.db.transaction().execute(async (trx) => {
        const db = studioDb(trx);
        if (restoreTexts) {
          for (const lang of LOCALES) if (restoreTexts[lang]) await writeMessages(ctx.deps, trx, userId, lang as Locale, restoreTexts[lang]!, at);
        }
        const last = await db.selectFrom('screen_versions').select((eb) => eb.fn.max('version').as('latest')).where('screen_id', '=', id).executeTakeFirst();
        const next = Number(last?.latest ?? 0) + 1;
        await db
          .insertInto('screen_versions')
          .values({
            id: newId(),
            screen_id: id,
            version: next,
            layout_json: JSON.stringify(content.layout),
            schema_json: content.schema ? JSON.stringify(content.schema) : null,
            messages_json: JSON.stringify(restoreTexts ? mergeTexts(textSnapshot(ctx, id, content.layout, content.schema), restoreTexts) : textSnapshot(ctx, id, content.layout, content.schema)),
            author_user_id: userId,
            note,
            lint_json: '[]',
            published_at: at,
          })
          .execute();
        await db.deleteFrom('screen_drafts').where('screen_id', '=', id).execute();
        await writeAudit(trx, { actorUserId: userId, action, entity: 'screen', entityId: id, after: { version: next, note }, at });
        return next;
      });
      if (restoreTexts) await ctx.announce('messages', id);
      await ctx.announce('screens', id);
      return { version };
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
  }
  throw new AppError('studioBusy', { id });
}

function mergeTexts(a: Record<string, Record<string, string>>, b: Record<string, Record<string, string>>): Record<string, Record<string, string>> {
  return Object.fromEntries(LOCALES.map((lang) => [lang, { ...a[lang], ...b[lang] }]));
}

/**
 * `studio/screens/publish`: the candidate becomes the screen's next version, served at once
 * by every process.
 * @throws AppError `studioInvalid` (1801) with `data.errors` when it has any problem (nothing
 *   is stored, the served screen is unchanged); 1800, 1803, 1805.
 */
export async function publishScreen(ctx: StudioContext, userId: string, id: string, layout: Record<string, unknown>, schema: SchemaNode | undefined, note: string): Promise<{ version: number }> {
  const errors = validateCandidate(ctx, id, layout, schema);
  if (errors.length) {
    await writeAudit(ctx.deps.db, { actorUserId: userId, action: 'studio.publishRefused', entity: 'screen', entityId: id, after: { errors }, at: ctx.deps.clock.now() });
    throw new AppError('studioInvalid', { id, count: errors.length }, { errors });
  }
  // A publish without a schema keeps the schema that is served now.
  const keep = hasOwnSchema(ctx.store, id) ? ctx.store.readJson<SchemaNode>(`screens/${id}.schema.json`) : null;
  return storeVersion(ctx, userId, id, { layout, schema: schema ?? keep }, note, 'studio.publish');
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

/**
 * `studio/screens/rollback`: publishes an old version (0 = the files) again as a new version,
 * with the texts it was published with. It must still pass today's checks.
 * @throws AppError `studioVersionUnknown` (1802), `studioInvalid` (1801), 1800.
 */
export async function rollbackScreen(ctx: StudioContext, userId: string, id: string, version: number): Promise<{ version: number }> {
  requireScreen(ctx.store, id);
  const old = await versionContent(ctx, id, version);
  const errors = validateCandidate(ctx, id, old.layout, old.schema ?? undefined);
  if (errors.length) throw new AppError('studioInvalid', { id, count: errors.length }, { errors });
  return storeVersion(ctx, userId, id, { layout: old.layout, schema: old.schema }, `rollback to version ${version}`, 'studio.rollback', old.messages);
}
