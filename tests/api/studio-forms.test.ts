/**
 * Screens made in the studio and their data-capture forms on a real server (SQLite, or
 * PostgreSQL with TEST_DB=pg): `studio/screens/create` makes a draft that is served nowhere;
 * a change of it goes live only with another editor's approval; the existing policy holds (its
 * form may submit only to forms/submit, a load may name only queries, an investor screen names
 * no staff call); `forms/submit` checks the data with the published schema, caps size (1832)
 * and rate (1833); operators list, page and export submissions as CSV; a screen is taken down
 * by an approved unpublish change once nothing links to it (1834); a custom field staff add
 * under `extra` in bindBank, recharge, withdrawal or realName is checked, stored, returned with
 * the record and shown to the operator; the studio refuses custom fields of a type the contract
 * does not allow and those named or labelled like a payment or identity number. Forms whose root
 * is text, a number, yes/no or a list go through the same flow, exported in one `value` column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { approve, editorToken, publishApproved, type ChangeAnswer } from '../support/studio.js';
import { operatorToken, rechargeBody, uploadScreenshot } from '../support/money.js';
import { AADHAAR_VALID } from '../support/images.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../src/server/config.js';
import { ERRORS } from '../../src/shared/codes.js';

let server: TestServer;
let alice: string;
let bob: string;
let investor: string;
let operator: string;

/** A copy of `schemas/`: the deposit and withdrawal forms' schemas (shared by two screens each) are edited as files. */
const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nivesh-forms-schemas-'));
fs.cpSync(path.join(ROOT_DIR, 'schemas'), schemasDir, { recursive: true });

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '1000', FORM_SUBMISSIONS_PER_USER_PER_HOUR: '3', WITHDRAWAL_REQUIRES_IDENTITY: '0', SCHEMAS_DIR: schemasDir });
  [alice, bob] = [await editorToken(server), await editorToken(server)];
  investor = (await server.registerUser()).token;
  operator = await operatorToken(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(schemasDir, { recursive: true, force: true });
});

const surveySchema = {
  type: 'object',
  required: ['name', 'age'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2, maxLength: 80 },
    age: { type: 'integer', title: 'Age', minimum: 18 },
    topics: { type: 'array', title: 'Topics', items: { type: 'string', enum: ['ipo', 'etf', 'tax'] }, uniqueItems: true },
    comment: { type: 'string', title: 'Comment', maxLength: 100000 },
  },
};

const served = (id: string) => server.app.inject({ method: 'GET', url: `/api/ui/screens/${id}?lang=en` });

/** Creates a screen and publishes a survey form on it, approved by bob. */
async function liveSurvey(id: string): Promise<Record<string, any>> {
  expectOk(await server.call('studio/screens/create', { id, title: 'Investor survey', audience: 'investor' }, { token: alice }));
  const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id }, { token: alice }));
  await publishApproved(server, alice, bob, { id, layout, schema: surveySchema, note: 'survey' });
  return layout;
}

describe('new screens', () => {
  it('create makes a draft served nowhere; the approved change serves it at /p/<id> with its title in every language', async () => {
    const made = expectOk(await server.call<{ id: string; path: string; baseVersion: number; status: string }>('studio/screens/create', { id: 'survey', title: 'Investor survey', audience: 'investor' }, { token: alice }));
    expect(made).toEqual({ id: 'survey', path: '/p/survey', baseVersion: 0, status: 'draft' });
    expect((await served('survey')).json().code).toBe(ERRORS.screenNotFound.code);
    const list = expectOk(await server.call<Array<{ id: string }>>('studio/screens/list', {}, { token: bob }));
    expect(list.map((s) => s.id)).toContain('survey');

    const screen = expectOk(await server.call<{ layout: Record<string, any>; schema: unknown; baseVersion: number }>('studio/screens/get', { id: 'survey' }, { token: alice }));
    expect(screen.baseVersion).toBe(0);
    expect(screen.layout.blocks[0]).toMatchObject({ kind: 'form', schema: 'survey', submit: { call: 'forms/submit' } });
    const submitted = expectOk(await server.call<ChangeAnswer>('studio/screens/publish', { id: 'survey', layout: screen.layout, schema: surveySchema, note: 'first survey', baseVersion: 0 }, { token: alice }));
    expect((await served('survey')).json().code).toBe(ERRORS.screenNotFound.code); // pending: not live
    expectCall(await server.call('studio/changes/approve', { id: submitted.changeId }, { token: alice }), 403, ERRORS.ownItem.code);
    await approve(server, bob, submitted);

    const live = (await served('survey')).json();
    expect(live.code).toBe(200);
    expect(live.data).toMatchObject({ id: 'survey', audience: 'investor', schemas: { survey: { required: ['name', 'age'] } } });
    const texts = (lang: string) => server.app.inject({ method: 'GET', url: `/api/ui/messages/${lang}` }).then((r) => r.json() as Record<string, string>);
    for (const lang of ['de', 'en', 'hi', 'zh']) expect((await texts(lang))['custom.survey.title']).toBe('Investor survey');
  });

  it('refuses a taken name (1830), an unknown audience and a bad id', async () => {
    for (const id of ['survey', 'bindBank', 'bindbank', 'home']) {
      expectCall(await server.call('studio/screens/create', { id, title: 'x', audience: 'investor' }, { token: alice }), 409, ERRORS.studioScreenExists.code);
    }
    expectCall(await server.call('studio/screens/create', { id: 'other', title: 'x', audience: 'operator' }, { token: alice }), 400, ERRORS.validation.code);
    expectCall(await server.call('studio/screens/create', { id: 'a/b', title: 'x', audience: 'investor' }, { token: alice }), 400, ERRORS.validation.code);
    expectCall(await server.call('studio/screens/create', { id: 'other', title: 'x', audience: 'investor' }, { token: investor }), 403, ERRORS.forbidden.code);
  });

  it('holds a made screen to the policy: its form submits only to forms/submit, loads name only queries, no staff call', async () => {
    expectOk(await server.call('studio/screens/create', { id: 'policyCheck', title: 'Policy', audience: 'investor' }, { token: alice }));
    const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: 'policyCheck' }, { token: alice }));
    const validate = async (candidate: Record<string, any>) => expectOk(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id: 'policyCheck', layout: candidate }, { token: alice })).errors;
    expect(await validate(layout)).toEqual([]);
    const toWithdrawal = structuredClone(layout);
    toWithdrawal.blocks[0].submit.call = 'withdrawal';
    expect((await validate(toWithdrawal)).map((e) => e.pointer)).toContain('/layout/blocks/0/submit/call');
    const commandOnLoad = { ...layout, blocks: [...layout.blocks, { kind: 'notice', id: 'n', load: { call: 'aiRecommend/buy', params: { amount: 5000 } }, text: 'forms.submit' }] };
    expect((await validate(commandOnLoad)).some((e) => e.message.includes('is a command'))).toBe(true);
    const staffCall = { ...layout, blocks: [...layout.blocks, { kind: 'list', id: 'l', load: { call: 'admin/forms/list' }, item: { title: { field: 'title' } } }] };
    expect((await validate(staffCall)).some((e) => e.message.includes("audience 'investor'"))).toBe(true);
  });
});

describe('data-capture forms', () => {
  it('checks data with the published schema, stores it with version, user and time', async () => {
    const receipt = expectOk(await server.call<{ id: string; formId: string; version: number; createdAt: number }>('forms/submit', { formId: 'survey', data: { name: 'Asha Rao', age: 34, topics: ['ipo', 'tax'] } }, { token: investor }));
    expect(receipt).toEqual({ id: expect.any(String), formId: 'survey', version: 1, createdAt: server.clock.now() });
    const young = expectCall(await server.call('forms/submit', { formId: 'survey', data: { name: 'Kid', age: 12 } }, { token: investor }), 400, ERRORS.validation.code);
    expect((young.data as { errors: Array<{ field: string; message: string }> }).errors).toEqual([{ field: 'age', message: expect.stringMatching(/^Age: /) }]);
    expectCall(await server.call('forms/submit', { formId: 'survey', data: { name: 'Asha', age: 30, iban: 'x' } }, { token: investor }), 400, ERRORS.validation.code);
    expectCall(await server.call('forms/submit', { formId: 'policyCheck', data: {} }, { token: investor }), 400, ERRORS.formUnknown.code);
    expectCall(await server.call('forms/submit', { formId: 'bindBank', data: {} }, { token: investor }), 400, ERRORS.formUnknown.code);
    expectCall(await server.call('forms/submit', { formId: 'survey', data: { name: 'Asha', age: 30 } }), 401, ERRORS.notLoggedIn.code);
    const row = await server.deps.db.selectFrom('form_submissions' as never).selectAll().where('id' as never, '=', receipt.id as never).executeTakeFirstOrThrow() as Record<string, unknown>;
    expect(row).toMatchObject({ form_id: 'survey', version: 1, created_at: server.clock.now() });
    expect(JSON.parse(row.data_json as string)).toEqual({ name: 'Asha Rao', age: 34, topics: ['ipo', 'tax'] });
  });

  it('caps the data at 64 KB (1832) and the submissions per user and hour (1833)', async () => {
    const other = (await server.registerUser()).token;
    const tooLarge = expectCall(await server.call('forms/submit', { formId: 'survey', data: { name: 'Asha', age: 30, comment: 'x'.repeat(65 * 1024) } }, { token: other }), 413, ERRORS.formTooLarge.code);
    expect(tooLarge.message).toContain('64 KB');
    for (let i = 0; i < 3; i++) expectOk(await server.call('forms/submit', { formId: 'survey', data: { name: `Rate ${i}`, age: 40 } }, { token: other }));
    const limited = expectCall(await server.call('forms/submit', { formId: 'survey', data: { name: 'Rate 4', age: 40 } }, { token: other }), 429, ERRORS.formRateLimited.code);
    expect(limited.message.length).toBeGreaterThan(0);
    server.clock.advance(60 * 60 * 1000 + 1);
    expectOk(await server.call('forms/submit', { formId: 'survey', data: { name: 'Rate 5', age: 40 } }, { token: other }));
  });

  it('operators list forms, page submissions and export them as CSV; investors and editors cannot', async () => {
    const forms = expectOk(await server.call<Array<{ id: string; title: string; status: string; submissions: number; path: string }>>('admin/forms/list', {}, { token: operator }));
    expect(forms.find((f) => f.id === 'survey')).toMatchObject({ title: 'Investor survey', status: 'live', path: '/p/survey', submissions: 5 });
    expect(forms.find((f) => f.id === 'policyCheck')).toMatchObject({ status: 'draft', submissions: 0 });

    const page = expectOk(await server.call<{ items: Array<{ email: string; summary: string; data: unknown }>; total: number; page: number; pageSize: number }>('admin/forms/submissions', { formId: 'survey', page: 2, pageSize: 2 }, { token: operator }));
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    const first = expectOk(await server.call<{ items: Array<{ summary: string; data: unknown }> }>('admin/forms/submissions', { formId: 'survey', page: 3, pageSize: 2 }, { token: operator }));
    expect(first.items[0]!.data).toEqual({ name: 'Asha Rao', age: 34, topics: ['ipo', 'tax'] });
    expect(first.items[0]!.summary).toBe('name: Asha Rao · age: 34 · topics: ["ipo","tax"]');
    expectCall(await server.call('admin/forms/submissions', { formId: 'nothing' }, { token: operator }), 400, ERRORS.formUnknown.code);

    const file = expectOk(await server.call<{ filename: string; mime: string; content: string; rows: number }>('admin/forms/export', { formId: 'survey' }, { token: operator }));
    expect(file).toMatchObject({ filename: 'survey.csv', mime: 'text/csv', rows: 5 });
    const rows = parse(file.content) as string[][];
    expect(rows[0]).toEqual(['submittedAt', 'email', 'version', 'name', 'age', 'topics', 'comment']);
    expect(rows[1]).toEqual([expect.stringMatching(/^2026-11-23 11:\d\d$/), expect.stringMatching(/@example\.com$/), '1', 'Asha Rao', '34', '["ipo","tax"]', '']);
    expect(rows).toHaveLength(6);
    const audit = await server.deps.db.selectFrom('audit_log').select('action').where('action', '=', 'admin.forms.export').execute();
    expect(audit).toHaveLength(1);

    expectCall(await server.call('admin/forms/export', { formId: 'survey' }, { token: investor }), 403, ERRORS.forbidden.code);
    expectCall(await server.call('admin/forms/list', {}, { token: alice }), 403, ERRORS.forbidden.code);
  });

  it('serves /adminForms and /adminFormSubmissions to operators', async () => {
    for (const id of ['adminForms', 'adminFormSubmissions']) {
      const res = (await served(id)).json();
      expect(res.code).toBe(200);
      expect(res.data.audience).toBe('operator');
    }
  });
});

describe('unpublish', () => {
  it('takes a made screen down through an approved change once nothing links to it (1834); shipped screens cannot be (1835)', async () => {
    await liveSurvey('feedback');
    const home = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: 'my' }, { token: alice })).layout;
    const linked = structuredClone(home);
    const menu = linked.blocks.find((b: { kind: string }) => b.kind === 'menu');
    menu.items.push({ label: 'custom.feedback.title', icon: 'records', to: '/p/feedback' });
    await publishApproved(server, alice, bob, { id: 'my', layout: linked, note: 'feedback row on /my' });
    expect(JSON.stringify((await served('my')).json().data.layout)).toContain('/p/feedback');

    const inUse = expectCall(await server.call('studio/screens/unpublish', { id: 'feedback', note: 'done' }, { token: alice }), 409, ERRORS.studioScreenInUse.code);
    expect(inUse.message).toContain('my');
    expectCall(await server.call('studio/screens/unpublish', { id: 'bindBank', note: 'no' }, { token: alice }), 400, ERRORS.studioNotCreated.code);

    await publishApproved(server, alice, bob, { id: 'my', layout: home, note: 'row removed' });
    const submitted = expectOk(await server.call<ChangeAnswer>('studio/screens/unpublish', { id: 'feedback', note: 'survey closed' }, { token: alice }));
    expect(submitted.status).toBe('pending');
    expect((await served('feedback')).json().code).toBe(200);
    await approve(server, bob, submitted);
    expect((await served('feedback')).json().code).toBe(ERRORS.screenNotFound.code);
    expectCall(await server.call('forms/submit', { formId: 'feedback', data: { name: 'Late', age: 30 } }, { token: investor }), 400, ERRORS.formUnknown.code);
    const forms = expectOk(await server.call<Array<{ id: string; status: string }>>('admin/forms/list', {}, { token: operator }));
    expect(forms.find((f) => f.id === 'feedback')!.status).toBe('unpublished');
  });
});

describe('custom fields on records', () => {
  it('an optional field staff add under extra in bindBank is checked, stored, returned by bank/get and shown to the operator', async () => {
    const user = await server.registerUser();
    const account = { holderName: 'Asha Rao', bankName: 'HDFC Bank', accountNumber: '501001234567', ifsc: 'HDFC0001234', phone: '9876543210' };
    // Before staff add it, an extra object is refused: the published schema does not have it.
    expectCall(await server.call('bank/addBank', { ...account, extra: { nickname: 'Salary' } }, { token: user.token }), 400, ERRORS.unknownField.code);

    const screen = expectOk(await server.call<{ schema: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const schema = structuredClone(screen.schema);
    schema.properties.extra = { type: 'object', title: 'More', additionalProperties: false, properties: { nickname: { type: 'string', title: 'Nickname', maxLength: 30 } } };
    // The money and number fields stay code-owned: a custom field outside extra is refused.
    const outside = structuredClone(schema);
    outside.properties.nickname = { type: 'string' };
    const problems = expectOk(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id: 'bindBank', layout: (await server.call<{ layout: unknown }>('studio/screens/get', { id: 'bindBank' }, { token: alice })).body.data.layout, schema: outside }, { token: alice })).errors;
    expect(problems).toContainEqual({ pointer: '/schema/properties/nickname', message: "field 'nickname' is not in the contract: the server would not store it" });
    const { layout } = expectOk(await server.call<{ layout: unknown }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    expect(expectOk(await server.call<{ errors: unknown[] }>('studio/screens/validate', { id: 'bindBank', layout, schema }, { token: alice })).errors).toEqual([]);
    await publishApproved(server, alice, bob, { id: 'bindBank', layout, schema, note: 'nickname of an account' });

    expectCall(await server.call('bank/addBank', { ...account, extra: { nickname: 'x'.repeat(31) } }, { token: user.token }), 400, ERRORS.validation.code);
    expectCall(await server.call('bank/addBank', { ...account, extra: { iban: 'DE00' } }, { token: user.token }), 400, ERRORS.unknownField.code);
    const { id: bankId } = expectOk(await server.call<{ id: string }>('bank/addBank', { ...account, extra: { nickname: 'Salary account' } }, { token: user.token }));
    const { id: plainId } = expectOk(await server.call<{ id: string }>('bank/addBank', { ...account, accountNumber: '501009999999' }, { token: user.token }));
    const rows = expectOk(await server.call<Array<{ id: string; extra: unknown }>>('bank/get', {}, { token: user.token }));
    expect(rows.find((r) => r.id === bankId)!.extra).toEqual({ nickname: 'Salary account' });
    expect(rows.find((r) => r.id === plainId)!.extra).toBeNull();
    const stored = await server.deps.db.selectFrom('bank_accounts').select('extra_json').where('id', '=', bankId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.extra_json!)).toEqual({ nickname: 'Salary account' });

    // The operator sees it on the payee of a withdrawal.
    const screenshot = await uploadScreenshot(server, user.token);
    const deposit = expectOk(await server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId: screenshot }, 1000), { token: user.token })).id;
    expectOk(await server.call('admin/recharge/approve', { id: deposit }, { token: operator }));
    const { id: withdrawalId } = expectOk(await server.call<{ id: string }>('withdrawal', { amount: 200, bankId }, { token: user.token }));
    const detail = expectOk(await server.call<{ bank: { extra: unknown; extraText: string | null } }>('admin/withdrawal/detail', { id: withdrawalId }, { token: operator }));
    expect(detail.bank).toMatchObject({ extra: { nickname: 'Salary account' }, extraText: 'nickname: Salary account' });
  });
});

/** Publishes `extra` (approved) in screen `id`'s schema, after the studio found no problem with it. */
async function publishExtra(id: string, extra: Record<string, unknown>): Promise<void> {
  const { layout, schema } = expectOk(await server.call<{ layout: unknown; schema: Record<string, any> }>('studio/screens/get', { id }, { token: alice }));
  const next = structuredClone(schema);
  next.properties.extra = extra;
  expect(expectOk(await server.call<{ errors: unknown[] }>('studio/screens/validate', { id, layout, schema: next }, { token: alice })).errors).toEqual([]);
  await publishApproved(server, alice, bob, { id, layout, schema: next, note: `custom fields of ${id}` });
}

/**
 * Gives the shipped schema `name` (`recharge`, `withdrawal`: each the form of two screens, so
 * not a studio screen of its own) the custom fields `extra`, as a file, and expects the screens
 * that name it to pass the lint (the compatibility check with the contract included).
 */
function shipExtra(name: string, screens: string[], extra: Record<string, unknown>): void {
  const file = path.join(schemasDir, 'screens', `${name}.schema.json`);
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
  schema.properties.extra = extra;
  fs.writeFileSync(file, JSON.stringify(schema, null, 2));
  for (const screen of screens) expect(server.store.lintScreen(screen)).toEqual([]);
}

/** What studio/screens/validate says about screen `id`'s schema with `extra` in it. */
async function extraProblems(id: string, extra: Record<string, unknown>): Promise<Array<{ pointer: string; message: string }>> {
  const { layout, schema } = expectOk(await server.call<{ layout: unknown; schema: Record<string, any> }>('studio/screens/get', { id }, { token: alice }));
  const next = structuredClone(schema);
  next.properties.extra = extra;
  return expectOk(await server.call<{ errors: Array<{ pointer: string; message: string }> }>('studio/screens/validate', { id, layout, schema: next }, { token: alice })).errors;
}

describe('custom fields on deposits, withdrawals and identity submissions', () => {
  it('a deposit keeps the custom fields the recharge schema asks for; the investor gets them back, the operator sees them', async () => {
    const user = await server.registerUser();
    const screenshotId = await uploadScreenshot(server, user.token);
    // Not in the published schema yet: refused, not stored.
    expectCall(await server.call('pay/recharge', rechargeBody({ screenshotId }, 1000, { extra: { reference: 'Invoice 42' } }), { token: user.token }), 400, ERRORS.unknownField.code);
    shipExtra('recharge', ['pay', 'payBalance'], { type: 'object', additionalProperties: false, properties: { reference: { type: 'string', title: 'Reference', maxLength: 40 } } });

    expectCall(await server.call('pay/recharge', rechargeBody({ screenshotId }, 1000, { extra: { reference: 'x'.repeat(41) } }), { token: user.token }), 400, ERRORS.validation.code);
    expectCall(await server.call('pay/recharge', rechargeBody({ screenshotId }, 1000, { extra: { note: 'x' } }), { token: user.token }), 400, ERRORS.unknownField.code);
    const { id } = expectOk(await server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId }, 1000, { extra: { reference: 'Invoice 42' } }), { token: user.token }));
    const { id: plain } = expectOk(await server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId }, 1000), { token: user.token }));

    const stored = await server.deps.db.selectFrom('deposits').select('extra_json').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.extra_json!)).toEqual({ reference: 'Invoice 42' });
    expect(expectOk(await server.call<{ extra: unknown }>('pay/rechargeDetail', { id }, { token: user.token })).extra).toEqual({ reference: 'Invoice 42' });
    expect(expectOk(await server.call<{ extra: unknown }>('pay/rechargeDetail', { id: plain }, { token: user.token })).extra).toBeNull();
    const page = expectOk(await server.call<{ items: Array<{ id: string; extra: unknown }> }>('pay/rechargeRecord', {}, { token: user.token }));
    expect(page.items.find((d) => d.id === id)!.extra).toEqual({ reference: 'Invoice 42' });
    const desk = expectOk(await server.call<{ extra: unknown; extraText: string | null }>('admin/recharge/detail', { id }, { token: operator }));
    expect(desk).toMatchObject({ extra: { reference: 'Invoice 42' }, extraText: 'reference: Invoice 42' });
    expect(expectOk(await server.call<{ extraText: string | null }>('admin/recharge/detail', { id: plain }, { token: operator })).extraText).toBeNull();
  });

  it('a withdrawal keeps the custom fields the withdrawal schema asks for, beside its payee account\'s own', async () => {
    const user = await server.registerUser();
    const bank = { holderName: 'Ravi Kumar', bankName: 'ICICI Bank', accountNumber: '601001234567', ifsc: 'ICIC0001234', phone: '9876543211' };
    const { id: bankId } = expectOk(await server.call<{ id: string }>('bank/addBank', bank, { token: user.token }));
    const screenshot = await uploadScreenshot(server, user.token);
    const deposit = expectOk(await server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId: screenshot }, 1000), { token: user.token })).id;
    expectOk(await server.call('admin/recharge/approve', { id: deposit }, { token: operator }));

    shipExtra('withdrawal', ['withdraw'], {
      type: 'object', additionalProperties: false,
      properties: { purpose: { type: 'string', title: 'Purpose', enum: ['fees', 'rent', 'other'] }, urgent: { type: 'boolean', title: 'Urgent' } },
    });
    expectCall(await server.call('withdrawal', { amount: 200, bankId, extra: { purpose: 'holiday' } }, { token: user.token }), 400, ERRORS.validation.code);
    const { id } = expectOk(await server.call<{ id: string }>('withdrawal', { amount: 200, bankId, extra: { purpose: 'fees', urgent: true } }, { token: user.token }));
    expect(expectOk(await server.call<{ extra: unknown }>('withdrawal/withdrawalDetails', { id }, { token: user.token })).extra).toEqual({ purpose: 'fees', urgent: true });
    const desk = expectOk(await server.call<{ extraText: string | null; bank: { extraText: string | null } }>('admin/withdrawal/detail', { id }, { token: operator }));
    expect(desk.extraText).toBe('purpose: fees · urgent: true');
    expect(desk.bank.extraText).toBeNull();
  });

  it('an identity submission keeps the custom fields the realName schema asks for; a resubmission replaces them', async () => {
    const user = await server.registerUser();
    const [front, back] = [await uploadScreenshot(server, user.token), await uploadScreenshot(server, user.token)];
    const body = { name: 'Meera Iyer', idType: 'aadhaar', idNumber: AADHAAR_VALID, frontPhotoId: front, backPhotoId: back };
    await publishExtra('realName', {
      type: 'object', additionalProperties: false,
      properties: { occupation: { type: 'string', title: 'Occupation', maxLength: 60 }, languages: { type: 'array', title: 'Languages', items: { type: 'string', enum: ['hi', 'en', 'ta'] }, uniqueItems: true } },
    });
    expectCall(await server.call('authentication/save', { ...body, extra: { occupation: { nested: true } } }, { token: user.token }), 400, ERRORS.validation.code);
    const saved = expectOk(await server.call<{ extra: unknown }>('authentication/save', { ...body, extra: { occupation: 'Teacher', languages: ['hi', 'ta'] } }, { token: user.token }));
    expect(saved.extra).toEqual({ occupation: 'Teacher', languages: ['hi', 'ta'] });
    expect(expectOk(await server.call<{ extra: unknown }>('authentication/get', {}, { token: user.token })).extra).toEqual({ occupation: 'Teacher', languages: ['hi', 'ta'] });
    const row = await server.deps.db.selectFrom('identity_submissions').innerJoin('users', 'users.id', 'identity_submissions.user_id').select('identity_submissions.id').where('users.email', '=', user.email).executeTakeFirstOrThrow();
    const desk = expectOk(await server.call<{ extra: unknown; extraText: string | null }>('admin/authentication/detail', { id: row.id }, { token: operator }));
    expect(desk).toMatchObject({ extra: { occupation: 'Teacher', languages: ['hi', 'ta'] }, extraText: 'occupation: Teacher · languages: hi, ta' });

    expectOk(await server.call('admin/authentication/reject', { id: row.id, reason: 'Blurred photo' }, { token: operator }));
    expectOk(await server.call('authentication/update', body, { token: user.token }));
    expect(expectOk(await server.call<{ extraText: string | null }>('admin/authentication/detail', { id: row.id }, { token: operator })).extraText).toBeNull();
  });

  it('the studio refuses a custom field the contract cannot store, and one named or labelled like a payment or identity number', async () => {
    const at = (field: string) => `/schema/properties/extra/properties/${field}`;
    const object = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, properties });
    expect(await extraProblems('bindBank', object({ address: { type: 'object', title: 'Address', properties: { city: { type: 'string' } } } }))).toContainEqual({
      pointer: `${at('address')}/type`, message: 'a custom field may be string, number, boolean, array, not object',
    });
    expect(await extraProblems('bindBank', object({ note: { title: 'Note' } }))).toContainEqual({ pointer: `${at('note')}/type`, message: 'a custom field must state its type: one of string, number, boolean, array' });
    expect(await extraProblems('bindBank', object({ 'bad name': { type: 'string' } }))).toEqual([
      expect.objectContaining({ pointer: at('bad name'), message: expect.stringContaining("field name 'bad name' is not allowed") }),
    ]);
    // Named or titled like the account number (its text id, its text in any language, or a payment word).
    expect(await extraProblems('bindBank', object({ iban: { type: 'string', title: 'Reference' } }))).toEqual([
      { pointer: at('iban'), message: "custom field 'iban' is named like a payment or identity number ('iban'): operators would take it for the real one" },
    ]);
    expect(await extraProblems('bindBank', object({ secondary: { type: 'string', title: 'field.accountNumber' } }))).toEqual([
      { pointer: `${at('secondary')}/title`, message: "custom field 'secondary' is labelled like the record's field 'accountNumber': operators would take it for the real one" },
    ]);
    expect(await extraProblems('bindBank', object({ secondary: { type: 'string', title: 'Kontonummer' } }))).toHaveLength(1);
    expect(await extraProblems('bindBank', object({ payTo: { type: 'string', title: 'IBAN (payout)' } }))).toHaveLength(1);
    expect(await extraProblems('bindBank', object({ holder_name: { type: 'string', title: 'Second holder' } }))).toHaveLength(1);
    // Ordinary words that merely contain those letters are fine.
    expect(await extraProblems('bindBank', object({ grouping: { type: 'string', title: 'Public note' } }))).toEqual([]);
  });

  it("a text change cannot relabel a published custom field like the account number", async () => {
    const { baseVersion, textsVersion } = expectOk(await server.call<{ baseVersion: number; textsVersion: number }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const { layout, schema } = expectOk(await server.call<{ layout: unknown; schema: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const next = structuredClone(schema);
    next.properties.extra = { type: 'object', additionalProperties: false, properties: { branch: { type: 'string', title: 'custom.bindBank.branch', maxLength: 40 } } };
    const texts = Object.fromEntries(['de', 'en', 'hi', 'zh'].map((lang) => [lang, { 'custom.bindBank.branch': 'Branch' }]));
    await approve(server, bob, expectOk(await server.call<ChangeAnswer>('studio/screens/publish', { id: 'bindBank', layout, schema: next, baseVersion, texts, textsBaseVersion: textsVersion, note: 'branch' }, { token: alice })));
    const { textsVersion: now } = expectOk(await server.call<{ textsVersion: number }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const refused = expectCall(await server.call('studio/messages/save', { lang: 'en', messages: { 'custom.bindBank.branch': 'Account number (IBAN)' }, baseVersion: now }, { token: alice }), 409, ERRORS.studioInvalid.code);
    expect((refused.data as { errors: Array<{ pointer: string }> }).errors.map((e) => e.pointer)).toContain('screens/bindBank.schema.json#/properties/extra/properties/branch/title');
    expectOk(await server.call('studio/messages/save', { lang: 'en', messages: { 'custom.bindBank.branch': 'Home branch' }, baseVersion: now }, { token: alice }));
  });
});

/**
 * Forms whose root is one value or a list: each goes through the whole flow — made, published,
 * approved, answered, refused, listed and exported (one `value` column: text as it is, other
 * values as JSON).
 */
describe('forms whose root is not an object', () => {
  const roots: Array<{ id: string; schema: Record<string, unknown>; valid: unknown[]; invalid: unknown; cells: string[]; summaries: string[] }> = [
    { id: 'rootText', schema: { type: 'string', title: 'Your idea', minLength: 3, maxLength: 200 }, valid: ['More ETFs', 'A, "quoted"\nidea'], invalid: 'no', cells: ['More ETFs', 'A, "quoted"\nidea'], summaries: ['A, "quoted"\nidea', 'More ETFs'] },
    { id: 'rootInteger', schema: { type: 'integer', title: 'Rating', minimum: 1, maximum: 5 }, valid: [5, 1], invalid: 6, cells: ['5', '1'], summaries: ['1', '5'] },
    { id: 'rootNumber', schema: { type: 'number', title: 'Share in %', minimum: 0, maximum: 100 }, valid: [12.5, 0], invalid: -0.5, cells: ['12.5', '0'], summaries: ['0', '12.5'] },
    { id: 'rootBoolean', schema: { type: 'boolean', title: 'Newsletter' }, valid: [true, false], invalid: 'yes', cells: ['true', 'false'], summaries: ['false', 'true'] },
    { id: 'rootList', schema: { type: 'array', title: 'Topics', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ['ipo', 'etf', 'tax'] } }, valid: [['ipo', 'tax'], ['etf']], invalid: ['ipo', 'ipo'], cells: ['["ipo","tax"]', '["etf"]'], summaries: ['["etf"]', '["ipo","tax"]'] },
  ];

  for (const root of roots) {
    it(`a ${root.schema.type} root (${root.id}) is published, answered, refused, listed and exported`, async () => {
      expectOk(await server.call('studio/screens/create', { id: root.id, title: `Form ${root.id}`, audience: 'investor' }, { token: alice }));
      const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: root.id }, { token: alice }));
      expect(expectOk(await server.call<{ errors: unknown[] }>('studio/screens/validate', { id: root.id, layout, schema: root.schema }, { token: alice })).errors).toEqual([]);
      await publishApproved(server, alice, bob, { id: root.id, layout, schema: root.schema, note: `${root.id} form` });
      expect((await served(root.id)).json().data.schemas[root.id]).toEqual(root.schema);

      const answerer = await server.registerUser();
      for (const data of root.valid) {
        const receipt = expectOk(await server.call<{ id: string; version: number }>('forms/submit', { formId: root.id, data }, { token: answerer.token }));
        const row = await server.deps.db.selectFrom('form_submissions' as never).selectAll().where('id' as never, '=', receipt.id as never).executeTakeFirstOrThrow() as Record<string, unknown>;
        expect(JSON.parse(row.data_json as string)).toEqual(data);
        server.clock.advance(1000);
      }
      const refusals: Record<string, string> = {};
      for (const lang of ['de', 'en']) {
        const refused = expectCall(await server.call('forms/submit', { formId: root.id, data: root.invalid }, { token: answerer.token, lang }), 400, ERRORS.validation.code);
        const errors = (refused.data as { errors: Array<{ field: string; message: string }> }).errors;
        expect(errors.length).toBeGreaterThan(0);
        // The root's own title labels the message, as a field's title labels its own.
        expect(errors[0]).toEqual({ field: '', message: expect.stringMatching(new RegExp(`^${root.schema.title as string}: .`)) });
        refusals[lang] = errors[0]!.message;
      }
      expect(refusals.de).not.toBe(refusals.en);
      expect(refusals.de).not.toMatch(/must|should/);

      const page = expectOk(await server.call<{ items: Array<{ data: unknown; summary: string; email: string }>; total: number }>('admin/forms/submissions', { formId: root.id }, { token: operator }));
      expect(page.total).toBe(2);
      expect(page.items.map((item) => item.data)).toEqual([...root.valid].reverse());
      expect(page.items.map((item) => item.summary)).toEqual(root.summaries);

      const file = expectOk(await server.call<{ filename: string; content: string; rows: number }>('admin/forms/export', { formId: root.id }, { token: operator }));
      expect(file).toMatchObject({ filename: `${root.id}.csv`, rows: 2 });
      const rows = parse(file.content) as string[][];
      expect(rows[0]).toEqual(['submittedAt', 'email', 'version', 'value']);
      expect(rows.slice(1).map((row) => row.slice(1))).toEqual(root.cells.map((value) => [answerer.email, '1', value]));
    });
  }

  it('a form with a one-value root and no submissions yet exports the header with its value column', async () => {
    expectOk(await server.call('studio/screens/create', { id: 'rootEmpty', title: 'Empty', audience: 'investor' }, { token: alice }));
    const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: 'rootEmpty' }, { token: alice }));
    await publishApproved(server, alice, bob, { id: 'rootEmpty', layout, schema: { type: 'string', title: 'Idea' }, note: 'empty form' });
    const file = expectOk(await server.call<{ content: string; rows: number }>('admin/forms/export', { formId: 'rootEmpty' }, { token: operator }));
    expect(parse(file.content)).toEqual([['submittedAt', 'email', 'version', 'value']]);
  });
});
