/**
 * Responses are contracts too, on a real server (SQLite, or PostgreSQL with TEST_DB=pg): every
 * call's 200 answer is in `/api/openapi.json` with its `data` schema (declared in the route, or
 * derived from the handler's type by `npm run gen`), and the answers match it; the layout lint
 * holds bindings to the named call — a detail field, a list item's field, an action's
 * `when.field` and `{field}` parameter against the response, `params` keys against the request
 * — with a JSON pointer, in `studio/screens/validate`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectOk } from '../support/envelope.js';
import { editorToken } from '../support/studio.js';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '1000' });
  alice = await editorToken(server);
});
afterAll(async () => {
  await server?.stop();
});

type Problems = Array<{ pointer: string; message: string }>;

async function validate(id: string, edit: (layout: Record<string, any>) => void, lang = 'en'): Promise<Problems> {
  const { layout } = expectOk(await server.call<{ layout: Record<string, any> }>('studio/screens/get', { id }, { token: alice }));
  const next = structuredClone(layout);
  edit(next);
  return expectOk(await server.call<{ errors: Problems }>('studio/screens/validate', { id, layout: next }, { token: alice, lang })).errors;
}

describe('response schemas', () => {
  it('every call has its 200 answer with a data schema in /api/openapi.json', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.values(methods).map((op) => ({ path, op })));
    const without = operations.filter(({ op }) => !op.responses['200']).map(({ path }) => path);
    expect(operations.length).toBeGreaterThan(100);
    expect(without).toEqual([]);
    const bankGet = document.paths['/api/bank/get']!.post!.responses['200'] as { content: { 'application/json': { schema: { allOf: Array<{ properties?: { data?: { items?: { properties?: Record<string, unknown> } } } }> } } } };
    expect(Object.keys(bankGet.content['application/json'].schema.allOf[1]!.properties!.data!.items!.properties!)).toContain('extra');
  });

  it('studio/calls/list gives editors every call with its request and response schemas', async () => {
    const calls = expectOk(await server.call<Array<{ name: string; request: { properties?: Record<string, unknown> } | null; response: { type?: string } | null }>>('studio/calls/list', {}, { token: alice }));
    expect(calls.length).toBe(server.calls.declared.length);
    expect(calls.find((c) => c.name === 'bank/get')).toMatchObject({ request: null, response: { type: 'array' } });
    expect(Object.keys(calls.find((c) => c.name === 'bank/addBank')!.request!.properties!)).toContain('extra');
    expect(calls.filter((c) => c.response === null).map((c) => c.name)).toEqual([]);
  });

  it("the answers of the shipped screens' reads match their response schemas", async () => {
    const user = await server.registerUser();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const schemas = Object.fromEntries(server.calls.declared.map((call) => [call.name, call.response]));
    for (const [call, body] of [['bank/get', {}], ['authentication/get', {}], ['pay/rechargeRecord', {}], ['withdrawal/withdrawalList', {}], ['purse/getAssets', {}], ['user/info', {}]] as const) {
      const answer = await server.call(call, body, { token: user.token });
      if (answer.body.code !== 200) continue;
      const check = ajv.compile(schemas[call]!);
      expect(check(answer.body.data), `${call}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
  });
});

describe('the layout lint checks bindings against the named call', () => {
  it('a detail field the call does not answer is refused with a pointer; so is a params key its request does not take', async () => {
    const problems = await validate('withdrawDetail', (layout) => {
      layout.blocks[0].fields[4].field = 'bank.iban';
      layout.blocks[0].load.params.withdrawalId = '{query.id}';
    });
    expect(problems).toEqual([
      { pointer: '/layout/blocks/0/load/params/withdrawalId', message: "'withdrawal/withdrawalDetails' does not take 'withdrawalId' (its request schema has no such field): the call would be refused" },
      { pointer: '/layout/blocks/0/fields/4/field', message: "'bank.iban' is not in the answer of 'withdrawal/withdrawalDetails' (no field 'iban'): it would show nothing" },
    ]);
  });

  it("a German editor reads the binding problems in German", async () => {
    const problems = await validate('withdrawDetail', (layout) => {
      layout.blocks[0].fields[4].field = 'bank.iban';
      layout.blocks[0].load.params.withdrawalId = '{query.id}';
    }, 'de');
    expect(problems).toEqual([
      { pointer: '/layout/blocks/0/load/params/withdrawalId', message: '„withdrawal/withdrawalDetails“ nimmt „withdrawalId“ nicht (sein Anfrage-Schema hat kein solches Feld): der Aufruf würde abgelehnt' },
      { pointer: '/layout/blocks/0/fields/4/field', message: '„bank.iban“ steht nicht in der Antwort von „withdrawal/withdrawalDetails“ (kein Feld „iban“): es würde nichts angezeigt' },
    ]);
    const list = await validate('rechargeRecord', (layout) => {
      layout.blocks[0].item.subtitle[1].field = 'reference';
    }, 'de');
    expect(list).toEqual([
      { pointer: '/layout/blocks/0/item/subtitle/1/field', message: '„reference“ steht nicht in einem Eintrag der Antwort von „pay/rechargeRecord“ (kein Feld „reference“): es würde nichts angezeigt' },
    ]);
  });

  it("a list item's field, link placeholder and a detail bound to the wrong call are refused with pointers", async () => {
    const list = await validate('rechargeRecord', (layout) => {
      layout.blocks[0].item.subtitle[1].field = 'reference';
      layout.blocks[0].item.link = '/rechargeRecordDatails?id={depositId}';
    });
    expect(list.map((p) => p.pointer)).toEqual(['/layout/blocks/0/item/subtitle/1/field', '/layout/blocks/0/item/link']);
    const wrongCall = await validate('withdrawDetail', (layout) => {
      layout.blocks[0].load.call = 'pay/rechargeDetail';
    });
    expect(wrongCall.map((p) => p.pointer)).toEqual(['/layout/blocks/0/fields/2/field', '/layout/blocks/0/fields/3/field', '/layout/blocks/0/fields/6/field', '/layout/blocks/0/fields/7/field']);
  });

  it('the shipped layouts pass', async () => {
    expect(server.store.lintAll()).toEqual([]);
  });
});
