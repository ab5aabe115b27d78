/**
 * Change requests: nothing an editor publishes is live before other editors approve it. A
 * change carries a screen's layout and schema, texts, or both (a rollback carries an old
 * version's layout, schema and texts); it is `pending` until `config.studioApprovals` editors
 * other than its author approve it, then it is applied in one transaction (texts, the new
 * screen version, the change's status) and announced to every process; or it is `rejected`
 * with a reason. The author cannot approve their own change (`ownItem`, 1603).
 *
 * No lost updates: a change names the version it starts from (`baseVersion`; for texts the
 * texts version). A screen change whose screen has a newer version, or has a pending change
 * already, and a texts change touching an id that a change published since its base (or a
 * pending change) touches, is refused with `studioConflict` (1811) naming who changed what.
 * The same check runs again when the last approval would apply the change.
 *
 * Every step is audited: `studio.change.submit`, `studio.change.approve`,
 * `studio.change.reject`, `studio.publish` / `studio.messages.publish` when it goes live,
 * `studio.conflict` for a refused stale change.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { studioDb, type ChangeStatus, type StudioChangesTable } from '../../db/studio-tables.js';
import { uniqueViolation } from '../../db/unique.js';
import { writeAudit } from '../audit.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { LOCALES, type Locale } from '../../../shared/lang.js';
import type { SchemaNode } from '../../../shared/validation.js';
import { writeMessages } from './messages.js';
import {
  hasOwnSchema,
  latestTextsVersion,
  latestVersion,
  requireScreen,
  servedContent,
  textSnapshot,
  validateCandidate,
  versionContent,
  type StudioContext,
} from './screens.js';
import { checkTexts, textIds, textsPointer, type TextsByLang } from './texts.js';
import { createdTitleTexts, linkingScreens, withTexts } from './created.js';

/** What `publish`, `messages/save`, `rollback` and `approve` answer. */
export interface ChangeResult {
  changeId: string;
  status: 'pending' | 'published';
  /** The screen version it became, once published (screen and rollback changes). */
  version?: number;
}

/** A change as `studio/changes/list` shows it. */
export interface ChangeSummary {
  id: string;
  kind: StudioChangesTable['kind'];
  screenId: string | null;
  status: ChangeStatus;
  /** Email of the author. */
  author: string | null;
  note: string;
  baseVersion: number;
  /** Epoch ms. */
  createdAt: number;
  approvals: number;
  approvalsNeeded: number;
  /** Epoch ms of the publish or rejection; null while pending. */
  decidedAt: number | null;
  /** Email of the editor whose approval published it, or who rejected it. */
  decidedBy: string | null;
  reason: string | null;
  /** Screen version it became. */
  version: number | null;
  /** Message ids it changes. */
  textIds: string[];
  /** Whether the asking editor is its author (who cannot approve it). */
  mine: boolean;
}

/** A change with its diff (`studio/changes/get`). */
export interface ChangeDetail extends ChangeSummary {
  approvedBy: Array<{ editor: string | null; at: number }>;
  /** Layout before (served when the change was made) and after; null for a texts-only change. */
  layout: { before: unknown; after: unknown } | null;
  schema: { before: unknown; after: unknown } | null;
  /** Every text of the change, before (served when the change was made; null: new) and after. */
  texts: Array<{ lang: Locale; id: string; before: string | null; after: string }>;
}

/** One change since a stale base, as 1811 names it in `data.since`. */
export interface ConflictEntry {
  changeId: string | null;
  author: string | null;
  status: 'pending' | 'published';
  screenId: string | null;
  /** The screen version it published. */
  version: number | null;
  note: string;
  /** Epoch ms. */
  at: number;
  /** Message ids it shares with the refused change. */
  ids: string[];
}

/** What a new change holds. */
export interface ChangeInput {
  kind: StudioChangesTable['kind'];
  screenId: string | null;
  /** Screen version (screen, rollback) or texts version (texts) the editor started from. */
  baseVersion: number;
  /** Texts version a screen change carrying texts started from. */
  textsBaseVersion: number | null;
  layout: Record<string, unknown> | null;
  schema: SchemaNode | null;
  texts: TextsByLang;
  note: string;
}

/** Advisory lock of studio state changes on PostgreSQL (SQLite runs one transaction at a time). */
const STUDIO_LOCK = 0x5354_5544;

async function lockStudio(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${STUDIO_LOCK})`.execute(trx);
}

const parseTexts = (json: string): TextsByLang => JSON.parse(json) as TextsByLang;

/**
 * Who changed the same thing since `input` started: newer screen versions and pending changes
 * of the screen, changes published since the texts base or pending that touch the same ids.
 */
export async function findConflicts(db: Db, input: Pick<ChangeInput, 'kind' | 'screenId' | 'baseVersion' | 'textsBaseVersion' | 'texts'>, exclude?: string, pendingToo = true): Promise<ConflictEntry[]> {
  const sdb = studioDb(db);
  const found: ConflictEntry[] = [];
  if (input.screenId && input.kind !== 'texts') {
    const versions = await sdb
      .selectFrom('screen_versions as v')
      .leftJoin('users as u', 'u.id', 'v.author_user_id')
      .select(['v.version', 'v.note', 'v.published_at', 'u.email'])
      .where('v.screen_id', '=', input.screenId)
      .where('v.version', '>', input.baseVersion)
      .orderBy('v.version')
      .execute();
    for (const row of versions) {
      found.push({ changeId: null, author: row.email ?? null, status: 'published', screenId: input.screenId, version: Number(row.version), note: row.note, at: Number(row.published_at), ids: [] });
    }
    if (pendingToo) {
      let pending = sdb
        .selectFrom('studio_changes as c')
        .leftJoin('users as u', 'u.id', 'c.author_user_id')
        .select(['c.id', 'c.note', 'c.created_at', 'u.email'])
        .where('c.screen_id', '=', input.screenId)
        .where('c.status', '=', 'pending')
        .where('c.kind', '!=', 'texts');
      if (exclude) pending = pending.where('c.id', '!=', exclude);
      for (const row of await pending.execute()) {
        found.push({ changeId: row.id, author: row.email ?? null, status: 'pending', screenId: input.screenId, version: null, note: row.note, at: Number(row.created_at), ids: [] });
      }
    }
  }
  const ids = textIds(input.texts);
  if (ids.size) {
    const base = input.kind === 'texts' ? input.baseVersion : (input.textsBaseVersion ?? 0);
    let others = sdb
      .selectFrom('studio_changes as c')
      .leftJoin('users as u', 'u.id', 'c.author_user_id')
      .select(['c.id', 'c.status', 'c.screen_id', 'c.published_version', 'c.note', 'c.created_at', 'c.decided_at', 'c.texts_json', 'u.email'])
      .where((eb) => (pendingToo ? eb.or([eb('c.texts_version', '>', base), eb('c.status', '=', 'pending')]) : eb('c.texts_version', '>', base)));
    if (exclude) others = others.where('c.id', '!=', exclude);
    for (const row of await others.execute()) {
      const shared = [...textIds(parseTexts(row.texts_json))].filter((id) => ids.has(id));
      if (!shared.length) continue;
      found.push({
        changeId: row.id,
        author: row.email ?? null,
        status: row.status === 'pending' ? 'pending' : 'published',
        screenId: row.screen_id,
        version: row.published_version === null ? null : Number(row.published_version),
        note: row.note,
        at: Number(row.decided_at ?? row.created_at),
        ids: shared.sort(),
      });
    }
  }
  return found;
}

/** The 1811 answer for `since` (not empty). */
function conflictError(input: Pick<ChangeInput, 'kind' | 'screenId' | 'baseVersion' | 'textsBaseVersion'>, since: ConflictEntry[]): AppError {
  const first = since[0]!;
  const what = first.ids.length ? first.ids.slice(0, 3).join(', ') + (first.ids.length > 3 ? ', …' : '') : (first.screenId ?? '');
  const base = first.ids.length && input.kind !== 'texts' ? (input.textsBaseVersion ?? 0) : input.baseVersion;
  return new AppError('studioConflict', { who: first.author ?? '?', what, base, state: first.status }, { since });
}

/** Audits a stale change that was refused (outside the refused transaction). */
async function auditConflict(ctx: StudioContext, userId: string, entityId: string, error: unknown): Promise<void> {
  if (error instanceof AppError && error.errorName === 'studioConflict') {
    await writeAudit(ctx.deps.db, { actorUserId: userId, action: 'studio.conflict', entity: 'change', entityId, after: error.data, at: ctx.deps.clock.now() });
  }
}

/** Messages and screens to reload after a change went live. */
interface Applied {
  version: number | null;
  topics: Array<['screens' | 'messages', string]>;
}

/**
 * Makes a pending change live inside `trx`: the stale checks again, today's screen checks,
 * its texts, the screen's next version (with the texts snapshot it is published with), the
 * change's status. The caller announces `topics` after the commit.
 * @throws AppError `studioConflict` (1811), `studioInvalid` (1801), `studioBusy` (1805).
 */
async function applyChange(ctx: StudioContext, trx: Db, row: StudioChangesTable, approverId: string, at: number): Promise<Applied> {
  const texts = parseTexts(row.texts_json);
  const input = { kind: row.kind, screenId: row.screen_id, baseVersion: Number(row.base_version), textsBaseVersion: row.texts_base_version === null ? null : Number(row.texts_base_version), texts };
  const since = await findConflicts(trx, input, row.id, false);
  if (since.length) throw conflictError(input, since);
  const db = studioDb(trx);
  const topics: Applied['topics'] = [];
  let textsVersion: number | null = null;
  if (textIds(texts).size) {
    textsVersion = (await latestTextsVersion(trx)) + 1;
    for (const lang of LOCALES) if (texts[lang]) await writeMessages(ctx.deps, trx, approverId, lang, texts[lang]!, at);
    await writeAudit(trx, { actorUserId: approverId, action: 'studio.messages.publish', entity: 'change', entityId: row.id, after: { textsVersion, ids: [...textIds(texts)] }, at });
    topics.push(['messages', row.id]);
  }
  let version: number | null = null;
  if (row.kind === 'unpublish' && row.screen_id) {
    const linked = linkingScreens(ctx.store, row.screen_id);
    if (linked.length) throw new AppError('studioScreenInUse', { id: row.screen_id, screens: linked.join(', ') }, { screens: linked });
    await db.updateTable('studio_screens').set({ status: 'unpublished' }).where('id', '=', row.screen_id).execute();
    await writeAudit(trx, { actorUserId: approverId, action: 'studio.unpublish', entity: 'screen', entityId: row.screen_id, after: { changeId: row.id, author: row.author_user_id }, at });
    topics.push(['screens', row.screen_id]);
  } else if (row.screen_id && row.kind !== 'texts') {
    const layout = JSON.parse(row.layout_json!) as Record<string, unknown>;
    const schema = row.schema_json ? (JSON.parse(row.schema_json) as SchemaNode) : null;
    const errors = validateCandidate(ctx, row.screen_id, layout, schema ?? undefined, texts);
    if (errors.length) throw new AppError('studioInvalid', { id: row.screen_id, count: errors.length }, { errors });
    version = Number(row.base_version) + 1;
    const snapshot = textSnapshot(ctx, row.screen_id, layout, schema);
    const withTexts = Object.fromEntries(LOCALES.map((lang) => [lang, { ...snapshot[lang], ...texts[lang] }]));
    try {
      await db
        .insertInto('screen_versions')
        .values({
          id: newId(),
          screen_id: row.screen_id,
          version,
          layout_json: row.layout_json!,
          schema_json: row.schema_json,
          messages_json: JSON.stringify(withTexts),
          author_user_id: row.author_user_id,
          note: row.note,
          lint_json: '[]',
          published_at: at,
        })
        .execute();
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('studioBusy', { id: row.screen_id });
      throw error;
    }
    await writeAudit(trx, { actorUserId: approverId, action: 'studio.publish', entity: 'screen', entityId: row.screen_id, after: { version, note: row.note, changeId: row.id, author: row.author_user_id }, at });
    // A made screen is served from its first approved change on (again, after an unpublish).
    await db.updateTable('studio_screens').set({ status: 'live' }).where('id', '=', row.screen_id).execute();
    topics.push(['screens', row.screen_id]);
  }
  await db
    .updateTable('studio_changes')
    .set({ status: 'published', decided_at: at, decided_by: approverId, published_version: version, texts_version: textsVersion })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return { version, topics };
}

async function announceAll(ctx: StudioContext, topics: Applied['topics']): Promise<void> {
  // Texts first: a screen that uses a new id must find it when it is served.
  for (const [topic, detail] of [...topics].sort(([a], [b]) => (a === b ? 0 : a === 'messages' ? -1 : 1))) await ctx.announce(topic, detail);
}

/**
 * Stores a checked change as pending (or live at once with `STUDIO_APPROVALS=0`).
 * @param action the audit action of the submit (`studio.change.submit`, `studio.rollback`, `studio.messages.save`).
 * @throws AppError `studioConflict` (1811) when its base is stale.
 */
async function submitChange(ctx: StudioContext, userId: string, input: ChangeInput, action: string): Promise<ChangeResult> {
  const at = ctx.deps.clock.now();
  const id = newId();
  const needed = ctx.deps.config.studioApprovals;
  const served = input.screenId && input.kind !== 'texts' ? servedContent(ctx, input.screenId) : null;
  const before = {
    layout: served?.layout ?? null,
    schema: served?.schema ?? null,
    texts: Object.fromEntries(LOCALES.filter((lang) => input.texts[lang]).map((lang) => {
      const catalog = ctx.deps.messages.catalog(lang);
      return [lang, Object.fromEntries(Object.keys(input.texts[lang]!).map((m) => [m, catalog[m] ?? null]))];
    })),
  };
  let applied: Applied | null = null;
  try {
    await ctx.deps.db.transaction().execute(async (trx) => {
      await lockStudio(trx);
      const since = await findConflicts(trx, input);
      if (since.length) throw conflictError(input, since);
      const row: StudioChangesTable = {
        id,
        kind: input.kind,
        screen_id: input.screenId,
        base_version: input.baseVersion,
        texts_base_version: input.textsBaseVersion,
        layout_json: input.layout ? JSON.stringify(input.layout) : null,
        schema_json: input.schema ? JSON.stringify(input.schema) : null,
        texts_json: JSON.stringify(input.texts),
        before_json: JSON.stringify(before),
        note: input.note,
        author_user_id: userId,
        status: 'pending',
        approvals_needed: needed,
        created_at: at,
        decided_at: null,
        decided_by: null,
        reason: null,
        published_version: null,
        texts_version: null,
      };
      await studioDb(trx).insertInto('studio_changes').values(row).execute();
      if (input.screenId) await studioDb(trx).deleteFrom('studio_drafts').where('screen_id', '=', input.screenId).where('editor_user_id', '=', userId).execute();
      await writeAudit(trx, {
        actorUserId: userId,
        action,
        entity: 'change',
        entityId: id,
        after: { kind: input.kind, screenId: input.screenId, baseVersion: input.baseVersion, note: input.note, ids: [...textIds(input.texts)], approvalsNeeded: needed },
        at,
      });
      if (needed === 0) applied = await applyChange(ctx, trx, row, userId, at);
    });
  } catch (error) {
    await auditConflict(ctx, userId, input.screenId ?? 'texts', error);
    throw error;
  }
  if (!applied) return { changeId: id, status: 'pending' };
  const done = applied as Applied;
  await announceAll(ctx, done.topics);
  return { changeId: id, status: 'published', ...(done.version !== null ? { version: done.version } : {}) };
}

/**
 * `studio/screens/publish`: the candidate (layout, schema, texts) becomes a change request.
 * A publish without a schema keeps the schema that is served now.
 * @throws AppError `studioInvalid` (1801) with `data.errors` when it has any problem (nothing is
 *   stored); text problems (1804, 1815–1818); `studioConflict` (1811); 1800, 1803.
 */
export async function publishScreen(
  ctx: StudioContext,
  userId: string,
  request: { id: string; layout: Record<string, unknown>; schema?: SchemaNode; note: string; baseVersion: number; texts?: TextsByLang; textsBaseVersion?: number },
): Promise<ChangeResult> {
  const texts = withTexts(createdTitleTexts(ctx, request.id), request.texts ?? {});
  const errors = validateCandidate(ctx, request.id, request.layout, request.schema, texts);
  if (errors.length) {
    await writeAudit(ctx.deps.db, { actorUserId: userId, action: 'studio.publishRefused', entity: 'screen', entityId: request.id, after: { errors }, at: ctx.deps.clock.now() });
    throw new AppError('studioInvalid', { id: request.id, count: errors.length }, { errors });
  }
  checkTexts(ctx.deps.messages, texts, textsPointer);
  const keep = hasOwnSchema(ctx.store, request.id) ? ctx.store.readJson<SchemaNode>(`screens/${ctx.store.ownSchemaName(request.id)}.schema.json`) : null;
  return submitChange(
    ctx,
    userId,
    {
      kind: 'screen',
      screenId: request.id,
      baseVersion: request.baseVersion,
      textsBaseVersion: request.textsBaseVersion ?? (textIds(texts).size ? 0 : null),
      layout: request.layout,
      schema: request.schema ?? keep,
      texts,
      note: request.note,
    },
    'studio.change.submit',
  );
}

/**
 * `studio/messages/save`: texts (one language, or several that go live together) become a
 * change request.
 * @param pointer where a text sits in the request body, for problems.
 * @throws AppError text problems (1804, 1815–1818), `studioInvalid` (1801: a text would label a
 *   custom field like a payment or identity number), `studioConflict` (1811).
 */
export async function saveTexts(ctx: StudioContext, userId: string, texts: TextsByLang, baseVersion: number, note: string, pointer: (lang: Locale, id: string) => string): Promise<ChangeResult> {
  checkTexts(ctx.deps.messages, texts, pointer);
  const errors = customFieldTextProblems(ctx, texts);
  if (errors.length) throw new AppError('studioInvalid', { id: 'texts', count: errors.length }, { errors });
  return submitChange(ctx, userId, { kind: 'texts', screenId: null, baseVersion, textsBaseVersion: null, layout: null, schema: null, texts, note }, 'studio.messages.save');
}

/**
 * What new texts would do to the served screens whose forms have custom fields (a contract
 * object with an `additionalProperties` schema, such as `extra`): a text that relabels a custom
 * field like a payment or identity number (compat.ts) is refused as it would be in the schema.
 * @returns `screens/<name>.schema.json#<pointer>` problems, empty when none.
 */
function customFieldTextProblems(ctx: StudioContext, texts: TextsByLang): Array<{ pointer: string; message: string }> {
  const hasCustomFields = (name: string) => Object.values((ctx.store.contract(name)?.properties ?? {}) as Record<string, { additionalProperties?: unknown }>).some((p) => !!p && typeof p.additionalProperties === 'object');
  const problems: Array<{ pointer: string; message: string }> = [];
  const seen = new Set<string>();
  for (const id of ctx.store.screenIds()) {
    const layout = ctx.store.readJson(`screens/${id}.layout.json`);
    if (!layout || !ctx.store.referencedSchemas(layout).some(hasCustomFields)) continue;
    for (const p of ctx.store.lintScreen(id, { layout, texts })) {
      const key = `${p.file}#${p.pointer}: ${p.message}`;
      if (!p.file.endsWith('.schema.json') || seen.has(key)) continue;
      seen.add(key);
      problems.push({ pointer: `${p.file}#${p.pointer}`, message: p.message });
    }
  }
  return problems;
}

/**
 * `studio/screens/rollback`: a change request that restores an old version (0 = the files)
 * — layout, schema and the texts it was published with — as the screen's next version. It
 * must still pass today's checks.
 * @throws AppError `studioVersionUnknown` (1802), `studioInvalid` (1801), text problems, 1800, 1811.
 */
export async function rollbackScreen(ctx: StudioContext, userId: string, id: string, version: number): Promise<ChangeResult> {
  requireScreen(ctx.store, id);
  const old = await versionContent(ctx, id, version);
  // Only the texts that differ from today's travel with the change.
  const texts: TextsByLang = {};
  for (const lang of LOCALES) {
    const catalog = ctx.deps.messages.catalog(lang);
    const differing = Object.entries(old.messages[lang] ?? {}).filter(([m, text]) => catalog[m] !== text);
    if (differing.length) texts[lang] = Object.fromEntries(differing);
  }
  const errors = validateCandidate(ctx, id, old.layout, old.schema ?? undefined, texts);
  if (errors.length) throw new AppError('studioInvalid', { id, count: errors.length }, { errors });
  checkTexts(ctx.deps.messages, texts, textsPointer);
  return submitChange(
    ctx,
    userId,
    {
      kind: 'rollback',
      screenId: id,
      baseVersion: await latestVersion(ctx.deps.db, id),
      textsBaseVersion: await latestTextsVersion(ctx.deps.db),
      layout: old.layout,
      schema: old.schema,
      texts,
      note: `rollback to version ${version}`,
    },
    'studio.rollback',
  );
}

/**
 * `studio/screens/unpublish {id, note}`: a change request that takes a screen made in the
 * studio off `/p/<id>` once approved (its versions and submissions stay). Nothing may link to
 * it then: entries on other screens are removed first.
 * @throws AppError `studioNotCreated` (1835: a shipped screen), `studioScreenInUse` (1834),
 *   `studioConflict` (1811: a change of it is pending), 1800.
 */
export async function unpublishScreen(ctx: StudioContext, userId: string, id: string, note: string): Promise<ChangeResult> {
  requireScreen(ctx.store, id);
  const made = ctx.store.createdScreen(id);
  if (!made) throw new AppError('studioNotCreated', { id });
  const linked = linkingScreens(ctx.store, id);
  if (linked.length) throw new AppError('studioScreenInUse', { id, screens: linked.join(', ') }, { screens: linked });
  const baseVersion = await latestVersion(ctx.deps.db, id);
  return submitChange(
    ctx,
    userId,
    { kind: 'unpublish', screenId: id, baseVersion, textsBaseVersion: null, layout: null, schema: null, texts: {}, note },
    'studio.change.submit',
  );
}

async function pendingRow(trx: Db, id: string): Promise<StudioChangesTable> {
  const row = await studioDb(trx).selectFrom('studio_changes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('studioChangeUnknown', { id });
  if (row.status !== 'pending') throw new AppError('studioChangeNotPending', { id, status: row.status });
  return row;
}

/**
 * `studio/changes/approve`: records this editor's approval; the last one needed publishes the
 * change in the same transaction (nothing is recorded when publishing fails).
 * @throws AppError `studioChangeUnknown` (1812), `studioChangeNotPending` (1813), `ownItem`
 *   (1603: the author), `studioAlreadyApproved` (1814), `studioConflict` (1811), `studioInvalid` (1801).
 */
export async function approveChange(ctx: StudioContext, userId: string, id: string): Promise<ChangeResult & { approvals: number; approvalsNeeded: number }> {
  const at = ctx.deps.clock.now();
  let outcome: { applied: Applied | null; approvals: number; needed: number } | null = null;
  try {
    outcome = await ctx.deps.db.transaction().execute(async (trx) => {
      await lockStudio(trx);
      const row = await pendingRow(trx, id);
      if (row.author_user_id === userId) throw new AppError('ownItem');
      const db = studioDb(trx);
      const mine = await db.selectFrom('studio_change_approvals').select('editor_user_id').where('change_id', '=', id).where('editor_user_id', '=', userId).executeTakeFirst();
      if (mine) throw new AppError('studioAlreadyApproved', { id });
      await db.insertInto('studio_change_approvals').values({ change_id: id, editor_user_id: userId, approved_at: at }).execute();
      const count = await db.selectFrom('studio_change_approvals').select((eb) => eb.fn.countAll().as('n')).where('change_id', '=', id).executeTakeFirst();
      const approvals = Number(count?.n ?? 0);
      const needed = Number(row.approvals_needed);
      await writeAudit(trx, { actorUserId: userId, action: 'studio.change.approve', entity: 'change', entityId: id, after: { approvals, approvalsNeeded: needed }, at });
      const applied = approvals >= needed ? await applyChange(ctx, trx, row, userId, at) : null;
      return { applied, approvals, needed };
    });
  } catch (error) {
    await auditConflict(ctx, userId, id, error);
    throw error;
  }
  const { applied, approvals, needed } = outcome;
  if (!applied) return { changeId: id, status: 'pending', approvals, approvalsNeeded: needed };
  await announceAll(ctx, applied.topics);
  return { changeId: id, status: 'published', approvals, approvalsNeeded: needed, ...(applied.version !== null ? { version: applied.version } : {}) };
}

/**
 * `studio/changes/reject {id, reason}`: the change will never be live. Any editor may reject,
 * its author included (withdrawing it).
 * @throws AppError `studioChangeUnknown` (1812), `studioChangeNotPending` (1813).
 */
export async function rejectChange(ctx: StudioContext, userId: string, id: string, reason: string): Promise<{ changeId: string; status: 'rejected' }> {
  const at = ctx.deps.clock.now();
  await ctx.deps.db.transaction().execute(async (trx) => {
    await lockStudio(trx);
    await pendingRow(trx, id);
    await studioDb(trx).updateTable('studio_changes').set({ status: 'rejected', decided_at: at, decided_by: userId, reason }).where('id', '=', id).where('status', '=', 'pending').execute();
    await writeAudit(trx, { actorUserId: userId, action: 'studio.change.reject', entity: 'change', entityId: id, after: { reason }, at });
  });
  return { changeId: id, status: 'rejected' };
}

async function summaries(db: Db, rows: StudioChangesTable[], viewerId: string): Promise<ChangeSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = new Map<string, number>();
  for (const r of await studioDb(db).selectFrom('studio_change_approvals').select(['change_id']).where('change_id', 'in', ids).execute()) counts.set(r.change_id, (counts.get(r.change_id) ?? 0) + 1);
  const userIds = [...new Set(rows.flatMap((r) => [r.author_user_id, r.decided_by]).filter((u): u is string => Boolean(u)))];
  const emails = new Map((await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()).map((u) => [u.id, u.email]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    screenId: row.screen_id,
    status: row.status,
    author: emails.get(row.author_user_id) ?? null,
    note: row.note,
    baseVersion: Number(row.base_version),
    createdAt: Number(row.created_at),
    approvals: counts.get(row.id) ?? 0,
    approvalsNeeded: Number(row.approvals_needed),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    decidedBy: row.decided_by ? (emails.get(row.decided_by) ?? null) : null,
    reason: row.reason,
    version: row.published_version === null ? null : Number(row.published_version),
    textIds: [...textIds(parseTexts(row.texts_json))].sort(),
    mine: row.author_user_id === viewerId,
  }));
}

/** `studio/changes/list {status?}`: the newest 200 changes (of one status), newest first, as `viewerId` sees them. */
export async function listChanges(ctx: StudioContext, viewerId: string, status?: ChangeStatus): Promise<ChangeSummary[]> {
  let query = studioDb(ctx.deps.db).selectFrom('studio_changes').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(200);
  if (status) query = query.where('status', '=', status);
  return summaries(ctx.deps.db, await query.execute(), viewerId);
}

/**
 * `studio/changes/get {id}`: a change with its approvals and diff — layout, schema and every
 * text, before (as served when the change was made) and after.
 * @throws AppError `studioChangeUnknown` (1812).
 */
export async function getChange(ctx: StudioContext, viewerId: string, id: string): Promise<ChangeDetail> {
  const db = studioDb(ctx.deps.db);
  const row = await db.selectFrom('studio_changes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('studioChangeUnknown', { id });
  const [summary] = await summaries(ctx.deps.db, [row], viewerId);
  const approvals = await db
    .selectFrom('studio_change_approvals as a')
    .leftJoin('users as u', 'u.id', 'a.editor_user_id')
    .select(['u.email', 'a.approved_at'])
    .where('a.change_id', '=', id)
    .orderBy('a.approved_at')
    .execute();
  const before = JSON.parse(row.before_json) as { layout: unknown; schema: unknown; texts: Record<string, Record<string, string | null>> };
  const texts = parseTexts(row.texts_json);
  return {
    ...summary!,
    approvedBy: approvals.map((a) => ({ editor: a.email ?? null, at: Number(a.approved_at) })),
    layout: row.layout_json ? { before: before.layout, after: JSON.parse(row.layout_json) as unknown } : null,
    schema: row.layout_json ? { before: before.schema, after: row.schema_json ? (JSON.parse(row.schema_json) as unknown) : null } : null,
    texts: LOCALES.flatMap((lang) => Object.entries(texts[lang] ?? {}).map(([m, after]) => ({ lang, id: m, before: before.texts[lang]?.[m] ?? null, after }))),
  };
}
