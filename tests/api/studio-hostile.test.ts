/**
 * A published screen is input written by staff, who are not trusted with the server or with
 * investors' data. Tried as a hostile editor on a real server (SQLite, or PostgreSQL with
 * TEST_DB=pg): a form `pattern` that backtracks exponentially (`(a+)+$`) is run by RE2 in
 * linear time, on made forms and on a money screen's custom field; a pattern RE2 cannot compile
 * (backreference, lookaround) is refused by the studio with a pointer and cannot be published, and
 * a German editor reads RE2's reason and ajv's reason for a schema it refuses in German; a
 * made screen that runs its own command on load is refused with a pointer and refused at run
 * time (1810); nested and oversized data are refused (1000, 1003), never a 500; custom fields cannot be
 * objects. And the public audience: a made screen for visitors is served to a visitor with no
 * session, which cannot submit its form (501) nor load an investor screen's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { editorToken, publishApproved } from '../support/studio.js';
import { ERRORS } from '../../src/shared/codes.js';

let server: TestServer;
let alice: string;
let bob: string;
let investor: string;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '1000', FORM_SUBMISSIONS_PER_USER_PER_HOUR: '50' });
  [alice, bob] = [await editorToken(server), await editorToken(server)];
  investor = (await server.registerUser()).token;
});
afterAll(async () => {
  await server?.stop();
});

type Problems = Array<{ pointer: string; message: string }>;

/** What studio/screens/validate says about screen `id` with `schema` (and its current layout, or `layout`). */
async function problems(id: string, schema: unknown, layout?: unknown, lang = 'en'): Promise<Problems> {
  const current = expectOk(await server.call<{ layout: unknown }>('studio/screens/get', { id }, { token: alice }));
  return expectOk(await server.call<{ errors: Problems }>('studio/screens/validate', { id, layout: layout ?? current.layout, schema }, { token: alice, lang })).errors;
}

/** English words of the lint's sentences; quoted names, values and pattern parts are left out. */
const ENGLISH = /\b(the|is|does|not|invalid|unsupported|unknown|missing|must|needs|keyword|reference|resolve|refused|compile|cannot|which|sequence|value|rule|beside|at)\b/i;
const sentenceOf = (message: string) => message.replace(/`[^`]*`|„[^“]*“|"(?:[^"\\]|\\.)*"/g, '');

/** Makes screen `id` for `audience` and publishes `schema` on its form (approved by bob). */
async function liveForm(id: string, schema: Record<string, unknown>, audience: 'public' | 'investor' = 'investor'): Promise<void> {
  expectOk(await server.call('studio/screens/create', { id, title: `Form ${id}`, audience }, { token: alice }));
  const { layout } = expectOk(await server.call<{ layout: unknown }>('studio/screens/get', { id }, { token: alice }));
  expect(await problems(id, schema)).toEqual([]);
  await publishApproved(server, alice, bob, { id, layout, schema, note: id });
}

describe('patterns run in linear time', () => {
  it("a made form's exponential pattern (a+)+$ answers at once: the value is refused, the server stays responsive", async () => {
    await liveForm('redos', {
      type: 'object',
      additionalProperties: false,
      properties: { code: { type: 'string', title: 'Code', pattern: '^(a+)+$', maxLength: 200 } },
      patternProperties: { '^(x+x+)+y$': { type: 'string', maxLength: 10 } },
    });
    // JavaScript's backtracking engine would take about 2^60 steps on each of these: the test
    // would run into its timeout.
    const refused = expectCall(await server.call('forms/submit', { formId: 'redos', data: { code: `${'a'.repeat(60)}!` } }, { token: investor }), 400, ERRORS.validation.code);
    expect((refused.data as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('code');
    expectCall(await server.call('forms/submit', { formId: 'redos', data: { [`${'x'.repeat(60)}`]: 'v' } }, { token: investor }), 400, ERRORS.validation.code);
    expectOk(await server.call('forms/submit', { formId: 'redos', data: { code: 'aaaa', xxy: 'ok' } }, { token: investor }));
  });

  it('a custom field pattern on the bank form runs in linear time too', async () => {
    const { layout, schema } = expectOk(await server.call<{ layout: unknown; schema: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: alice }));
    const next = structuredClone(schema);
    next.properties.extra = { type: 'object', additionalProperties: false, properties: { nickname: { type: 'string', title: 'Nickname', pattern: '^(a|aa)+$', maxLength: 100 } } };
    expect(await problems('bindBank', next)).toEqual([]);
    await publishApproved(server, alice, bob, { id: 'bindBank', layout, schema: next, note: 'nickname pattern' });
    const account = { holderName: 'Asha Rao', bankName: 'HDFC Bank', accountNumber: '501001234567', ifsc: 'HDFC0001234', phone: '9876543210' };
    expectCall(await server.call('bank/addBank', { ...account, extra: { nickname: `${'a'.repeat(90)}b` } }, { token: investor }), 400, ERRORS.validation.code);
    expectOk(await server.call('bank/addBank', { ...account, extra: { nickname: 'aaa' } }, { token: investor }));
  });

  it('a pattern RE2 cannot compile (backreference, lookaround) is refused with a pointer and cannot be published', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: { twice: { type: 'string', pattern: '^(a)\\1$' }, ahead: { type: 'string', pattern: '^(?=.*[0-9]).{8,}$' } },
      patternProperties: { '^(?!x)': { type: 'string' } },
    };
    const found = await problems('redos', schema);
    expect(found.map((p) => p.pointer).sort()).toEqual(['/schema/patternProperties/^(?!x)', '/schema/properties/ahead/pattern', '/schema/properties/twice/pattern']);
    for (const p of found) expect(p.message).toMatch(/linear time \(RE2\)/);
    const { layout, baseVersion } = expectOk(await server.call<{ layout: unknown; baseVersion: number }>('studio/screens/get', { id: 'redos' }, { token: alice }));
    const refused = await server.call('studio/screens/publish', { id: 'redos', layout, schema, baseVersion, note: 'lookahead' }, { token: alice });
    expect(refused.body.code).not.toBe(200);
    expect(refused.status).toBeLessThan(500);
  });

  it("a German editor reads RE2's reason in German, with the part of the pattern it names", async () => {
    const schema = {
      type: 'object',
      properties: { twice: { type: 'string', pattern: '^(a)\\1$' }, ahead: { type: 'string', pattern: '^(?=.*[0-9]).{8,}$' }, open: { type: 'string', pattern: '(ab' }, range: { type: 'string', pattern: '[z-a]' } },
    };
    const found = await problems('redos', schema, undefined, 'de');
    expect(found).toHaveLength(4);
    expect(found.find((p) => p.pointer === '/schema/properties/twice/pattern')!.message).toBe(
      'Muster "^(a)\\\\1$" wird abgelehnt: der Server prüft Muster in linearer Zeit (RE2), das es nicht übersetzen kann: ungültige Escape-Sequenz: `\\1`',
    );
    expect(found.find((p) => p.pointer === '/schema/properties/ahead/pattern')!.message).toMatch(/: ungültige oder nicht unterstützte Perl-Syntax: `\(\?=`$/);
    for (const p of found) expect(sentenceOf(p.message), p.message).not.toMatch(ENGLISH);
  });

  it('a German editor reads why ajv refuses a schema in German, by kind, keyword and pointer', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ type: 'object', properties: { a: { type: 'string', colour: 'red' } } }, 'lässt sich nicht kompilieren: unbekanntes Schlüsselwort „colour“ bei /properties/a'],
      [{ type: 'object', properties: { a: { type: 'strin' } } }, 'lässt sich nicht kompilieren: der Wert bei /properties/a/type ist kein gültiges JSON Schema (Regel „enum“)'],
      [{ type: 'object', properties: { a: { type: 'string', format: 'postcode' } } }, 'lässt sich nicht kompilieren: unbekanntes Format „postcode“ bei /properties/a'],
      [{ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, 'lässt sich nicht kompilieren: Verweis „#/$defs/missing“ führt ins Leere'],
      [{ type: 'object', properties: { a: { minimum: 3 } } }, 'lässt sich nicht kompilieren: Schlüsselwort „minimum“ bei /properties/a verlangt daneben "type": „number“'],
    ];
    for (const [schema, german] of refusals) {
      const found = await problems('redos', schema, undefined, 'de');
      expect(found.map((p) => p.message), JSON.stringify(schema)).toContain(german);
      for (const p of found) expect(sentenceOf(p.message), p.message).not.toMatch(ENGLISH);
      // The English editor reads the same kind, keyword and pointer.
      const english = await problems('redos', schema, undefined, 'en');
      expect(english.filter((p) => p.message.startsWith('does not compile: '))).toHaveLength(1);
    }
  });
});

describe('a made screen cannot act for its viewer', () => {
  it('loading its own command (forms/submit) is refused with a pointer; sent as a load it is refused (1810) and stores nothing', async () => {
    const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: 'redos' }, { token: alice }));
    const onLoad = { ...layout, blocks: [{ kind: 'notice', id: 'auto', load: { call: 'forms/submit', params: { formId: 'redos', data: { code: 'aaaa' } } }, text: 'forms.submit' }, ...layout.blocks] };
    const found = await problems('redos', undefined, onLoad);
    expect(found.some((p) => p.pointer.startsWith('/layout/blocks/0/load') && p.message.includes('is a command'))).toBe(true);
    const before = await server.deps.db.selectFrom('form_submissions' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: number | string };
    const refused = await server.app.inject({ method: 'POST', url: '/api/forms/submit?lang=en', headers: { authorization: `Bearer ${investor}`, 'x-nivesh-intent': 'load' }, payload: { formId: 'redos', data: { code: 'aaaa' } } });
    expect(refused.json()).toMatchObject({ code: ERRORS.commandOnLoad.code });
    const after = await server.deps.db.selectFrom('form_submissions' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as { n: number | string };
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('nested and oversized data', () => {
  it('deeply nested data in a form that takes any value is refused with the field, never a 500', async () => {
    await liveForm('anything', { type: 'object', additionalProperties: false, properties: { blob: { type: 'array', title: 'Anything' } } });
    const depth = 20_000; // about 40 KB: under the form's 64 KB cap
    const payload = `{"formId":"anything","data":{"blob":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const answer = await server.app.inject({ method: 'POST', url: '/api/forms/submit?lang=en', headers: { authorization: `Bearer ${investor}`, 'content-type': 'application/json' }, payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: ERRORS.validation.code, message: expect.stringContaining('Nested too deeply (at most 64 levels)') });
    // A shallow value of the same form is stored.
    expectOk(await server.call('forms/submit', { formId: 'anything', data: { blob: [[1, 2], { a: ['b'] }] } }, { token: investor }));
  });

  it('a body over 1 MB is refused with its own code (1003, HTTP 413) before any handler; a custom field cannot hold an object', async () => {
    const big = await server.app.inject({ method: 'POST', url: '/api/forms/submit?lang=en', headers: { authorization: `Bearer ${investor}`, 'content-type': 'application/json' }, payload: JSON.stringify({ formId: 'anything', data: { blob: 'x'.repeat(1_100_000) } }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: ERRORS.bodyTooLarge.code, message: 'The request is too large (at most 1024 KB).' });
    const account = { holderName: 'Asha Rao', bankName: 'HDFC Bank', accountNumber: '501001234568', ifsc: 'HDFC0001234', phone: '9876543210' };
    expectCall(await server.call('bank/addBank', { ...account, extra: { nickname: { nested: { deeper: true } } } }, { token: investor }), 400, ERRORS.validation.code);
  });
});

describe('the public audience', () => {
  it('a /p screen for visitors is served without a session; its form asks the visitor to log in; an investor screen is not served to visitors', async () => {
    await liveForm('openday', { type: 'object', additionalProperties: false, properties: { message: { type: 'string', title: 'Message', maxLength: 200 } } }, 'public');
    const visitor = await server.app.inject({ method: 'GET', url: '/api/ui/screens/openday?lang=en' });
    expect(visitor.statusCode).toBe(200);
    const payload = visitor.json().data as { id: string; audience: string; layout: { blocks: Array<{ kind: string; submit?: { call: string } }> }; schemas: Record<string, unknown> };
    expect(payload).toMatchObject({ id: 'openday', audience: 'public' });
    expect(payload.layout.blocks[0]).toMatchObject({ kind: 'form', submit: { call: 'forms/submit' } });
    expect(Object.keys(payload.schemas)).toEqual(['openday']);
    // Its validator and texts load without a session too.
    expect((await server.app.inject({ method: 'GET', url: '/api/ui/validators/openday.js' })).statusCode).toBe(200);
    expectCall(await server.call('forms/submit', { formId: 'openday', data: { message: 'hello' } }), 401, ERRORS.notLoggedIn.code);
    expectOk(await server.call('forms/submit', { formId: 'openday', data: { message: 'hello' } }, { token: investor }));

    // An investor screen's layout is no secret, but it loads nothing for a visitor: its calls need a session.
    await liveForm('members', { type: 'object', additionalProperties: false, properties: { message: { type: 'string', title: 'Message', maxLength: 200 } } });
    const members = await server.app.inject({ method: 'GET', url: '/api/ui/screens/members?lang=en' });
    expect(members.json().data).toMatchObject({ audience: 'investor' });
    expectCall(await server.call('forms/submit', { formId: 'members', data: { message: 'hi' } }), 401, ERRORS.notLoggedIn.code);
  });

  it('a public screen cannot name a staff call', async () => {
    const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id: 'openday' }, { token: alice }));
    const staff = { ...layout, blocks: [...layout.blocks, { kind: 'list', id: 'l', load: { call: 'admin/forms/list' }, item: { title: { field: 'title' } }, empty: 'adminForms.formsEmpty' }] };
    expect((await problems('openday', undefined, staff)).some((p) => p.pointer.startsWith('/layout/blocks/1') && p.message.includes("audience 'public'"))).toBe(true);
  });
});
