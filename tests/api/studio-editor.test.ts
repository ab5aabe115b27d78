/**
 * The studio's search, "where is this text used", audit view and problems in the editor's
 * language, on a real server (SQLite, or PostgreSQL with TEST_DB=pg):
 * - `studio/search {q}` finds screens by id and by the texts of their layout and schema (with
 *   the pointer), and texts of every language by id and wording, each with the screens using it;
 *   a too-short query is refused by its schema; only editors may search (1040);
 * - `studio/texts/usage {id}` lists every screen using a text id with the pointers; an id that
 *   no language has and no screen uses answers 1836 in each language;
 * - `studio/audit/list` shows who submitted, approved and rejected what, when, with the note or
 *   the reason and the change whose diff `studio/changes/get` answers; pages; one screen only;
 *   an unknown screen answers 1800;
 * - a candidate's problems are worded in the request's language (de, hi, zh), in English with
 *   `lang=en` exactly as the lint writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { bases, editorToken, publishApproved, rollbackApproved, type ChangeAnswer } from '../support/studio.js';
import { ERRORS } from '../../src/shared/codes.js';
import { LOCALES } from '../../src/shared/lang.js';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '1000' });
  [alice, bob] = [await editorToken(server), await editorToken(server)];
});
afterAll(async () => {
  await server?.stop();
});

interface SearchResult {
  screens: Array<{ id: string; path: string | null; hits: Array<{ pointer: string; text: string }> }>;
  texts: Array<{ id: string; lang: string; text: string; screens: string[] }>;
  truncated: boolean;
}

describe('search', () => {
  it('finds screens by id and layout text, texts by id and wording in every language, with their screens', async () => {
    const byId = expectOk(await server.call<SearchResult>('studio/search', { q: 'bindbank' }, { token: alice }));
    expect(byId.screens.map((s) => s.id)).toContain('bindBank');
    const bank = byId.screens.find((s) => s.id === 'bindBank')!;
    expect(bank.path).toBeNull();
    expect(bank.hits.every((h) => h.pointer.startsWith('/layout') || h.pointer.startsWith('/schema'))).toBe(true);
    expect(byId.texts.some((t) => t.id === 'bindBank.title' && t.screens.includes('bindBank'))).toBe(true);

    // Wording in German and Chinese finds the text in that language, with the screens using it.
    const de = (await server.call<Record<string, string>>('studio/messages/get', { lang: 'de' }, { token: alice })).body.data!['bindBank.title']!;
    const german = expectOk(await server.call<SearchResult>('studio/search', { q: de }, { token: alice }));
    expect(german.texts).toContainEqual({ id: 'bindBank.title', lang: 'de', text: de, screens: expect.arrayContaining(['bindBank']) });
    const zh = (await server.call<Record<string, string>>('studio/messages/get', { lang: 'zh' }, { token: alice })).body.data!['bindBank.title']!;
    const chinese = expectOk(await server.call<SearchResult>('studio/search', { q: zh }, { token: alice }));
    expect(chinese.texts.some((t) => t.id === 'bindBank.title' && t.lang === 'zh')).toBe(true);

    // A word of a layout (a call name) finds the screens naming it, with the place.
    const call = expectOk(await server.call<SearchResult>('studio/search', { q: 'bank/addbank' }, { token: alice }));
    expect(call.screens.find((s) => s.id === 'bindBank')!.hits.some((h) => h.pointer.startsWith('/layout/') && h.text.includes('bank/addBank'))).toBe(true);
  });

  it('refuses a query under two letters by its schema, and anyone but an editor', async () => {
    expectCall(await server.call('studio/search', { q: 'a' }, { token: alice }), 400, ERRORS.validation.code);
    expectCall(await server.call('studio/search', {}, { token: alice }), 400, ERRORS.validation.code);
    const investor = (await server.registerUser()).token;
    expectCall(await server.call('studio/search', { q: 'bank' }, { token: investor }), 403, ERRORS.forbidden.code);
    expectCall(await server.call('studio/texts/usage', { id: 'bindBank.title' }, { token: investor }), 403, ERRORS.forbidden.code);
    expectCall(await server.call('studio/audit/list', {}, { token: investor }), 403, ERRORS.forbidden.code);
  });
});

describe('where is this text used', () => {
  it('lists every screen using a text id with the pointers, and the text in every language', async () => {
    const usage = expectOk(await server.call<{ id: string; texts: Record<string, string>; screens: Array<{ id: string; pointers: string[] }> }>('studio/texts/usage', { id: 'bindBank.title' }, { token: alice }));
    expect(Object.keys(usage.texts).sort()).toEqual([...LOCALES].sort());
    const bank = usage.screens.find((s) => s.id === 'bindBank')!;
    expect(bank.pointers).toContain('/layout/title');
  });

  it('answers 1836 in each language for an id nobody has', async () => {
    const messages = new Set<string>();
    for (const lang of LOCALES) {
      const refused = expectCall(await server.call('studio/texts/usage', { id: 'no.such.text' }, { token: alice, lang }), 400, ERRORS.studioTextUnknown.code);
      expect(refused.message).toContain('no.such.text');
      messages.add(refused.message);
    }
    expect(messages.size).toBe(LOCALES.length);
  });
});

interface AuditPage {
  items: Array<{ id: string; at: number; who: string | null; action: string; screenId: string | null; changeId: string | null; note: string; version: number | null }>;
  total: number;
  page: number;
  pageSize: number;
}

describe('audit view', () => {
  it('shows who submitted, approved and rejected what and when, with the note and the change to diff', async () => {
    const served = expectOk(await server.call<{ layout: Record<string, unknown> }>('studio/screens/get', { id: 'bindBank' }, { token: alice })).layout;
    const published = await publishApproved(server, alice, bob, { id: 'bindBank', layout: { ...served, title: 'bindBank.listTitle' }, note: 'Audit: shorter title' });
    const { baseVersion } = await bases(server, alice);
    const rejected = expectOk(await server.call<ChangeAnswer>('studio/screens/publish', { id: 'bindBank', layout: served, note: 'Audit: back again', baseVersion }, { token: bob }));
    expectOk(await server.call('studio/changes/reject', { id: rejected.changeId, reason: 'Not now' }, { token: alice }));

    const page = expectOk(await server.call<AuditPage>('studio/audit/list', { screenId: 'bindBank' }, { token: alice }));
    const rows = page.items;
    const submit = rows.find((r) => r.action === 'studio.change.submit' && r.changeId === published.changeId)!;
    expect(submit).toMatchObject({ who: expect.stringMatching(/^editor-/), screenId: 'bindBank', note: 'Audit: shorter title', at: expect.any(Number) });
    expect(rows.find((r) => r.action === 'studio.change.approve' && r.changeId === published.changeId)).toMatchObject({ note: 'Audit: shorter title' });
    expect(rows.find((r) => r.action === 'studio.publish' && r.changeId === published.changeId)).toMatchObject({ version: published.version, screenId: 'bindBank' });
    expect(rows.find((r) => r.action === 'studio.change.reject' && r.changeId === rejected.changeId)).toMatchObject({ note: 'Not now' });
    expect(rows.every((r) => r.screenId === 'bindBank')).toBe(true);
    // Newest first; the reads of the studio are not in the view.
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort((a, b) => b - a));
    expect(rows.some((r) => r.action === 'studio.get' || r.action === 'studio.list')).toBe(false);

    // The change's diff.
    const diff = expectOk(await server.call<{ layout: { before: { title: string }; after: { title: string } } }>('studio/changes/get', { id: submit.changeId! }, { token: bob }));
    expect(diff.layout.after.title).toBe('bindBank.listTitle');

    // Pages.
    const first = expectOk(await server.call<AuditPage>('studio/audit/list', { pageSize: 2 }, { token: alice }));
    const second = expectOk(await server.call<AuditPage>('studio/audit/list', { pageSize: 2, page: 2 }, { token: alice }));
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(5);
    expect(second.items.map((r) => r.id)).not.toContain(first.items[0]!.id);

    expectCall(await server.call('studio/audit/list', { screenId: 'noSuchScreen' }, { token: alice }), 400, ERRORS.studioScreenUnknown.code);
    await rollbackApproved(server, alice, bob, 'bindBank', 0);
  });
});

describe('problems in the editor language', () => {
  it('words the problems of a candidate in de, hi and zh, and in English as the lint writes them', async () => {
    const served = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: alice })).layout;
    const layout = structuredClone(served);
    layout.title = 'bindBank.nowhere';
    const form = layout.blocks.find((b: { kind: string }) => b.kind === 'form');
    form.submit.call = 'no/such/call';
    const answers: Record<(typeof LOCALES)[number], string[]> = { de: [], en: [], hi: [], zh: [] };
    for (const lang of LOCALES) {
      const { errors } = expectOk(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id: 'bindBank', layout }, { token: alice, lang }));
      answers[lang] = errors.map((e) => `${e.pointer} ${e.message}`).sort();
    }
    expect(answers.en).toContain("/layout/title message id 'bindBank.nowhere' is missing in de, en, hi, zh");
    expect(answers.en.some((m) => m.includes("call 'no/such/call' is not a registered route"))).toBe(true);
    expect(answers.de).toContain('/layout/title Text-ID „bindBank.nowhere“ fehlt in de, en, hi, zh');
    expect(answers.de.some((m) => m.includes('Aufruf „no/such/call“ ist keine registrierte Route'))).toBe(true);
    expect(answers.hi.some((m) => m.includes('टेक्स्ट आईडी “bindBank.nowhere”'))).toBe(true);
    expect(answers.zh.some((m) => m.includes('文本 ID“bindBank.nowhere”'))).toBe(true);

    // A refused publish carries its problems in the request's language too.
    const { baseVersion } = await bases(server, alice);
    const refused = expectCall(await server.call<{ errors: Array<{ message: string }> }>('studio/screens/publish', { id: 'bindBank', layout, note: 'broken', baseVersion }, { token: alice, lang: 'de' }), 409, ERRORS.studioInvalid.code);
    expect((refused.data as { errors: Array<{ message: string }> }).errors.some((e) => e.message.startsWith('Text-ID „bindBank.nowhere“'))).toBe(true);
  });

  it('words a contract problem in German', async () => {
    const { schema } = expectOk(await server.call<{ schema: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const loose = structuredClone(schema);
    loose.properties.nickname = { type: 'string' };
    const { errors } = expectOk(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id: 'bindBank', layout: expectOk(await server.call<{ layout: unknown }>('studio/screens/get', { id: 'bindBank' }, { token: alice })).layout, schema: loose }, { token: alice, lang: 'de' }));
    expect(errors.map((e) => e.message)).toContain('Feld „nickname“ ist nicht im Vertrag: der Server würde es nicht speichern');
  });
});
