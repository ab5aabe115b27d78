/**
 * `studio/screens/preview` on a real server: a draft that tightens a rule (a larger minimum
 * length) is answered with its payload and the root key of the draft's own validator, and
 * `/api/ui/validators/<name>.js?v=<key>` serves that validator — not the published one — while
 * the published key still serves the published validator. Investors are refused (1040).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { editorToken } from '../support/studio.js';
import { ERRORS } from '../../src/shared/codes.js';

let server: TestServer;
let editor: string;
let investor: string;

interface Preview {
  payload: { id: string; layout: Record<string, unknown>; schemas: Record<string, Record<string, any>>; calls: Record<string, unknown> };
  validators: Record<string, string>;
  errors: Array<{ pointer: string; message: string }>;
}

beforeAll(async () => {
  server = await startTestServer();
  editor = await editorToken(server);
  investor = (await server.registerUser()).token;
});
afterAll(async () => {
  await server?.stop();
});

const validatorAt = async (name: string, key: string) => server.app.inject({ method: 'GET', url: `/api/ui/validators/${name}.js?v=${key}` });

describe('studio/screens/preview', () => {
  it("answers the draft's payload and serves the draft's validator by its key", async () => {
    const screen = expectOk(await server.call<{ layout: Record<string, unknown>; schema: Record<string, any> }>('studio/screens/get', { id: 'bindBank' }, { token: editor }));
    const schema = structuredClone(screen.schema);
    schema.properties.holderName.minLength = 7;
    const preview = expectOk(await server.call<Preview>('studio/screens/preview', { id: 'bindBank', layout: screen.layout, schema }, { token: editor }));
    expect(preview.errors).toEqual([]);
    expect(preview.payload.schemas.bindBank?.properties.holderName.minLength).toBe(7);
    expect(Object.keys(preview.payload.calls)).toContain('bank/addBank');

    const published = expectOk(await server.call<Preview>('studio/screens/preview', { id: 'bindBank', layout: screen.layout }, { token: editor }));
    expect(published.validators.bindBank).not.toBe(preview.validators.bindBank);

    const draft = await validatorAt('bindBank', preview.validators.bindBank!);
    expect(draft.statusCode).toBe(200);
    expect(draft.body).toContain(`Root: ${preview.validators.bindBank}`);
    const live = await validatorAt('bindBank', published.validators.bindBank!);
    expect(live.body).toContain(`Root: ${published.validators.bindBank}`);
  });

  it('refuses investors with forbidden', async () => {
    const result = await server.call('studio/screens/preview', { id: 'bindBank', layout: {} }, { token: investor });
    expectCall(result, 403, ERRORS.forbidden.code);
  });
});
