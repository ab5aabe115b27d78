/**
 * Screens staff make in the studio (`studio/screens/create`). A made screen starts as a draft
 * (a title and a data-capture form with one field, served nowhere); it goes live at `/p/<id>`
 * when a change of it is approved, like every edit, and leaves again through an approved
 * `unpublish` change. Its audience (`public` or `investor`) is chosen when it is made; its
 * only command is `forms/submit` (policy.ts). Its title text (`custom.<id>.title`) is the
 * typed title in every language until an editor translates it.
 */
import type { Db } from '../../db/index.js';
import { studioDb, type StudioScreensTable } from '../../db/studio-tables.js';
import type { CreatedScreen, SchemaStore } from '../../screens/store.js';
import { AppError } from '../errors.js';
import { writeAudit } from '../audit.js';
import { LOCALES } from '../../../shared/lang.js';
import type { SchemaNode } from '../../../shared/validation.js';
import type { StudioContext } from './screens.js';
import type { TextsByLang } from './texts.js';

/** The path a made screen is served at. */
export const createdPath = (id: string): string => `/p/${id}`;

/** The message id of a made screen's title. */
export const createdTitleId = (id: string): string => `custom.${id}.title`;

/** A made screen's starting layout: its title and its data-capture form. */
export function starterLayout(id: string): Record<string, unknown> {
  return {
    catalogue: 1,
    screen: id,
    title: createdTitleId(id),
    back: 'history',
    blocks: [
      {
        kind: 'form',
        id: 'form',
        schema: id,
        submit: { call: 'forms/submit', label: 'forms.submit', onSuccess: [{ toast: 'forms.submitted' }, { resetForm: true }] },
      },
    ],
  };
}

/** A made screen's starting form schema: one optional text field. */
export function starterSchema(id: string): SchemaNode {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: id,
    type: 'object',
    additionalProperties: false,
    properties: { message: { type: 'string', title: 'Message', maxLength: 2000 } },
  } as SchemaNode;
}

/** Every screen made in the studio, with its starting content, as the schema store takes them. */
export async function loadCreated(db: Db): Promise<CreatedScreen[]> {
  const rows = await studioDb(db).selectFrom('studio_screens').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, title: row.title, audience: row.audience, status: row.status, layout: starterLayout(row.id), schema: starterSchema(row.id) }));
}

/**
 * The title texts a made screen brings while its title id has no German text yet: the typed
 * title in every language. Empty for shipped screens and once the title is published.
 */
export function createdTitleTexts(ctx: Pick<StudioContext, 'deps' | 'store'>, id: string): TextsByLang {
  const made = ctx.store.createdScreen(id);
  if (!made) return {};
  const titleId = createdTitleId(id);
  if (ctx.deps.messages.catalog('de')[titleId] !== undefined) return {};
  return Object.fromEntries(LOCALES.map((lang) => [lang, { [titleId]: made.title }]));
}

/** Merges `extra` under `texts`, language by language (`texts` wins). */
export function withTexts(extra: TextsByLang, texts: TextsByLang): TextsByLang {
  const merged: TextsByLang = {};
  for (const lang of LOCALES) {
    const both = { ...extra[lang], ...texts[lang] };
    if (Object.keys(both).length) merged[lang] = both;
  }
  return merged;
}

/** Whether `id` is taken: a screen, a data schema or a call contract of that name. */
function taken(store: SchemaStore, id: string): boolean {
  const lower = id.toLowerCase();
  return store.screenIds().some((s) => s.toLowerCase() === lower) || store.schemaExists(id) || store.contract(id) !== null;
}

/**
 * `studio/screens/create {id, title, audience}`: records a new screen (status `draft`) with a
 * starting layout and form; nothing is served until a change of it is approved.
 * @returns the screen id, its path and the version a first change starts from (0).
 * @throws AppError `studioScreenExists` (1830) when a screen, schema or contract has the name.
 */
export async function createScreen(
  ctx: StudioContext,
  userId: string,
  input: { id: string; title: string; audience: StudioScreensTable['audience'] },
): Promise<{ id: string; path: string; baseVersion: number; status: 'draft' }> {
  if (taken(ctx.store, input.id)) throw new AppError('studioScreenExists', { id: input.id });
  const at = ctx.deps.clock.now();
  try {
    await ctx.deps.db.transaction().execute(async (trx) => {
      await studioDb(trx).insertInto('studio_screens').values({ id: input.id, title: input.title, audience: input.audience, status: 'draft', created_by: userId, created_at: at }).execute();
      await writeAudit(trx, { actorUserId: userId, action: 'studio.create', entity: 'screen', entityId: input.id, after: { title: input.title, audience: input.audience }, at });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Two editors creating the same name at once: the primary key decides.
    const exists = await studioDb(ctx.deps.db).selectFrom('studio_screens').select('id').where('id', '=', input.id).executeTakeFirst();
    if (exists) throw new AppError('studioScreenExists', { id: input.id });
    throw error;
  }
  await ctx.announce('screens', input.id);
  return { id: input.id, path: createdPath(input.id), baseVersion: 0, status: 'draft' };
}

/**
 * The served screens whose layouts link to `/p/<id>` (a home tile, a drawer item, a row on /my):
 * a made screen is taken down only once nothing points to it.
 */
export function linkingScreens(store: SchemaStore, id: string): string[] {
  const target = createdPath(id);
  const links = (node: unknown): boolean => {
    if (typeof node === 'string') return node === target || node.startsWith(`${target}?`);
    if (Array.isArray(node)) return node.some(links);
    if (node && typeof node === 'object') return Object.values(node).some(links);
    return false;
  };
  return store.screenIds().filter((other) => other !== id && links(store.readJson(`screens/${other}.layout.json`)));
}
