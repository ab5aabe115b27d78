/**
 * The studio's calls, role `editor` only — investors and operators get `forbidden` (1040).
 * Every call, reads included, is written to the audit log (`studio.*`). Publishing, saving
 * texts and rolling back make change requests that other editors approve (`changes.ts`).
 *
 * studio/screens/list {} → [{id, version, publishedAt, hasDraft}]
 * studio/screens/get {id, version?} → {id, version, baseVersion, textsVersion, layout, schema, draft, pending, messageIds}
 * studio/screens/validate {id, layout, schema?, texts?} → {errors: [{pointer, message}]}
 * studio/screens/preview {id, layout, schema?, texts?} → {payload: {id, layout, schemas}, validators: {name: rootKey}, errors}
 * studio/screens/saveDraft {id, layout, schema?, baseVersion} → {errors} | 1811
 * studio/screens/discardDraft {id} → {discarded}
 * studio/screens/publish {id, layout, schema?, note, baseVersion, texts?, textsBaseVersion?} → {changeId, status} | 1801 | 1811
 * studio/screens/versions {id} → [{version, author, note, publishedAt}] newest first
 * studio/screens/rollback {id, version} → {changeId, status}
 * studio/messages/get {lang} → {id: text}
 * studio/messages/save {lang, messages, baseVersion, note?} | {texts, baseVersion, note?} → {changeId, status}
 * studio/changes/list {status?} → [change]
 * studio/changes/get {id} → change with approvals and diff
 * studio/changes/approve {id} → {changeId, status, approvals, approvalsNeeded, version?}
 * studio/changes/reject {id, reason} → {changeId, status: 'rejected'}
 * studio/screens/create {id, title, audience} → {id, path, baseVersion, status: 'draft'} | 1830
 * studio/screens/unpublish {id, note} → {changeId, status} | 1834 | 1835
 * studio/calls/list {} → [{name, access, effect, request, response}] (the schemas bindings are checked against)
 * studio/search {q} → {screens: [{id, path, hits}], texts: [{id, lang, text, screens}], truncated}
 * studio/texts/usage {id} → {id, texts, screens: [{id, path, pointers}]} | 1836
 * studio/audit/list {screenId?, page?, pageSize?} → Page<{id, at, who, action, screenId, changeId, note, version}> | 1800
 */
import { callSchemas, type CallRegistry, type CallSpec } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { writeAudit } from '../domain/audit.js';
import { AppError } from '../domain/errors.js';
import { runningFeatures } from '../domain/systemConfig.js';
import type { SchemaStore } from '../screens/store.js';
import type { CacheBus } from '../cluster/cache-bus.js';
import { getScreen, listScreens, listVersions, validateCandidate, type StudioContext } from '../domain/studio/screens.js';
import { approveChange, getChange, listChanges, publishScreen, rejectChange, rollbackScreen, saveTexts, unpublishScreen } from '../domain/studio/changes.js';
import { createScreen } from '../domain/studio/created.js';
import { discardDraft, saveDraft } from '../domain/studio/drafts.js';
import { messagesPointer, textProblems, textsPointer, type TextsByLang } from '../domain/studio/texts.js';
import { refreshMessages, refreshPublished } from '../domain/studio/sync.js';
import { previewCandidate } from '../domain/studio/preview.js';
import { search, textUsage } from '../domain/studio/search.js';
import { listStudioAudit } from '../domain/studio/audit-view.js';
import { localizeProblems } from '../domain/studio/problem-texts.js';
import type { Locale } from '../../shared/lang.js';
import type { SchemaNode } from '../../shared/validation.js';
import type {
  StudioChangeId,
  StudioChangeList,
  StudioChangeReject,
  StudioMessagesGet,
  StudioMessagesSave,
  StudioScreenCandidate,
  StudioScreenCreate,
  StudioScreenUnpublish,
  StudioScreenDiscard,
  StudioScreenDraft,
  StudioScreenGet,
  StudioScreenPublish,
  StudioScreenRollback,
  StudioSearch,
  StudioTextUsage,
  StudioAuditList,
} from '../../shared/generated/index.js';

/**
 * The studio's working context: a change is reloaded in this process first (so it is served
 * when the call answers), then announced to every other process on the cache bus.
 */
export function studioContext(deps: Deps, store: SchemaStore, bus: CacheBus): StudioContext {
  return {
    deps,
    store,
    async announce(topic, detail) {
      if (topic === 'screens') await refreshPublished(deps, store);
      else await refreshMessages(deps);
      await bus.publish(topic, detail);
    },
  };
}

/**
 * Registers the studio calls. With `FEATURES=studio=off` every one answers `studioOff` (1806)
 * after the role check, so the feature flag tells the truth.
 */
export function studioRoutes(calls: CallRegistry, deps: Deps, store: SchemaStore, bus: CacheBus): void {
  const ctx = studioContext(deps, store, bus);
  const gated: Pick<CallRegistry, 'define'> = {
    define: <B = Record<string, never>>(spec: CallSpec<B>): void =>
      calls.define<B>({
        ...spec,
        handle: async (context) => {
          if (!runningFeatures(deps).studio) throw new AppError('studioOff');
          try {
            return inLanguage(await spec.handle(context), context.locale);
          } catch (error) {
            if (error instanceof AppError) inLanguage(error.data, context.locale, true);
            throw error;
          }
        },
      }),
  };
  /**
   * Answers and refusals carrying problems (`errors: [{pointer, message}]`) name them in the
   * request's language (`problem-texts.ts`); `inPlace` rewrites a refusal's data.
   */
  const inLanguage = (answer: unknown, locale: Locale, inPlace = false): unknown => {
    const holder = answer as { errors?: unknown } | null;
    if (!holder || typeof holder !== 'object' || Array.isArray(holder) || !Array.isArray(holder.errors)) return answer;
    const errors = localizeProblems(deps.messages, locale, holder.errors as Array<{ pointer: string; message: string }>);
    if (inPlace) {
      holder.errors = errors;
      return answer;
    }
    return { ...holder, errors };
  };
  const editor = callsWith(gated, 'editor');
  const audit = (userId: string, action: string, entityId: string, after?: unknown) =>
    writeAudit(deps.db, { actorUserId: userId, action, entity: action.startsWith('studio.messages') ? 'messages' : action.startsWith('studio.change') ? 'change' : 'screen', entityId, after, at: deps.clock.now() });

  editor.query('studio/screens/list', undefined, async ({ auth }) => {
    await audit(auth!.userId, 'studio.list', '*');
    return listScreens(ctx, auth!.userId);
  });
  editor.query<StudioScreenGet>('studio/screens/get', 'api/studioScreenGet', async ({ auth, body }) => {
    const screen = await getScreen(ctx, auth!.userId, body.id, body.version);
    await audit(auth!.userId, 'studio.get', body.id, { version: screen.version });
    return screen;
  });
  editor.query<StudioScreenCandidate>('studio/screens/validate', 'api/studioScreenCandidate', async ({ auth, body }) => {
    const texts = body.texts as TextsByLang | undefined;
    const errors = [...validateCandidate(ctx, body.id, body.layout, body.schema, texts), ...(texts ? textProblems(deps.messages, texts, textsPointer) : [])];
    await audit(auth!.userId, 'studio.validate', body.id, { errors: errors.length });
    return { errors };
  });
  editor.query<StudioScreenCandidate>('studio/screens/preview', 'api/studioScreenCandidate', async ({ auth, body }) => {
    const preview = previewCandidate(store, body.id, body.layout, body.schema as SchemaNode | undefined);
    await audit(auth!.userId, 'studio.preview', body.id, { errors: preview.errors.length });
    return preview;
  });
  editor.command<StudioScreenDraft>('studio/screens/saveDraft', 'api/studioScreenDraft', ({ auth, body }) => saveDraft(ctx, auth!.userId, body.id, body.layout, body.schema as SchemaNode | undefined, body.baseVersion));
  editor.command<StudioScreenDiscard>('studio/screens/discardDraft', 'api/studioScreenDiscard', ({ auth, body }) => discardDraft(ctx, auth!.userId, body.id));
  editor.command<StudioScreenPublish>('studio/screens/publish', 'api/studioScreenPublish', ({ auth, body }) =>
    publishScreen(ctx, auth!.userId, {
      id: body.id,
      layout: body.layout,
      ...(body.schema ? { schema: body.schema as SchemaNode } : {}),
      note: body.note.trim(),
      baseVersion: body.baseVersion,
      ...(body.texts ? { texts: body.texts as TextsByLang } : {}),
      ...(body.textsBaseVersion !== undefined ? { textsBaseVersion: body.textsBaseVersion } : {}),
    }));
  editor.query<StudioScreenGet>('studio/screens/versions', 'api/studioScreenGet', async ({ auth, body }) => {
    const versions = await listVersions(ctx, body.id);
    await audit(auth!.userId, 'studio.versions', body.id);
    return versions;
  });
  editor.command<StudioScreenRollback>('studio/screens/rollback', 'api/studioScreenRollback', ({ auth, body }) => rollbackScreen(ctx, auth!.userId, body.id, body.version));
  editor.query<StudioMessagesGet>('studio/messages/get', 'api/studioMessagesGet', async ({ auth, body }) => {
    await audit(auth!.userId, 'studio.messages.get', body.lang);
    return { ...deps.messages.catalog(body.lang) };
  });
  editor.command<StudioMessagesSave>('studio/messages/save', 'api/studioMessagesSave', ({ auth, body, locale }) => {
    const single = body.lang !== undefined && body.messages !== undefined;
    // Exactly one of the two forms: one language (lang, messages) or several (texts).
    if (single === (body.texts !== undefined)) {
      const field = single ? 'texts' : 'messages';
      const message = deps.messages.format(locale, single ? 'error.unknownField' : 'validation.required', { field });
      throw new AppError('validation', { detail: message }, { errors: [{ field, message }] });
    }
    const texts: TextsByLang = single ? { [body.lang!]: body.messages! } : (body.texts as TextsByLang);
    return saveTexts(ctx, auth!.userId, texts, body.baseVersion, body.note?.trim() ?? '', single ? messagesPointer : textsPointer);
  });
  editor.query<StudioChangeList>('studio/changes/list', 'api/studioChangeList', async ({ auth, body }) => {
    await audit(auth!.userId, 'studio.change.list', '*', { status: body.status ?? null });
    return listChanges(ctx, auth!.userId, body.status);
  });
  editor.query<StudioChangeId>('studio/changes/get', 'api/studioChangeId', async ({ auth, body }) => {
    const change = await getChange(ctx, auth!.userId, body.id);
    await audit(auth!.userId, 'studio.change.get', body.id);
    return change;
  });
  editor.command<StudioScreenCreate>('studio/screens/create', 'api/studioScreenCreate', ({ auth, body }) =>
    createScreen(ctx, auth!.userId, { id: body.id, title: body.title.trim(), audience: body.audience }));
  editor.command<StudioScreenUnpublish>('studio/screens/unpublish', 'api/studioScreenUnpublish', ({ auth, body }) => unpublishScreen(ctx, auth!.userId, body.id, body.note.trim()));
  editor.query<StudioSearch>('studio/search', 'api/studioSearch', async ({ auth, body }) => {
    const result = search(ctx, body.q);
    await audit(auth!.userId, 'studio.search', '*', { q: body.q, screens: result.screens.length, texts: result.texts.length });
    return result;
  });
  editor.query<StudioTextUsage>('studio/texts/usage', 'api/studioTextUsage', async ({ auth, body }) => {
    const usage = textUsage(ctx, body.id);
    await audit(auth!.userId, 'studio.texts.usage', body.id);
    return usage;
  });
  editor.query<StudioAuditList>('studio/audit/list', 'api/studioAuditList', async ({ auth, body }) => {
    const page = await listStudioAudit(ctx, body);
    await audit(auth!.userId, 'studio.audit.list', body.screenId ?? '*', { page: page.page });
    return page;
  });
  editor.command<StudioChangeId>('studio/changes/approve', 'api/studioChangeId', ({ auth, body }) => approveChange(ctx, auth!.userId, body.id));
  editor.command<StudioChangeReject>('studio/changes/reject', 'api/studioChangeReject', ({ auth, body }) => rejectChange(ctx, auth!.userId, body.id, body.reason.trim()));
  // What a layout may bind to: each call's request and response schemas (field-name completion).
  editor.query('studio/calls/list', undefined, () => calls.declared.map((call): StudioCallSchemas => {
    const schemas = callSchemas(calls, store, call.name);
    return { name: call.name, access: call.access, effect: call.effect, request: schemas?.request ?? null, response: schemas?.response ?? null };
  }));
}

/** One row of `studio/calls/list`: a call with its request (body) and response (`data`) schemas, null when unknown or none. */
export interface StudioCallSchemas {
  name: string;
  access: string;
  effect: 'query' | 'command';
  request: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
}
