/**
 * The studio's calls on a real server (SQLite, or PostgreSQL with TEST_DB=pg): publishing a
 * new text and a retitled layout — approved by a second editor — is served at once with a new
 * ETag; an unknown
 * block kind, a broken pointer and incompatible schemas (dropped required field, unstored
 * field) are refused and the served screen is unchanged; rollback restores; drafts, history,
 * texts and the audit log; investors and operators are refused; versions beyond 32 bits are
 * refused at validation on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { operatorToken } from '../support/money.js';
import { randomUUID } from 'node:crypto';
import { bases, editorToken, publishApproved, rollbackApproved, saveTextsApproved } from '../support/studio.js';
import { studioDb } from '../../src/server/db/studio-tables.js';
import { refreshPublished } from '../../src/server/domain/studio/sync.js';
import { ERRORS } from '../../src/shared/codes.js';

let server: TestServer;
let editor: string;
/** The second editor, who approves the first one's changes. */
let editor2: string;
let investor: string;
let operator: string;

async function served(id: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url: `/api/ui/screens/${id}?lang=en`, headers });
  return { status: res.statusCode, etag: res.headers.etag as string, data: res.statusCode === 200 ? res.json().data : null };
}

async function messages(lang: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url: `/api/ui/messages/${lang}`, headers });
  return { status: res.statusCode, etag: res.headers.etag as string, cache: res.headers['cache-control'], body: res.statusCode === 200 ? (res.json() as Record<string, string>) : null };
}

interface Screen {
  id: string;
  version: number;
  layout: Record<string, any>;
  schema: Record<string, any> | null;
  draft: { layout: Record<string, any>; schema: Record<string, any> | null } | null;
}

const getScreen = async (id: string, version?: number) => expectOk(await server.call<Screen>('studio/screens/get', version === undefined ? { id } : { id, version }, { token: editor }));

beforeAll(async () => {
  server = await startTestServer();
  editor = await editorToken(server);
  editor2 = await editorToken(server);
  investor = (await server.registerUser()).token;
  operator = await operatorToken(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('access', () => {
  const calls: Array<[string, unknown]> = [
    ['studio/screens/list', {}],
    ['studio/screens/get', { id: 'bindBank' }],
    ['studio/screens/validate', { id: 'bindBank', layout: {} }],
    ['studio/screens/saveDraft', { id: 'bindBank', layout: {}, baseVersion: 0 }],
    ['studio/screens/discardDraft', { id: 'bindBank' }],
    ['studio/screens/publish', { id: 'bindBank', layout: {}, note: 'x', baseVersion: 0 }],
    ['studio/screens/versions', { id: 'bindBank' }],
    ['studio/screens/rollback', { id: 'bindBank', version: 0 }],
    ['studio/messages/get', { lang: 'en' }],
    ['studio/messages/save', { lang: 'en', messages: { 'bindBank.title': 'x' }, baseVersion: 0 }],
    ['studio/changes/list', {}],
    ['studio/changes/get', { id: 'x' }],
    ['studio/changes/approve', { id: 'x' }],
    ['studio/changes/reject', { id: 'x', reason: 'x' }],
  ];
  it('refuses investors and operators with forbidden, visitors with 501', async () => {
    for (const [name, body] of calls) {
      expectCall(await server.call(name, body, { token: investor }), 403, ERRORS.forbidden.code);
      expectCall(await server.call(name, body, { token: operator }), 403, ERRORS.forbidden.code);
      expectCall(await server.call(name, body), 401, ERRORS.notLoggedIn.code);
    }
    // Nothing was published by the refused calls.
    expect((await getScreen('bindBank')).version).toBe(0);
  });
});

describe('the feature flag', () => {
  it('FEATURES=studio=off switches every studio call off for editors', async () => {
    const off = await startTestServer({ FEATURES: 'studio=off' });
    try {
      const token = await editorToken(off);
      expectCall(await off.call('studio/screens/list', {}, { token }), 403, ERRORS.studioOff.code);
      expectCall(await off.call('studio/screens/get', { id: 'bindBank' }, { token }), 403, ERRORS.studioOff.code);
      expectCall(await off.call('studio/screens/list', {}, { token: (await off.registerUser()).token }), 403, ERRORS.forbidden.code);
    } finally {
      await off.stop();
    }
  });
});

describe('screens', () => {
  it('lists every screen at version 0 from the files', async () => {
    const list = expectOk(await server.call<Array<{ id: string; version: number; publishedAt: number | null; hasDraft: boolean; path: string | null }>>('studio/screens/list', {}, { token: editor }));
    expect(list.find((s) => s.id === 'bindBank')).toEqual({ id: 'bindBank', version: 0, publishedAt: null, hasDraft: false, path: null });
    expect(list.length).toBe(server.store.screenIds().length);
  });

  it('publishes a new title text and a retitled layout: served at once with a new ETag', async () => {
    const before = await served('bindBank');
    const beforeMessages = await messages('en');
    const screen = await getScreen('bindBank');
    expect(screen.layout).toEqual(before.data.layout);
    // A new message id in every language (German first: it is the reference), each approved by
    // the second editor, then a layout using it.
    for (const [lang, text] of [['de', 'Deine Bankkonten'], ['en', 'Your bank accounts'], ['hi', 'आपके बैंक खाते'], ['zh', '您的银行账户']] as const) {
      expect((await saveTextsApproved(server, editor, editor2, lang, { 'bindBank.titleStudio': text })).status).toBe('published');
    }
    const afterMessages = await messages('en');
    expect(afterMessages.body!['bindBank.titleStudio']).toBe('Your bank accounts');
    expect(afterMessages.etag).not.toBe(beforeMessages.etag);
    expect(afterMessages.cache).toBe('no-cache');
    expect((await messages('en', { 'if-none-match': afterMessages.etag })).status).toBe(304);
    // The app loads ICU ASTs (it ships without the parser).
    const ast = await messages('en?format=ast');
    expect(ast.body!['bindBank.titleStudio']).toEqual([{ type: 0, value: 'Your bank accounts' }]);
    expect(ast.etag).not.toBe(afterMessages.etag);

    const layout = { ...screen.layout, title: 'bindBank.titleStudio' };
    const published = await publishApproved(server, editor, editor2, { id: 'bindBank', layout, note: 'friendlier title' });
    expect(published).toMatchObject({ status: 'published', version: 1 });
    const after = await served('bindBank');
    expect(after.data.layout.title).toBe('bindBank.titleStudio');
    expect(after.etag).not.toBe(before.etag);
    expect((await served('bindBank', { 'if-none-match': before.etag })).status).toBe(200);
    expect((await getScreen('bindBank')).version).toBe(1);

    const versions = expectOk(await server.call<Array<{ version: number; author: string | null; note: string; publishedAt: number | null }>>('studio/screens/versions', { id: 'bindBank' }, { token: editor }));
    expect(versions.map((v) => v.version)).toEqual([1, 0]);
    expect(versions[0]).toMatchObject({ note: 'friendlier title', publishedAt: server.clock.now() });
    expect(versions[0]!.author).toMatch(/^editor-/);
  });

  it('publishes a help text and a tighter schema: the server validates bodies against the new schema too', async () => {
    const screen = await getScreen('bindBank');
    const schema = structuredClone(screen.schema!);
    schema.properties.holderName.maxLength = 10; // tighter than the contract's 100
    const layout = structuredClone(screen.layout);
    const form = layout.blocks.find((b: any) => b.kind === 'form');
    form.ui = { ...form.ui, holderName: { ...(form.ui?.holderName ?? {}), 'ui:help': 'bindBank.ifscHelp' } };
    expect(expectOk(await server.call('studio/screens/validate', { id: 'bindBank', layout, schema }, { token: editor }))).toEqual({ errors: [] });
    expect(await publishApproved(server, editor, editor2, { id: 'bindBank', layout, schema, note: 'short names' })).toMatchObject({ status: 'published', version: 2 });
    expect((await served('bindBank')).data.schemas.bindBank.properties.holderName.maxLength).toBe(10);
    const body = { holderName: 'A very long holder name', bankName: 'HDFC Bank', accountNumber: '50100123456789', ifsc: 'HDFC0001234', phone: '9876543210' };
    const refused = expectCall(await server.call('bank/addBank', body, { token: investor }), 400, ERRORS.validation.code);
    expect(refused.message).toMatch(/10/);
    expectOk(await server.call('bank/addBank', { ...body, holderName: 'Asha Verma' }, { token: investor }));
  });

  it('refuses an unknown block kind, a broken pointer and incompatible schemas; the served screen is unchanged', async () => {
    const before = await served('bindBank');
    const screen = await getScreen('bindBank');
    const refuse = async (candidate: Record<string, unknown>, pointer: RegExp) => {
      const check = expectOk(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id: 'bindBank', ...candidate }, { token: editor }));
      expect(check.errors.map((e) => e.pointer).some((p) => pointer.test(p)), JSON.stringify(check.errors)).toBe(true);
      const { baseVersion } = await bases(server, editor);
      const refused = expectCall(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/publish', { id: 'bindBank', note: 'bad', baseVersion, ...candidate }, { token: editor }), 409, ERRORS.studioInvalid.code);
      expect(refused.data.errors).toEqual(check.errors);
      const now = await served('bindBank');
      expect(now.etag).toBe(before.etag);
      expect(now.data).toEqual(before.data);
    };
    // An unknown block kind.
    const unknownKind = structuredClone(screen.layout);
    unknownKind.blocks.push({ kind: 'carousel3d', id: 'x' });
    await refuse({ layout: unknownKind }, /^\/layout\/blocks\/2/);
    // A broken pointer: a message id that exists in no locale, a call that is no route.
    const brokenId = structuredClone(screen.layout);
    brokenId.blocks[0].title = 'bindBank.noSuchText';
    await refuse({ layout: brokenId }, /^\/layout\/blocks\/0\/title$/);
    const brokenCall = structuredClone(screen.layout);
    brokenCall.blocks[0].load.call = 'bank/nothing';
    await refuse({ layout: brokenCall }, /^\/layout\/blocks\/0\/load\/call$/);
    // Dropping a required field.
    const dropped = structuredClone(screen.schema!);
    dropped.required = dropped.required.filter((f: string) => f !== 'ifsc');
    await refuse({ layout: screen.layout, schema: dropped }, /^\/schema\/required$/);
    // Adding a field the server does not store.
    const added = structuredClone(screen.schema!);
    added.properties.nickname = { type: 'string', title: 'field.holderName' };
    await refuse({ layout: screen.layout, schema: added }, /^\/schema\/properties\/nickname$/);
    // Loosening a bound.
    const loose = structuredClone(screen.schema!);
    loose.properties.holderName.maxLength = 500;
    await refuse({ layout: screen.layout, schema: loose }, /^\/schema\/properties\/holderName\/maxLength$/);
  });

  it('keeps drafts, even broken ones, until published', async () => {
    const screen = await getScreen('bindBank');
    const draft = structuredClone(screen.layout);
    draft.blocks.push({ kind: 'carousel3d' });
    const saved = expectOk(await server.call<{ errors: unknown[] }>('studio/screens/saveDraft', { id: 'bindBank', layout: draft, baseVersion: screen.version }, { token: editor }));
    expect(saved.errors.length).toBeGreaterThan(0);
    expect((await getScreen('bindBank')).draft?.layout).toEqual(draft);
    const list = expectOk(await server.call<Array<{ id: string; hasDraft: boolean }>>('studio/screens/list', {}, { token: editor }));
    expect(list.find((s) => s.id === 'bindBank')!.hasDraft).toBe(true);
  });

  it('rolls back to an old version (and to the files) as a new version', async () => {
    const v0 = await getScreen('bindBank', 0);
    const v1 = await getScreen('bindBank', 1);
    expect(v1.layout.title).toBe('bindBank.titleStudio');
    expect(await rollbackApproved(server, editor, editor2, 'bindBank', 0)).toMatchObject({ version: 3 });
    let now = await served('bindBank');
    expect(now.data.layout).toEqual(v0.layout);
    expect(now.data.schemas.bindBank).toEqual(v0.schema);
    expect((await getScreen('bindBank')).draft).toBeNull(); // the publish took the draft's place
    expect(await rollbackApproved(server, editor, editor2, 'bindBank', 1)).toMatchObject({ version: 4 });
    now = await served('bindBank');
    expect(now.data.layout).toEqual(v1.layout);
    expectCall(await server.call('studio/screens/rollback', { id: 'bindBank', version: 99 }, { token: editor }), 400, ERRORS.studioVersionUnknown.code);
  });

  it('a version beyond 32 bits is refused at validation (1000, "at most …"), never 500, for get and rollback', async () => {
    for (const name of ['studio/screens/get', 'studio/screens/rollback']) {
      for (const version of [2 ** 31, 2 ** 53, 1e300]) {
        const res = expectCall(await server.call<{ errors: Array<{ field: string; message: string }> }>(name, { id: 'bindBank', version }, { token: editor }), 400, 1000);
        expect(res.data.errors[0]).toMatchObject({ field: 'version', message: expect.stringContaining('2147483647') });
      }
      expectCall(await server.call(name, { id: 'bindBank', version: 2 ** 31 - 1 }, { token: editor }), 400, ERRORS.studioVersionUnknown.code);
    }
    const de = await server.call<{ errors: Array<{ message: string }> }>('studio/screens/get', { id: 'bindBank', version: 2 ** 31 }, { token: editor, lang: 'de' });
    expect(de.body.data.errors[0]!.message).toContain('Höchstens');
  });

  it('rollback restores the texts a version was published with', async () => {
    await saveTextsApproved(server, editor, editor2, 'en', { 'bindBank.titleStudio': 'Changed later' });
    expect((await messages('en')).body!['bindBank.titleStudio']).toBe('Changed later');
    await rollbackApproved(server, editor, editor2, 'bindBank', 1);
    expect((await messages('en')).body!['bindBank.titleStudio']).toBe('Your bank accounts');
  });

  it('answers unknown screens and uneditable schemas with their own codes', async () => {
    expectCall(await server.call('studio/screens/get', { id: 'noSuchScreen' }, { token: editor }), 400, ERRORS.studioScreenUnknown.code);
    const home = await getScreen('home');
    expect(home.schema).toBeNull();
    expectCall(await server.call('studio/screens/validate', { id: 'home', layout: home.layout, schema: { type: 'object' } }, { token: editor }), 400, ERRORS.studioSchemaNotEditable.code);
  });
});

describe('a published version the code no longer supports', () => {
  it('is not served (its files are) and does not stop the server', async () => {
    const db = studioDb(server.deps.db);
    const broken = structuredClone((await getScreen('bindBank', 0)).layout);
    broken.blocks[0].load.call = 'bank/removedByADeploy';
    await db.insertInto('screen_versions').values({
      id: randomUUID(), screen_id: 'bindBank', version: 99, layout_json: JSON.stringify(broken), schema_json: null,
      messages_json: '{}', author_user_id: 'x', note: 'written before a deploy', lint_json: '[]', published_at: server.clock.now(),
    }).execute();
    await refreshPublished(server.deps, server.store);
    const now = await served('bindBank');
    expect(now.status).toBe(200);
    expect(now.data.layout).toEqual((await getScreen('bindBank', 0)).layout);
    await db.deleteFrom('screen_versions').where('version', '=', 99).execute();
    await refreshPublished(server.deps, server.store);
    expect((await served('bindBank')).data.layout.title).toBe('bindBank.titleStudio');
  });
});

describe('texts', () => {
  it('serves merged catalogues; an invalid ICU text is refused; texts show in server messages', async () => {
    const de = expectOk(await server.call<Record<string, string>>('studio/messages/get', { lang: 'de' }, { token: editor }));
    expect(de['bindBank.titleStudio']).toBe('Deine Bankkonten');
    expect(de['app.name']).toBe('Nivesh');
    const { textsVersion } = await bases(server, editor);
    const bad = expectCall(await server.call<{ errors: Array<{ pointer: string }> }>('studio/messages/save', { lang: 'en', messages: { 'error.forbidden': 'Broken {' }, baseVersion: textsVersion }, { token: editor }), 400, ERRORS.studioMessageInvalid.code);
    expect(bad.data.errors[0]!.pointer).toBe('/messages/error.forbidden');
    await saveTextsApproved(server, editor, editor2, 'en', { 'error.forbidden': 'Editors only, sorry.' });
    const refused = expectCall(await server.call('studio/screens/list', {}, { token: investor }), 403, ERRORS.forbidden.code);
    expect(refused.message).toBe('Editors only, sorry.');
    expect((await messages('xx')).status).toBe(400);
  });

  it('writes every studio action to the audit log', async () => {
    const actions = new Set((await server.deps.db.selectFrom('audit_log').select('action').where('action', 'like', 'studio.%').execute()).map((r) => r.action));
    for (const action of ['studio.list', 'studio.get', 'studio.validate', 'studio.saveDraft', 'studio.publish', 'studio.publishRefused', 'studio.versions', 'studio.rollback', 'studio.messages.get', 'studio.messages.save', 'studio.messages.publish', 'studio.change.submit', 'studio.change.approve']) {
      expect(actions, action).toContain(action);
    }
  });
});
