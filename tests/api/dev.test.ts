/**
 * Demo mailbox: `GET /api/dev/outbox` and the `/dev/mailbox` page exist in demo
 * mode only, list the local outbox and escape what they show. Only with an email,
 * only to loopback clients, never an operator's mail; production refuses to start without
 * SMTP_URL or on simulated prices unless ALLOW_SIMULATED_PRICES=1; demo listens on 127.0.0.1;
 * only demo answers name the answering process (`X-Nivesh-Process`).
 */
import { randomBytes } from 'node:crypto';
import { createUser } from '../../src/server/domain/users.js';
import { loadConfig } from '../../src/server/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectEnvelopeShape, expectOk, localeText } from '../support/envelope.js';

const PRODUCTION = { NIVESH_MODE: 'production', IDENTITY_KEY: randomBytes(32).toString('base64'), SMTP_URL: 'smtp://127.0.0.1:1', ALLOW_SIMULATED_PRICES: '1', PASSWORD_SCRYPT_N: '16384' };

let demo: TestServer;
let production: TestServer;

beforeAll(async () => {
  [demo, production] = await Promise.all([startTestServer(), startTestServer({ ...PRODUCTION })]);
});
afterAll(async () => {
  await Promise.all([demo?.stop(), production?.stop()]);
});

const get = (server: TestServer, url: string) => server.app.inject({ method: 'GET', url });

describe('production mode', () => {
  it('has no /api/dev/outbox (404, code 1044) even when mail was sent', async () => {
    expect(production.config.mode).toBe('production');
    const email = 'prod-user@example.com';
    await production.deps.db.insertInto('mail_outbox').values({ id: 'prod-mail', to_address: email, subject: 's', text: '123456', transport: 'outbox', sent_at: 1 }).execute();
    for (const url of ['/api/dev/outbox', `/api/dev/outbox?email=${encodeURIComponent(email)}`]) {
      const res = await get(production, `${url}${url.includes('?') ? '&' : '?'}lang=en`);
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expectEnvelopeShape(body);
      expect(body.code).toBe(1044);
      expect(JSON.stringify(body)).not.toContain(email);
    }
  });

  it('names no process id in any answer header (demo answers carry X-Nivesh-Process)', async () => {
    for (const url of ['/healthz', '/api/news/list?lang=en', '/no-such-page']) {
      const res = await get(production, url);
      expect(res.headers['x-nivesh-process'], url).toBeUndefined();
      // The id as a whole value or word: a CSP hash may hold the same digits by chance.
      const pid = new RegExp(`(^|[^A-Za-z0-9+/])${process.pid}($|[^A-Za-z0-9+/=])`);
      for (const value of Object.values(res.headers)) expect(String(value), url).not.toMatch(pid);
    }
    expect((await get(demo, '/healthz')).headers['x-nivesh-process']).toBe(String(process.pid));
  });

  it('does not serve the mailbox page at /dev/mailbox', async () => {
    const res = await get(production, '/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Demo mailbox');
    expect(res.body).not.toContain('prod-user@example.com');
  });
});

describe('demo mode', () => {
  it('lists one address’s mail as JSON, filtered by email (any case), newest first', async () => {
    const a = 'mailbox-a@example.com';
    const b = 'mailbox-b@example.com';
    expectOk(await demo.call('user/sendCaptchaByEmail', { email: a, purpose: 'register' }));
    demo.clock.advance(1_000);
    expectOk(await demo.call('user/sendCaptchaByEmail', { email: b, purpose: 'register' }));

    const only = await get(demo, `/api/dev/outbox?lang=en&email=${encodeURIComponent(a.toUpperCase())}`);
    const mails = expectOk({ status: only.statusCode, body: only.json() }) as Array<{ to: string; subject: string; text: string; sentAt: number }>;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toEqual({ id: expect.any(String), to: a, subject: localeText('en', 'mail.captcha.subject'), text: expect.stringMatching(/\b\d{6}\b/), sentAt: demo.clock.now() - 1_000 });
  });

  it('shows /dev/mailbox as HTML listing the message', async () => {
    const email = 'mailbox-page@example.com';
    expectOk(await demo.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
    const code = await demo.lastCode(email);
    const res = await get(demo, `/dev/mailbox?email=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Demo mailbox');
    expect(res.body).toContain(email);
    expect(res.body).toContain(code);
    expect(res.body).toContain(localeText('en', 'mail.captcha.subject'));
    // Filtered: other recipients are not listed.
    expect(res.body).not.toContain('mailbox-a@example.com');
  });

  it('says so when there is no mail for the filter', async () => {
    const res = await get(demo, '/dev/mailbox?email=nobody-here%40example.com');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No messages yet.');
  });

  it('escapes HTML in subjects, texts, addresses and the filter value', async () => {
    const to = 'xss@example.com';
    await demo.deps.mailer.send({ to, subject: '<script>alert("s")</script> & <b>bold</b>', text: '<img src=x onerror=alert(1)> \'q\'' });
    const res = await get(demo, `/dev/mailbox?email=${encodeURIComponent(to)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('&lt;script&gt;alert(&quot;s&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt; &#39;q&#39;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>bold</b>');
    expect(res.body).not.toContain('<img');

    const filter = '"><script>alert(2)</script>';
    const echoed = await get(demo, `/dev/mailbox?email=${encodeURIComponent(filter)}`);
    expect(echoed.statusCode).toBe(200);
    expect(echoed.body).toContain('value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(echoed.body).not.toContain('<script>');
  });

  it('keeps the outbox JSON raw (escaping is the page’s job) and in the envelope', async () => {
    await demo.deps.mailer.send({ to: 'raw@example.com', subject: '<script>alert("s")</script> & <b>bold</b>', text: 'x' });
    const res = await get(demo, '/api/dev/outbox?email=raw%40example.com&lang=en');
    const body = res.json();
    expectCall({ status: res.statusCode, body }, 200, 200);
    expect((body.data as Array<{ subject: string }>)[0]!.subject).toBe('<script>alert("s")</script> & <b>bold</b>');
  });
});

describe('demo takeover', () => {
  it('never lists everyone’s mail: without an email it answers 1600 and shows nothing', async () => {
    const email = 'victim@example.com';
    expectOk(await demo.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
    for (const url of ['/api/dev/outbox?lang=en', '/api/dev/outbox?lang=en&email=', '/api/dev/outbox?lang=en&email=%20']) {
      const res = await get(demo, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 1600, message: localeText('en', 'error.outboxEmailRequired') });
      expect(res.body).not.toContain(email);
    }
    const page = await get(demo, '/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(email);
  });

  it('answers only loopback clients (1601), the page too', async () => {
    const email = 'remote@example.com';
    expectOk(await demo.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
    for (const url of [`/api/dev/outbox?lang=en&email=${encodeURIComponent(email)}`, `/dev/mailbox?lang=en&email=${encodeURIComponent(email)}`, '/dev/mailbox?lang=en']) {
      const res = await demo.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.23' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 1601 });
      expect(res.body).not.toMatch(/\b\d{6}\b/);
    }
    const local = await demo.app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(email)}`, remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });

  it('never shows an operator’s codes (1602); they go to the server log instead', async () => {
    const email = 'ops-demo@example.com';
    await createUser(demo.deps, { email, password: 'operator password 1', role: 'operator' });
    const logged: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
    const original = demo.deps.log;
    demo.deps.log = { info: () => undefined, warn: (obj, msg) => void logged.push({ obj: obj as Record<string, unknown>, msg }) };
    try {
      expectOk(await demo.call('user/sendCaptchaByEmail', { email, purpose: 'changePassword' }));
    } finally {
      demo.deps.log = original;
    }
    const code = await demo.lastCode(email);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.obj).toMatchObject({ email, code });
    for (const url of [`/api/dev/outbox?lang=en&email=${encodeURIComponent(email)}`, `/api/dev/outbox?lang=en&email=${encodeURIComponent(email.toUpperCase())}`, `/dev/mailbox?lang=en&email=${encodeURIComponent(email)}`]) {
      const res = await get(demo, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 1602 });
      expect(res.body).not.toContain(code);
    }
    // An investor's code is not logged.
    const investor = 'investor-nolog@example.com';
    demo.deps.log = { info: () => undefined, warn: (obj, msg) => void logged.push({ obj: obj as Record<string, unknown>, msg }) };
    try {
      expectOk(await demo.call('user/sendCaptchaByEmail', { email: investor, purpose: 'register' }));
    } finally {
      demo.deps.log = original;
    }
    expect(logged).toHaveLength(1);
  });

  it('listens on 127.0.0.1 in demo mode unless HOST says otherwise', () => {
    expect(loadConfig({ NIVESH_MODE: 'demo' }).host).toBe('127.0.0.1');
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NIVESH_MODE: 'production' }).host).toBe('0.0.0.0');
  });
});

describe('honest production', () => {
  it('refuses to start without an identity key', async () => {
    await expect(startTestServer({ ...PRODUCTION, IDENTITY_KEY: '' })).rejects.toThrow(/IDENTITY_KEY is required/);
  });

  it('refuses to start without SMTP_URL', async () => {
    await expect(startTestServer({ ...PRODUCTION, SMTP_URL: '' })).rejects.toThrow(/SMTP_URL is required/);
  });

  it('refuses simulated or replay prices unless ALLOW_SIMULATED_PRICES=1', async () => {
    await expect(startTestServer({ ...PRODUCTION, ALLOW_SIMULATED_PRICES: '' })).rejects.toThrow(/MARKET_PROVIDER=simulated/);
    await expect(startTestServer({ ...PRODUCTION, ALLOW_SIMULATED_PRICES: '0', MARKET_PROVIDER: 'replay' })).rejects.toThrow(/MARKET_PROVIDER=replay/);
  });

  it('with ALLOW_SIMULATED_PRICES=1 runs and still says the prices are simulated', async () => {
    const config = expectOk(await production.call<{ market: { real: boolean } }>('config/getSystemConfig', { keys: ['market'] }));
    expect(config.market.real).toBe(false);
  });
});
