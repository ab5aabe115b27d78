/**
 * Studio change requests, lost updates and text rules on a real server (SQLite, or PostgreSQL
 * with TEST_DB=pg):
 * - four eyes: a publish is pending and not served until another editor approves it; the
 *   author cannot approve (1603); with STUDIO_APPROVALS=2 one approval is not enough and the
 *   same editor cannot approve twice (1814); a rejected change never goes live; the diff shows
 *   layout, schema and every text before and after; every step is audited;
 * - no lost updates: two editors publishing from the same base — the second gets 1811 naming
 *   the first; stale drafts and stale texts get 1811; each editor has their own draft and can
 *   discard it;
 * - texts: `{boom}` in common.success, an empty text and "Gebühr (0 %) – kostenlos!" for
 *   withdraw.fee are refused; one bad language refuses the whole save; a text that fails to
 *   format at run time falls back to the German text instead of answering 500;
 * - a rollback restores layout, schema and texts together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { approve, bases, editorToken, publishApproved, rollbackApproved, type ChangeAnswer } from '../support/studio.js';
import { studioDb } from '../../src/server/db/studio-tables.js';
import { refreshMessages } from '../../src/server/domain/studio/sync.js';
import { loadConfig, productionRefusals } from '../../src/server/config.js';
import { ERRORS } from '../../src/shared/codes.js';

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '1000' });
  [alice, bob, carol] = [await editorToken(server), await editorToken(server), await editorToken(server)];
});
afterAll(async () => {
  await server?.stop();
});

const servedTitle = async (id = 'bindBank') => {
  const res = await server.app.inject({ method: 'GET', url: `/api/ui/screens/${id}?lang=en` });
  return res.json().data.layout.title as string;
};
const servedText = async (lang: string, id: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/ui/messages/${lang}` });
  return (res.json() as Record<string, string>)[id];
};
const layoutOf = async (token: string, id = 'bindBank') => expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id }, { token })).layout;
const publish = <T = ChangeAnswer>(token: string, body: Record<string, unknown>) => server.call<T>('studio/screens/publish', { id: 'bindBank', note: 'test', ...body }, { token });
const saveTexts = <T = ChangeAnswer>(token: string, body: Record<string, unknown>) => server.call<T>('studio/messages/save', body, { token });

describe('four eyes on publishing', () => {
  it('a publish is pending, not served, until another editor approves it; the author cannot approve', async () => {
    const { baseVersion } = await bases(server, alice);
    const layout = { ...(await layoutOf(alice)), title: 'bindBank.listTitle' };
    const submitted = expectOk(await publish(alice, { layout, baseVersion }));
    expect(submitted).toEqual({ changeId: expect.any(String), status: 'pending' });
    expect(await servedTitle()).toBe('bindBank.title');

    const refusedOwn = expectCall(await server.call('studio/changes/approve', { id: submitted.changeId }, { token: alice }), 403, ERRORS.ownItem.code);
    expect(refusedOwn.message.length).toBeGreaterThan(0);
    expect(await servedTitle()).toBe('bindBank.title');

    const pending = expectOk(await server.call<Array<{ id: string; status: string; approvals: number; approvalsNeeded: number; author: string; mine: boolean }>>('studio/changes/list', { status: 'pending' }, { token: bob }));
    expect(pending.find((c) => c.id === submitted.changeId)).toMatchObject({ status: 'pending', approvals: 0, approvalsNeeded: 1, author: expect.stringMatching(/^editor-/), mine: false });
    const own = expectOk(await server.call<Array<{ id: string; mine: boolean }>>('studio/changes/list', {}, { token: alice }));
    expect(own.find((c) => c.id === submitted.changeId)!.mine).toBe(true);

    const approved = expectOk(await server.call<ChangeAnswer>('studio/changes/approve', { id: submitted.changeId }, { token: bob }));
    expect(approved).toMatchObject({ changeId: submitted.changeId, status: 'published', version: baseVersion + 1 });
    expect(await servedTitle()).toBe('bindBank.listTitle'); // live without a restart
    expectCall(await server.call('studio/changes/approve', { id: submitted.changeId }, { token: carol }), 409, ERRORS.studioChangeNotPending.code);
    expectCall(await server.call('studio/changes/approve', { id: 'no-such-change' }, { token: carol }), 400, ERRORS.studioChangeUnknown.code);

    const audit = await server.deps.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', 'in', ['studio.change.submit', 'studio.change.approve', 'studio.publish']).execute();
    expect(audit.filter((a) => a.entity_id === submitted.changeId).map((a) => a.action).sort()).toEqual(['studio.change.approve', 'studio.change.submit']);
    expect(audit.some((a) => a.action === 'studio.publish' && a.entity_id === 'bindBank')).toBe(true);
  });

  it('shows the diff: layout, schema and every text, before and after', async () => {
    const { baseVersion, textsVersion } = await bases(server, alice);
    const layout = { ...(await layoutOf(alice)), title: 'bindBank.diffTitle' };
    const texts = { de: { 'bindBank.diffTitle': 'Konten (neu)' }, en: { 'bindBank.diffTitle': 'Accounts (new)', 'bindBank.empty': 'Nothing here yet' }, hi: { 'bindBank.diffTitle': 'खाते (नए)' }, zh: { 'bindBank.diffTitle': '账户（新）' } };
    const submitted = expectOk(await publish(alice, { layout, baseVersion, texts, textsBaseVersion: textsVersion, note: 'new title' }));
    const change = expectOk(await server.call<any>('studio/changes/get', { id: submitted.changeId }, { token: bob }));
    expect(change).toMatchObject({ id: submitted.changeId, kind: 'screen', screenId: 'bindBank', status: 'pending', note: 'new title', baseVersion });
    expect(change.layout.before.title).toBe('bindBank.listTitle');
    expect(change.layout.after.title).toBe('bindBank.diffTitle');
    expect(change.schema.before).toEqual(change.schema.after); // a publish without a schema keeps the served one
    expect(change.texts).toEqual(expect.arrayContaining([
      { lang: 'de', id: 'bindBank.diffTitle', before: null, after: 'Konten (neu)' },
      { lang: 'en', id: 'bindBank.empty', before: server.deps.messages.base('en')['bindBank.empty'], after: 'Nothing here yet' },
    ]));
    expect(change.texts).toHaveLength(5);
    // Layout and texts go live together.
    await approve(server, bob, submitted);
    expect(await servedTitle()).toBe('bindBank.diffTitle');
    expect(await servedText('en', 'bindBank.diffTitle')).toBe('Accounts (new)');
    expect(await servedText('en', 'bindBank.empty')).toBe('Nothing here yet');
  });

  it('a rejected change never goes live; its author may withdraw one', async () => {
    const { baseVersion } = await bases(server, alice);
    const submitted = expectOk(await publish(alice, { layout: { ...(await layoutOf(alice)), title: 'bindBank.addTitle' }, baseVersion }));
    expectCall(await server.call('studio/changes/reject', { id: submitted.changeId, reason: ' ' }, { token: bob }), 400, ERRORS.validation.code);
    expect(expectOk(await server.call('studio/changes/reject', { id: submitted.changeId, reason: 'wrong title' }, { token: bob }))).toEqual({ changeId: submitted.changeId, status: 'rejected' });
    expectCall(await server.call('studio/changes/approve', { id: submitted.changeId }, { token: carol }), 409, ERRORS.studioChangeNotPending.code);
    expect(await servedTitle()).toBe('bindBank.diffTitle');
    const change = expectOk(await server.call<any>('studio/changes/get', { id: submitted.changeId }, { token: alice }));
    expect(change).toMatchObject({ status: 'rejected', reason: 'wrong title', decidedBy: expect.stringMatching(/^editor-/) });
    // The author withdraws their own next change.
    const next = expectOk(await publish(alice, { layout: { ...(await layoutOf(alice)), title: 'bindBank.addTitle' }, baseVersion }));
    expectOk(await server.call('studio/changes/reject', { id: next.changeId, reason: 'withdrawn' }, { token: alice }));
    const audit = await server.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', submitted.changeId).execute();
    expect(audit.map((a) => a.action)).toContain('studio.change.reject');
  });

  it('STUDIO_APPROVALS=2: one approval is not enough, the same editor cannot approve twice', async () => {
    const strict = await startTestServer({ STUDIO_APPROVALS: '2' });
    try {
      const [a, b, c] = [await editorToken(strict), await editorToken(strict), await editorToken(strict)];
      const { layout, baseVersion } = expectOk(await strict.call<{ layout: Record<string, unknown>; baseVersion: number }>('studio/screens/get', { id: 'bindBank' }, { token: a }));
      const submitted = expectOk(await strict.call<ChangeAnswer>('studio/screens/publish', { id: 'bindBank', layout: { ...layout, title: 'bindBank.listTitle' }, note: 'x', baseVersion }, { token: a }));
      expect(expectOk(await strict.call('studio/changes/approve', { id: submitted.changeId }, { token: b }))).toMatchObject({ status: 'pending', approvals: 1, approvalsNeeded: 2 });
      expectCall(await strict.call('studio/changes/approve', { id: submitted.changeId }, { token: b }), 409, ERRORS.studioAlreadyApproved.code);
      const title = async () => (await strict.app.inject({ method: 'GET', url: '/api/ui/screens/bindBank' })).json().data.layout.title;
      expect(await title()).toBe('bindBank.title');
      expect(expectOk(await strict.call('studio/changes/approve', { id: submitted.changeId }, { token: c }))).toMatchObject({ status: 'published', approvals: 2, version: 1 });
      expect(await title()).toBe('bindBank.listTitle');
    } finally {
      await strict.stop();
    }
  });

  it('defaults to 2 approvals in production and 1 in demo; production refuses 0', () => {
    expect(loadConfig({ NIVESH_MODE: 'production' }).studioApprovals).toBe(2);
    expect(loadConfig({}).studioApprovals).toBe(1);
    expect(productionRefusals(loadConfig({ NIVESH_MODE: 'production', STUDIO_APPROVALS: '0', SMTP_URL: 'smtp://x', ALLOW_SIMULATED_PRICES: '1' }))).toEqual([expect.stringContaining('STUDIO_APPROVALS')]);
  });
});

describe('no lost updates', () => {
  it('two editors publish from the same base: the second gets 1811 naming the first', async () => {
    const { baseVersion } = await bases(server, alice);
    const layout = await layoutOf(alice);
    const first = expectOk(await publish(alice, { layout: { ...layout, title: 'bindBank.listTitle' }, baseVersion, note: 'first' }));
    // While the first waits for approval …
    const pending = expectCall(await publish(bob, { layout: { ...layout, title: 'bindBank.addTitle' }, baseVersion, note: 'second' }), 409, ERRORS.studioConflict.code);
    expect(pending.data).toMatchObject({ since: [{ changeId: first.changeId, status: 'pending', screenId: 'bindBank', author: expect.stringMatching(/^editor-/) }] });
    // … and once it is published.
    await approve(server, carol, first);
    const published = expectCall(await publish<{ since: Array<Record<string, unknown>> }>(bob, { layout: { ...layout, title: 'bindBank.addTitle' }, baseVersion, note: 'second' }), 409, ERRORS.studioConflict.code);
    expect(published.data.since).toEqual([expect.objectContaining({ status: 'published', version: baseVersion + 1, note: 'first' })]);
    expect(published.message).toMatch(/^editor-.*bindBank/);
    expect(await servedTitle()).toBe('bindBank.listTitle');
    // From the new base it goes through.
    expect((await publishApproved(server, bob, carol, { id: 'bindBank', layout: { ...layout, title: 'bindBank.addTitle' }, note: 'second, rebased' })).version).toBe(baseVersion + 2);
    const audit = await server.deps.db.selectFrom('audit_log').select('action').where('action', '=', 'studio.conflict').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('each editor has their own draft; a stale draft is refused; a draft can be discarded', async () => {
    const { baseVersion } = await bases(server, alice);
    const layout = await layoutOf(alice);
    expectOk(await server.call('studio/screens/saveDraft', { id: 'bindBank', layout: { ...layout, title: 'bindBank.listTitle' }, baseVersion }, { token: alice }));
    expectOk(await server.call('studio/screens/saveDraft', { id: 'bindBank', layout: { ...layout, title: 'bindBank.title' }, baseVersion }, { token: bob }));
    const draftOf = async (token: string) => expectOk(await server.call<{ draft: { layout: { title: string }; baseVersion: number } | null }>('studio/screens/get', { id: 'bindBank' }, { token })).draft;
    expect((await draftOf(alice))!.layout.title).toBe('bindBank.listTitle');
    expect((await draftOf(bob))!.layout.title).toBe('bindBank.title');
    expect((await draftOf(carol))).toBeNull();
    const list = expectOk(await server.call<Array<{ id: string; hasDraft: boolean }>>('studio/screens/list', {}, { token: carol }));
    expect(list.find((s) => s.id === 'bindBank')!.hasDraft).toBe(false);

    // Carol publishes; Alice's draft is now of a stale base.
    await publishApproved(server, carol, bob, { id: 'bindBank', layout: { ...layout, title: 'bindBank.diffTitle' }, note: 'carol' });
    expectCall(await server.call('studio/screens/saveDraft', { id: 'bindBank', layout: { ...layout, title: 'bindBank.addTitle' }, baseVersion }, { token: alice }), 409, ERRORS.studioConflict.code);
    expect((await draftOf(alice))!.layout.title).toBe('bindBank.listTitle'); // unchanged
    expect(expectOk(await server.call('studio/screens/discardDraft', { id: 'bindBank' }, { token: alice }))).toEqual({ discarded: true });
    expect(await draftOf(alice)).toBeNull();
    expect((await draftOf(bob))!.layout.title).toBe('bindBank.title'); // others' drafts stay
    expect(expectOk(await server.call('studio/screens/discardDraft', { id: 'bindBank' }, { token: alice }))).toEqual({ discarded: false });
    expectCall(await server.call('studio/screens/discardDraft', { id: 'noSuchScreen' }, { token: alice }), 400, ERRORS.studioScreenUnknown.code);
  });

  it('texts from a stale base that touch a text changed since are refused with 1811', async () => {
    const { textsVersion } = await bases(server, alice);
    const first = expectOk(await saveTexts(alice, { lang: 'en', messages: { 'bindBank.listTitle': 'Linked accounts' }, baseVersion: textsVersion }));
    expectCall(await saveTexts(bob, { lang: 'de', messages: { 'bindBank.listTitle': 'Verknüpfte Konten' }, baseVersion: textsVersion }), 409, ERRORS.studioConflict.code);
    await approve(server, carol, first);
    const stale = expectCall(await saveTexts<{ since: Array<{ ids: string[] }> }>(bob, { lang: 'en', messages: { 'bindBank.listTitle': 'Your accounts' }, baseVersion: textsVersion }), 409, ERRORS.studioConflict.code);
    expect(stale.data.since[0]!.ids).toEqual(['bindBank.listTitle']);
    // Another id from the same base does not collide.
    const other = expectOk(await saveTexts(bob, { lang: 'en', messages: { 'bindBank.addTitle': 'Add an account' }, baseVersion: textsVersion }));
    await approve(server, carol, other);
    expect(await servedText('en', 'bindBank.listTitle')).toBe('Linked accounts');
    expect(await servedText('en', 'bindBank.addTitle')).toBe('Add an account');
  });
});

describe('texts', () => {
  const refused = async (body: Record<string, unknown>, code: number) => {
    const { textsVersion } = await bases(server, alice);
    const before = await server.deps.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'studio.messages.save').executeTakeFirst();
    const answer = expectCall(await saveTexts<{ errors: Array<{ pointer: string; message: string }> }>(alice, { baseVersion: textsVersion, ...body }), 400, code);
    const after = await server.deps.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'studio.messages.save').executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n)); // nothing submitted
    return answer;
  };

  it('refuses a placeholder the German text does not have ({boom}); logins keep working', async () => {
    const answer = await refused({ lang: 'de', messages: { 'common.success': 'Erfolgreich {boom}' } }, ERRORS.studioTextPlaceholders.code);
    expect(answer.data.errors).toEqual([{ pointer: '/messages/common.success', message: expect.stringContaining('{boom}') }]);
    // Dropping or retyping a placeholder is refused too.
    await refused({ lang: 'en', messages: { 'error.studioInvalid': 'The screen has {count} problems.' } }, ERRORS.studioTextPlaceholders.code);
    const login = await server.call('user/login', { email: 'nobody@example.com', password: 'wrong password 1' }, { lang: 'de' });
    expect(login.status).toBe(401);
  });

  it('refuses an empty text', async () => {
    const answer = await refused({ lang: 'en', messages: { 'bindBank.title': '  ' } }, ERRORS.studioTextEmpty.code);
    expect(answer.data.errors[0]!.pointer).toBe('/messages/bindBank.title');
  });

  it('refuses a fee text that drops the configured fee ("Gebühr (0 %) – kostenlos!")', async () => {
    const answer = await refused({ lang: 'de', messages: { 'withdraw.fee': 'Gebühr (0 %) – kostenlos!' } }, ERRORS.studioTextTemplate.code);
    expect(answer.message).toContain('{fee}');
    await refused({ lang: 'en', messages: { 'payBalance.minimum': 'No minimum. Processed daily from {start} to {end}.' } }, ERRORS.studioTextTemplate.code);
    expect(await servedText('de', 'withdraw.fee')).toBe('Gebühr ({fee} %)');
  });

  it('refuses a new id without a German text, and the whole save when one language is bad', async () => {
    await refused({ lang: 'en', messages: { 'bindBank.brandNew': 'Brand new' } }, ERRORS.studioTextNoDefault.code);
    const answer = await refused({ texts: { de: { 'bindBank.brandNew': 'Ganz neu' }, en: { 'bindBank.brandNew': 'Brand new {x}' } } }, ERRORS.studioTextPlaceholders.code);
    expect(answer.data.errors[0]!.pointer).toBe('/texts/en/bindBank.brandNew');
    expect(await servedText('de', 'bindBank.brandNew')).toBeUndefined();
    // Both forms at once, or neither, is refused.
    expectCall(await saveTexts(alice, { lang: 'de', messages: { 'bindBank.title': 'x' }, texts: { de: { 'bindBank.title': 'x' } }, baseVersion: 0 }), 400, ERRORS.validation.code);
    expectCall(await saveTexts(alice, { baseVersion: 0 }), 400, ERRORS.validation.code);
  });

  it('all languages of one save go live together', async () => {
    const { textsVersion } = await bases(server, alice);
    const texts = { de: { 'bindBank.brandNew': 'Ganz neu: {count, plural, one {# Konto} other {# Konten}}' }, en: { 'bindBank.brandNew': 'New: {count, plural, one {# account} other {# accounts}}' }, hi: { 'bindBank.brandNew': 'नया: {count, plural, other {# खाते}}' }, zh: { 'bindBank.brandNew': '新：{count, plural, other {# 个账户}}' } };
    const submitted = expectOk(await saveTexts(alice, { texts, baseVersion: textsVersion, note: 'counts' }));
    for (const lang of ['de', 'en', 'hi', 'zh']) expect(await servedText(lang, 'bindBank.brandNew')).toBeUndefined();
    await approve(server, bob, submitted);
    for (const lang of ['de', 'en', 'hi', 'zh'] as const) expect(await servedText(lang, 'bindBank.brandNew')).toBe(texts[lang]['bindBank.brandNew']);
  });

  it('a text that fails to format at run time falls back to the German text: no 500', async () => {
    // Written past the studio's checks (as an old database might hold it).
    await studioDb(server.deps.db).insertInto('ui_messages').values({ lang: 'en', message_id: 'common.success', text: 'Done {boom}', updated_by: 'x', updated_at: 0 }).execute();
    await refreshMessages(server.deps);
    try {
      const answer = await server.call<{ version: number }>('studio/screens/get', { id: 'bindBank' }, { token: alice, lang: 'en' });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(server.deps.messages.base('de')['common.success']);
    } finally {
      await studioDb(server.deps.db).deleteFrom('ui_messages').where('lang', '=', 'en').where('message_id', '=', 'common.success').execute();
      await refreshMessages(server.deps);
    }
  });

  it('validate reports text problems with pointers', async () => {
    const layout = await layoutOf(alice);
    const { errors } = expectOk(await server.call<{ errors: Array<{ pointer: string }> }>('studio/screens/validate', { id: 'bindBank', layout, texts: { de: { 'withdraw.fee': 'Gratis' } } }, { token: alice }));
    expect(errors.map((e) => e.pointer)).toEqual(['/texts/de/withdraw.fee']);
  });
});

describe('rollback', () => {
  it('restores layout, schema and texts together, through approval', async () => {
    const { baseVersion, textsVersion } = await bases(server, alice);
    const screen = expectOk(await server.call<{ layout: Record<string, any>; schema: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const schema = structuredClone(screen.schema);
    schema.properties.holderName.maxLength = 20;
    const texts = { de: { 'bindBank.rollTitle': 'Rückrolle' }, en: { 'bindBank.rollTitle': 'Roll me' }, hi: { 'bindBank.rollTitle': 'रोल' }, zh: { 'bindBank.rollTitle': '回滚' } };
    const v = await publishApproved(server, alice, bob, { id: 'bindBank', layout: { ...screen.layout, title: 'bindBank.rollTitle' }, schema, texts, textsBaseVersion: textsVersion, note: 'to roll back to' });
    expect(v.version).toBe(baseVersion + 1);
    // Later: another layout, schema and text.
    const later = structuredClone(schema);
    later.properties.holderName.maxLength = 15;
    await publishApproved(server, alice, bob, { id: 'bindBank', layout: { ...screen.layout, title: 'bindBank.listTitle' }, schema: later, note: 'later' });
    const { textsVersion: now } = await bases(server, alice);
    await approve(server, bob, expectOk(await saveTexts(alice, { lang: 'en', messages: { 'bindBank.rollTitle': 'Changed since' }, baseVersion: now })));

    const submitted = expectOk(await server.call<ChangeAnswer>('studio/screens/rollback', { id: 'bindBank', version: v.version }, { token: alice }));
    expect(submitted.status).toBe('pending');
    expect(await servedTitle()).toBe('bindBank.listTitle');
    const change = expectOk(await server.call<any>('studio/changes/get', { id: submitted.changeId }, { token: bob }));
    expect(change.kind).toBe('rollback');
    expect(change.texts).toEqual([{ lang: 'en', id: 'bindBank.rollTitle', before: 'Changed since', after: 'Roll me' }]);
    await approve(server, bob, submitted);
    const served = (await server.app.inject({ method: 'GET', url: '/api/ui/screens/bindBank' })).json().data;
    expect(served.layout.title).toBe('bindBank.rollTitle');
    expect(served.schemas.bindBank.properties.holderName.maxLength).toBe(20);
    expect(await servedText('en', 'bindBank.rollTitle')).toBe('Roll me');
    // And back to the files: the built-in texts of the ids it uses come back too.
    await approve(server, bob, expectOk(await saveTexts(alice, { lang: 'en', messages: { 'bindBank.listTitle': 'Overridden' }, baseVersion: (await bases(server, alice)).textsVersion })));
    await rollbackApproved(server, alice, carol, 'bindBank', 0);
    expect(await servedTitle()).toBe('bindBank.title');
    expect(await servedText('en', 'bindBank.listTitle')).toBe(server.deps.messages.base('en')['bindBank.listTitle']);
  });
});
