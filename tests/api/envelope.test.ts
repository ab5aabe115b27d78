/**
 * The `/api` envelope (docs/product.md, Calls): every answer is `{code, message, data}`, errors carry
 * their catalogue code and HTTP status, `lang` chooses the message language, unknown fields
 * and malformed bodies are refused without side effects, and the token may be bare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectEnvelopeShape, expectOk, localeText } from '../support/envelope.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function outboxCount(email?: string): Promise<number> {
  let query = server.deps.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n'));
  if (email) query = query.where('to_address', '=', email);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function userCount(): Promise<number> {
  const row = await server.deps.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const validBank = {
  holderName: 'Asha Rao',
  bankName: 'HDFC Bank',
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  phone: '9876543210',
};

describe('envelope shape', () => {
  it('wraps success, validation errors, not-found, auth errors and bad requests alike', async () => {
    const { token } = await server.registerUser();
    const responses = [
      { res: await server.call('user/getUserInfo', {}, { token }), status: 200, code: 200 },
      { res: await server.call('user/login', {}), status: 400, code: 1000 },
      { res: await server.call('nothing/here', {}), status: 404, code: 1044 },
      { res: await server.call('user/getUserInfo', {}), status: 401, code: 501 },
      { res: await server.call('bank/get', { x: 1 }, { token }), status: 400, code: 1001 },
    ];
    for (const { res, status, code } of responses) expectCall(res, status, code);
    // Success carries the catalogue's success text in the chosen language.
    expect(responses[0]!.res.body.message).toBe(localeText('en', 'common.success'));
  });

  it('answers an unknown /api path with 404 code 1044 for GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await server.app.inject({ method, url: '/api/does/not/exist?lang=en' });
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expectEnvelopeShape(body);
      expect(body.code).toBe(1044);
      expect(body.message).toBe(localeText('en', 'error.notFound'));
      expect(body.data).toBeNull();
    }
  });

  it('answers a POST-only call requested with GET as an unknown path', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/user/getUserInfo?lang=en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1044 });
  });
});

describe('lang query', () => {
  const wrongLogin = { email: 'nobody-lang@example.com', password: 'whatever-password' };

  async function loginIn(query: string) {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/user/login${query}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(wrongLogin),
    });
    const body = res.json();
    expectEnvelopeShape(body);
    expect(res.statusCode).toBe(401);
    expect(body.code).toBe(1010);
    return body.message;
  }

  it('chooses en, de, zh_CN and hi; no lang means German', async () => {
    expect(await loginIn('?lang=en')).toBe(localeText('en', 'error.invalidCredentials'));
    expect(await loginIn('?lang=de')).toBe(localeText('de', 'error.invalidCredentials'));
    expect(await loginIn('?lang=zh_CN')).toBe(localeText('zh', 'error.invalidCredentials'));
    expect(await loginIn('?lang=hi')).toBe(localeText('hi', 'error.invalidCredentials'));
    expect(await loginIn('')).toBe(localeText('de', 'error.invalidCredentials'));
    expect(await loginIn('?lang=xx')).toBe(localeText('de', 'error.invalidCredentials'));
    // The languages really differ (otherwise the comparisons above prove nothing).
    const texts = new Set((['en', 'de', 'zh', 'hi'] as const).map((l) => localeText(l, 'error.invalidCredentials')));
    expect(texts.size).toBe(4);
  });

  it('localizes validation messages and success messages too', async () => {
    const zh = await server.call('user/login', { email: 'not-an-email', password: 'x' }, { lang: 'zh_CN' });
    expectCall(zh, 400, 1000);
    expect(zh.body.message).toContain(localeText('zh', 'validation.email'));
    const { token } = await server.registerUser();
    const hi = await server.call('user/getUserInfo', {}, { token, lang: 'hi' });
    expectOk(hi);
    expect(hi.body.message).toBe(localeText('hi', 'common.success'));
  });
});

describe('refused bodies change nothing', () => {
  it('rejects an unknown field next to valid fields with 1001 and binds nothing', async () => {
    const { token } = await server.registerUser();
    const res = await server.call('bank/addBank', { ...validBank, isAdmin: true }, { token });
    expectCall(res, 400, 1001);
    expect(res.body.message).toContain('isAdmin');
    expect(expectOk(await server.call('bank/get', {}, { token }))).toEqual([]);
  });

  it('rejects an unknown field on a call without a body schema', async () => {
    const { token } = await server.registerUser();
    expectCall(await server.call('user/logout', { everywhere: true }, { token }), 400, 1001);
    // The session was not ended by the refused logout.
    expectOk(await server.call('user/getUserInfo', {}, { token }));
  });

  it('rejects an unknown field on sendCaptchaByEmail and mails nothing', async () => {
    const email = 'unknown-field@example.com';
    const res = await server.call('user/sendCaptchaByEmail', { email, purpose: 'register', role: 'operator' });
    expectCall(res, 400, 1001);
    expect(await outboxCount(email)).toBe(0);
  });

  it('answers malformed JSON with 400 code 1002 and creates no user', async () => {
    const before = await userCount();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/register?lang=en',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "broken@example.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectEnvelopeShape(body);
    expect(body.code).toBe(1002);
    expect(body.message).toBe(localeText('en', 'error.badRequest'));
    expect(await userCount()).toBe(before);
  });

  it('answers a JSON array body with 400 code 1002', async () => {
    const { token } = await server.registerUser();
    const res = await server.call('bank/addBank', [validBank], { token });
    expectCall(res, 400, 1002);
    expect(expectOk(await server.call('bank/get', {}, { token }))).toEqual([]);
  });
});

describe('token', () => {
  it('refuses a user-only call without a token: HTTP 401 code 501', async () => {
    const res = await server.call('user/getUserInfo', {});
    expectCall(res, 401, 501);
    expect(res.body.message).toBe(localeText('en', 'error.notLoggedIn'));
    expect(res.body.data).toBeNull();
  });

  it('refuses an unknown token and a token with a wrong scheme word', async () => {
    const { token } = await server.registerUser();
    expectCall(await server.call('user/getUserInfo', {}, { token: 'not-a-real-token' }), 401, 501);
    const res = await server.call('user/getUserInfo', {}, { headers: { authorization: `Token ${token}` } });
    expectCall(res, 401, 501);
  });

  it('refuses a user-only call without a token before looking at the body', async () => {
    const res = await server.call('bank/addBank', validBank);
    expectCall(res, 401, 501);
  });

  it('accepts a bare token as well as "Bearer <token>"', async () => {
    const { token, email } = await server.registerUser();
    const bare = await server.call<{ email: string }>('user/getUserInfo', {}, { headers: { authorization: token } });
    expect(expectOk(bare).email).toBe(email);
    const bearer = await server.call<{ email: string }>('user/getUserInfo', {}, { token });
    expect(expectOk(bearer).email).toBe(email);
  });
});
