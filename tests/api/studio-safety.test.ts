/**
 * What a published screen may make its viewer do, on a real server (SQLite, or PostgreSQL
 * with TEST_DB=pg): every call declares query or command (registry, `/api/openapi.json`);
 * a command sent with `X-Nivesh-Intent: load` is refused with 1810 and changes nothing; the
 * studio refuses a layout that loads a command, a form submitting to another screen's call, a
 * command the screen's allow-list lacks, a staff call on an investor screen, a login that no
 * longer saves the session, and any layout or schema change of a back-office screen (1819,
 * texts stay editable; a stored version of one is not served); the served screens are
 * unchanged by every refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { editorToken } from '../support/studio.js';
import { MONDAY_NOON, assets, operatorToken, reportDeposit } from '../support/money.js';
import { trader } from '../support/trading.js';
import { useOfferingsServer } from '../support/offerings.js';
import { ERRORS } from '../../src/shared/codes.js';
import { SCREEN_POLICIES } from '../../src/server/screens/policy.js';
import { studioDb } from '../../src/server/db/studio-tables.js';
import { refreshPublished } from '../../src/server/domain/studio/sync.js';
import { randomUUID } from 'node:crypto';

const ctx = useOfferingsServer({ ACCOUNT_CURRENCY: 'INR' });
const LOAD = { 'X-Nivesh-Intent': 'load' };
const BENEFICIARY = { holderName: 'Nivesh Client Money A/c', bankName: 'ICICI Bank', accountNumber: '000405001234', ifsc: 'ICIC0000004', upiId: 'nivesh.collect@icici' };
const EVIL = { holderName: 'Mallory', bankName: 'Evil Bank', accountNumber: '999999999999', ifsc: 'EVIL0000001', upiId: 'mallory@evilupi' };

let editor: string;
type Layout = { screen: string; blocks: Array<Record<string, unknown>> } & Record<string, unknown>;
type Problems = { errors: Array<{ pointer: string; message: string }> };

beforeAll(async () => {
  await ctx.server.jobs.started;
  editor = await editorToken(ctx.server);
  ctx.server.clock.set(MONDAY_NOON);
  // The beneficiary is under four eyes: one operator proposes, a second approves.
  const proposed = expectOk(await ctx.server.call<{ id: string }>('admin/beneficiary/save', BENEFICIARY, { token: ctx.operator }));
  expectOk(await ctx.server.call('admin/beneficiary/approve', { id: proposed.id }, { token: await operatorToken(ctx.server) }));
});

const served = async (id: string) => (await ctx.server.app.inject({ method: 'GET', url: `/api/ui/screens/${id}?lang=en` })).json().data as { layout: Layout; schemas: Record<string, unknown>; calls: Record<string, { effect: string; confirm?: unknown }> };
const fileLayout = (id: string) => structuredClone(ctx.server.store.readFileJson<Layout>(`screens/${id}.layout.json`)!);
const validate = async (id: string, layout: unknown, schema?: unknown) =>
  expectOk(await ctx.server.call<Problems>('studio/screens/validate', schema === undefined ? { id, layout } : { id, layout, schema }, { token: editor })).errors;
const beneficiary = async () => expectOk(await ctx.server.call<Record<string, string>>('admin/beneficiary/get', {}, { token: ctx.operator }));

describe('queries and commands', () => {
  it('every call declares its effect, and the OpenAPI document carries it as x-effect', async () => {
    const declared = ctx.server.calls.declared;
    expect(declared.length).toBeGreaterThan(100);
    for (const call of declared) expect(['query', 'command'], call.name).toContain(call.effect);
    const doc = (await ctx.server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { 'x-effect': string; 'x-confirm'?: unknown }>> };
    expect(doc.paths['/api/pay/recharge']!.post!['x-effect']).toBe('command');
    expect(doc.paths['/api/pay/recharge']!.post!['x-confirm']).toEqual({ amountField: 'amount' });
    expect(doc.paths['/api/purse/getAssets']!.post!['x-effect']).toBe('query');
    expect(doc.paths['/api/admin/beneficiary/save']!.post!['x-effect']).toBe('command');
    for (const [path, methods] of Object.entries(doc.paths)) for (const op of Object.values(methods)) expect(['query', 'command'], path).toContain(op['x-effect']);
  });

  it('a screen payload carries the declarations of the calls its layout names', async () => {
    const pay = await served('pay');
    expect(pay.calls['pay/recharge']).toEqual({ effect: 'command', confirm: { amountField: 'amount' } });
    expect(pay.calls['pay/getTime']).toEqual({ effect: 'query' });
    const deposit = await served('adminDeposit');
    expect(deposit.calls['admin/recharge/approve']).toEqual({ effect: 'command', confirm: {} });
  });

  it('a command marked X-Nivesh-Intent: load is refused with 1810 (localized) and changes nothing', async () => {
    const before = await beneficiary();
    const refused = expectCall(await ctx.server.call('admin/beneficiary/save', EVIL, { token: ctx.operator, headers: LOAD }), 403, ERRORS.commandOnLoad.code);
    expect(refused.message).toContain('admin/beneficiary/save');
    const german = expectCall(await ctx.server.call('admin/beneficiary/save', EVIL, { token: ctx.operator, headers: LOAD, lang: 'de' }), 403, 1810);
    expect(german.message).not.toBe(refused.message);
    for (const lang of ['hi', 'zh']) expect(expectCall(await ctx.server.call('admin/beneficiary/save', EVIL, { token: ctx.operator, headers: LOAD, lang }), 403, 1810).message).toContain('admin/beneficiary/save');
    expect(await beneficiary()).toEqual(before);
    expect((await ctx.server.deps.db.selectFrom('audit_log').select('id').where('action', 'in', ['beneficiary.propose', 'beneficiary.update']).execute()).length).toBe(2);
  });

  it("an investor's basket buy and an operator's approval marked as a load are refused, balances and the deposit unchanged", async () => {
    const user = await trader(ctx.server, ctx.operator, 60_000);
    const basket = expectOk(await ctx.server.call<{ items: Array<{ id: string }> }>('aiRecommend/page', {}, { token: user.token })).items[0]!;
    const before = await assets(ctx.server, user.token);
    expectCall(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 5000 }, { token: user.token, headers: LOAD }), 403, 1810);
    expect(await assets(ctx.server, user.token)).toEqual(before);
    expect(expectOk(await ctx.server.call<{ total: number }>('aiRecommendRecord/page', {}, { token: user.token })).total).toBe(0);

    const deposit = await reportDeposit(ctx.server, user.token, 180_000);
    const second = await operatorToken(ctx.server);
    for (const token of [ctx.operator, second]) expectCall(await ctx.server.call('admin/recharge/approve', { id: deposit }, { token, headers: LOAD }), 403, 1810);
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/recharge/detail', { id: deposit }, { token: ctx.operator })).status).toBe('pending');
    expect(await assets(ctx.server, user.token)).toEqual(before);
    // The same header on a query is fine: loads keep working.
    expectOk(await ctx.server.call('purse/getAssets', {}, { token: user.token, headers: LOAD }));
    // Without the header (a tap) the command runs.
    expectOk(await ctx.server.call('aiRecommend/buy', { id: basket.id, amount: 5000 }, { token: user.token }));
  });
});

describe('the studio refuses layouts that act for their viewer', () => {
  it('/my loading aiRecommend/buy: refused with a pointer, the served screen unchanged', async () => {
    const before = await served('my');
    const layout = fileLayout('my');
    layout.blocks.unshift({ kind: 'notice', text: 'my.title', load: { call: 'aiRecommend/buy', params: { id: 'momentum', amount: 5000 } } });
    const errors = await validate('my', layout);
    expect(errors).toContainEqual({ pointer: '/layout/blocks/0/load/call', message: expect.stringContaining("'aiRecommend/buy' is a command") });
    const refused = expectCall(await ctx.server.call('studio/screens/publish', { id: 'my', layout, note: 'booby trap', baseVersion: 0 }, { token: editor }), 409, ERRORS.studioInvalid.code);
    expect(JSON.stringify(refused.data)).toContain('/layout/blocks/0/load/call');
    expect(await served('my')).toEqual(before);
  });

  it('an investor screen naming an operator call (admin/recharge/approve) is refused for its audience', async () => {
    const layout = fileLayout('my');
    layout.blocks.push({ kind: 'notice', text: 'my.title', load: { call: 'admin/recharge/approve', params: { id: 'x' } } });
    const errors = await validate('my', layout);
    const at = `/layout/blocks/${layout.blocks.length - 1}/load/call`;
    expect(errors).toContainEqual({ pointer: at, message: expect.stringContaining("audience 'investor'") });
    expect(errors).toContainEqual({ pointer: at, message: expect.stringContaining('is a command') });
  });

  it('the booby-trapped /admin (notice loading admin/beneficiary/save) is refused: a back-office screen (1819), and the lint points at the load', async () => {
    const layout = fileLayout('admin');
    layout.blocks.unshift({ kind: 'notice', text: 'admin.title', load: { call: 'admin/beneficiary/save', params: EVIL } });
    for (const [name, body] of [
      ['studio/screens/validate', { id: 'admin', layout }],
      ['studio/screens/saveDraft', { id: 'admin', layout, baseVersion: 0 }],
      ['studio/screens/publish', { id: 'admin', layout, note: 'x', baseVersion: 0 }],
    ] as const) {
      const refused = expectCall(await ctx.server.call(name, body, { token: editor }), 403, ERRORS.studioBackOffice.code);
      expect(refused.message).toContain('admin');
    }
    // The lint (used by scripts/lint-schemas.ts and when serving) refuses the layout itself too.
    const problems = ctx.server.store.lintScreen('admin', { layout });
    expect(problems).toContainEqual({ file: 'screens/admin.layout.json', pointer: '/blocks/0/load/call', message: expect.stringContaining('is a command') });
    // A button approving deposits on /admin is not in its allow-list either.
    layout.blocks[0] = { kind: 'detail', load: { call: 'admin/recharge/list' }, fields: [{ field: 'id' }], actions: [{ label: 'admin.title', call: 'admin/recharge/approve', params: { id: '{id}' } }] };
    expect(ctx.server.store.lintScreen('admin', { layout })).toContainEqual({ file: 'screens/admin.layout.json', pointer: '/blocks/0/actions/0/call', message: expect.stringContaining("command 'admin/recharge/approve' is not allowed on screen 'admin'") });
    expect(await beneficiary()).toEqual(expect.objectContaining({ accountNumber: BENEFICIARY.accountNumber }));
  });

  it('narrowing adminBeneficiary to an attacker account is refused (1819); its texts stay editable', async () => {
    const schema = structuredClone(ctx.server.store.readFileJson<{ properties: Record<string, Record<string, unknown>> }>('screens/adminBeneficiary.schema.json')!);
    schema.properties.accountNumber!.enum = ['999999999999'];
    schema.properties.upiId!.enum = ['mallory@evilupi'];
    const layout = fileLayout('adminBeneficiary');
    expectCall(await ctx.server.call('studio/screens/publish', { id: 'adminBeneficiary', layout, schema, note: 'lock out', baseVersion: 0 }, { token: editor }), 403, 1819);
    expectCall(await ctx.server.call('studio/screens/rollback', { id: 'adminBeneficiary', version: 0 }, { token: editor }), 403, 1819);
    expect((await served('adminBeneficiary')).schemas.adminBeneficiary).toEqual(ctx.server.store.readFileJson('screens/adminBeneficiary.schema.json'));
    // A version stored outside the studio's checks (e.g. before them) is not served either.
    const author = await ctx.server.deps.db.selectFrom('users').select('id').where('role', '=', 'editor').executeTakeFirstOrThrow();
    await studioDb(ctx.server.deps.db).insertInto('screen_versions').values({
      id: randomUUID(), screen_id: 'adminBeneficiary', version: 1, layout_json: JSON.stringify(layout), schema_json: JSON.stringify(schema),
      messages_json: '{}', author_user_id: author.id, note: 'stored directly', lint_json: '[]', published_at: ctx.server.clock.now(),
    }).execute();
    await refreshPublished(ctx.server.deps, ctx.server.store);
    expect((await served('adminBeneficiary')).schemas.adminBeneficiary).toEqual(ctx.server.store.readFileJson('screens/adminBeneficiary.schema.json'));
    // The operator can still restore the real account.
    expectOk(await ctx.server.call('admin/beneficiary/save', BENEFICIARY, { token: ctx.operator }));
    const title = (layout as { title?: string }).title ?? 'admin.beneficiary';
    expect(await ctx.server.call('studio/messages/save', { lang: 'en', messages: { [title]: 'Deposit account' }, baseVersion: 0 }, { token: editor })).toMatchObject({ status: 200 });
  });

  it('the deposit form submitting to admin/beneficiary/save or withdrawal is refused with a pointer', async () => {
    const layout = fileLayout('pay');
    const at = layout.blocks.findIndex((b) => b.kind === 'form');
    const form = layout.blocks[at] as { submit: { call: string } };
    form.submit.call = 'admin/beneficiary/save';
    const staff = await validate('pay', layout);
    expect(staff).toContainEqual({ pointer: `/layout/blocks/${at}/submit/call`, message: expect.stringContaining("audience 'investor'") });
    expect(staff).toContainEqual({ pointer: `/layout/blocks/${at}/submit/call`, message: expect.stringContaining("may submit only to a call bound to its schema") });
    form.submit.call = 'withdrawal';
    const withdrawal = await validate('pay', layout);
    expect(withdrawal).toContainEqual({ pointer: `/layout/blocks/${at}/submit/call`, message: expect.stringContaining("command 'withdrawal' is not allowed on screen 'pay'") });
    expect(withdrawal).toContainEqual({ pointer: `/layout/blocks/${at}/submit/call`, message: expect.stringContaining('bound to its schema') });
    expectCall(await ctx.server.call('studio/screens/publish', { id: 'pay', layout, note: 'x', baseVersion: 0 }, { token: editor }), 409, 1801);
    // The shipped layout passes.
    expect(await validate('pay', fileLayout('pay'))).toEqual([]);
  });

  it("login's onSuccess without saving the session is refused with a pointer; register too", async () => {
    for (const id of ['login', 'register']) {
      const layout = fileLayout(id);
      const at = layout.blocks.findIndex((b) => b.kind === 'form');
      (layout.blocks[at] as { submit: { onSuccess: unknown } }).submit.onSuccess = [{ replace: '/home' }];
      expect(await validate(id, layout)).toContainEqual({ pointer: `/layout/blocks/${at}/submit/onSuccess`, message: expect.stringContaining('saveSession') });
      expectCall(await ctx.server.call('studio/screens/publish', { id, layout, note: 'x', baseVersion: 0 }, { token: editor }), 409, 1801);
      // Navigating before saving is no better: the session must be saved, then the app navigates.
      (layout.blocks[at] as { submit: { onSuccess: unknown } }).submit.onSuccess = [{ replace: '/home' }, { saveSession: true }];
      expect((await validate(id, layout)).map((e) => e.pointer)).toContain(`/layout/blocks/${at}/submit/onSuccess`);
      expect(await validate(id, fileLayout(id))).toEqual([]);
    }
  });

  it('a route with two leading slashes (another host) is refused wherever a layout names one', async () => {
    const layout = fileLayout('my');
    const pointers: string[] = [];
    // The first link of the screen, wherever it sits.
    const visit = (node: unknown, pointer: string): boolean => {
      if (Array.isArray(node)) return node.some((item, i) => visit(item, `${pointer}/${i}`));
      if (!node || typeof node !== 'object') return false;
      const record = node as Record<string, unknown>;
      if (typeof record.to === 'string') {
        record.to = '//evil.example/phish';
        pointers.push(`${pointer}/to`);
        return true;
      }
      return Object.entries(record).some(([key, value]) => visit(value, `${pointer}/${key}`));
    };
    expect(visit(layout.blocks, '/layout/blocks')).toBe(true);
    layout.needs = { query: ['id'], otherwise: '//134744072' };
    const errors = await validate('my', layout);
    for (const pointer of [...pointers, '/layout/needs/otherwise']) expect(errors.map((e) => e.pointer), pointer).toContain(pointer);
    expectCall(await ctx.server.call('studio/screens/publish', { id: 'my', layout, note: 'x', baseVersion: 0 }, { token: editor }), 409, ERRORS.studioInvalid.code);
  });

  it('every shipped screen declares its audience, and every shipped layout passes the rules', async () => {
    for (const id of ctx.server.store.screenIds()) expect(SCREEN_POLICIES[id], id).toBeDefined();
    expect(ctx.server.store.lintAll()).toEqual([]);
  });
});
