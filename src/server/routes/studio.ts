/**
 * The studio's calls, role `editor` only — investors and operators get
 * `forbidden` (1040). Every call, reads included, is written to the audit log (`studio.*`).
 *
 * studio/screens/list {} → [{id, version, publishedAt, hasDraft}]
 * studio/screens/get {id, version?} → {id, version, layout, schema, draft, messageIds}
 * studio/screens/validate {id, layout, schema?} → {errors: [{pointer, message}]}
 * studio/screens/saveDraft {id, layout, schema?} → {errors}
 * studio/screens/publish {id, layout, schema?, note} → {version} | 1801 with data.errors
 * studio/screens/versions {id} → [{version, author, note, publishedAt}] newest first
 * studio/screens/rollback {id, version} → {version}
 * studio/messages/get {lang} → {id: text}
 * studio/messages/save {lang, messages} → {saved} (published at once)
 */
import type { CallRegistry, CallSpec } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { writeAudit } from '../domain/audit.js';
import { AppError } from '../domain/errors.js';
import { runningFeatures } from '../domain/systemConfig.js';
import type { SchemaStore } from '../screens/store.js';
import type { CacheBus } from '../cluster/cache-bus.js';
import { getScreen, listScreens, listVersions, publishScreen, rollbackScreen, saveDraft, validateCandidate, type StudioContext } from '../domain/studio/screens.js';
import { saveMessages } from '../domain/studio/messages.js';
import { refreshMessages, refreshPublished } from '../domain/studio/sync.js';
import type { SchemaNode } from '../../shared/validation.js';
import type {
  StudioMessagesGet,
  StudioMessagesSave,
  StudioScreenCandidate,
  StudioScreenGet,
  StudioScreenPublish,
  StudioScreenRollback,
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
  const define = <B = Record<string, never>>(spec: CallSpec<B>): void =>
    calls.define<B>({
      ...spec,
      handle: (context) => {
        if (!runningFeatures(deps).studio) throw new AppError('studioOff');
        return spec.handle(context);
      },
    });
  const audit = (userId: string, action: string, entityId: string, after?: unknown) =>
    writeAudit(deps.db, { actorUserId: userId, action, entity: action.startsWith('studio.messages') ? 'messages' : 'screen', entityId, after, at: deps.clock.now() });

  define({
    name: 'studio/screens/list',
    effect: 'query',
    access: 'editor',
    handle: async ({ auth }) => {
      await audit(auth!.userId, 'studio.list', '*');
      return listScreens(ctx);
    },
  });
  define<StudioScreenGet>({
    name: 'studio/screens/get',
    effect: 'query',
    access: 'editor',
    body: 'api/studioScreenGet',
    handle: async ({ auth, body }) => {
      const screen = await getScreen(ctx, body.id, body.version);
      await audit(auth!.userId, 'studio.get', body.id, { version: screen.version });
      return screen;
    },
  });
  define<StudioScreenCandidate>({
    name: 'studio/screens/validate',
    effect: 'query',
    access: 'editor',
    body: 'api/studioScreenCandidate',
    handle: async ({ auth, body }) => {
      const errors = validateCandidate(ctx, body.id, body.layout, body.schema);
      await audit(auth!.userId, 'studio.validate', body.id, { errors: errors.length });
      return { errors };
    },
  });
  define<StudioScreenCandidate>({
    name: 'studio/screens/saveDraft',
    effect: 'command',
    access: 'editor',
    body: 'api/studioScreenCandidate',
    handle: ({ auth, body }) => saveDraft(ctx, auth!.userId, body.id, body.layout, body.schema as SchemaNode | undefined),
  });
  define<StudioScreenPublish>({
    name: 'studio/screens/publish',
    effect: 'command',
    access: 'editor',
    body: 'api/studioScreenPublish',
    handle: ({ auth, body }) => publishScreen(ctx, auth!.userId, body.id, body.layout, body.schema as SchemaNode | undefined, body.note.trim()),
  });
  define<StudioScreenGet>({
    name: 'studio/screens/versions',
    effect: 'query',
    access: 'editor',
    body: 'api/studioScreenGet',
    handle: async ({ auth, body }) => {
      const versions = await listVersions(ctx, body.id);
      await audit(auth!.userId, 'studio.versions', body.id);
      return versions;
    },
  });
  define<StudioScreenRollback>({
    name: 'studio/screens/rollback',
    effect: 'command',
    access: 'editor',
    body: 'api/studioScreenRollback',
    handle: ({ auth, body }) => rollbackScreen(ctx, auth!.userId, body.id, body.version),
  });
  define<StudioMessagesGet>({
    name: 'studio/messages/get',
    effect: 'query',
    access: 'editor',
    body: 'api/studioMessagesGet',
    handle: async ({ auth, body }) => {
      await audit(auth!.userId, 'studio.messages.get', body.lang);
      return { ...deps.messages.catalog(body.lang) };
    },
  });
  define<StudioMessagesSave>({
    name: 'studio/messages/save',
    effect: 'command',
    access: 'editor',
    body: 'api/studioMessagesSave',
    handle: async ({ auth, body }) => {
      const result = await saveMessages(deps, auth!.userId, body.lang, body.messages);
      await ctx.announce('messages', body.lang);
      return result;
    },
  });
}
