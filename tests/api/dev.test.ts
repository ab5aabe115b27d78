/**
 * Demo mailbox (issue 2 §2): `GET /api/dev/outbox` and the `/dev/mailbox` page exist in demo
 * mode only, list the local outbox and escape what they show.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectEnvelopeShape, expectOk, localeText } from '../support/envelope.js';

let demo: TestServer;
let production: TestServer;

beforeAll(async () => {
  [demo, production] = await Promise.all([startTestServer(), startTestServer({ NIVESH_MODE: 'production', IDENTITY_KEY: randomBytes(32).toString('base64') })]);
});
afterAll(async () => {
  await Promise.all([demo?.stop(), production?.stop()]);
});

const get = (server: TestServer, url: string) => server.app.inject({ method: 'GET', url });

describe('production mode', () => {
  it('has no /api/dev/outbox (404, code 1044) even when mail was sent', async () => {
    expect(production.config.mode).toBe('production');
    const email = 'prod-user@example.com';
    expectOk(await production.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
    for (const url of ['/api/dev/outbox', `/api/dev/outbox?email=${encodeURIComponent(email)}`]) {
      const res = await get(production, `${url}${url.includes('?') ? '&' : '?'}lang=en`);
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expectEnvelopeShape(body);
      expect(body.code).toBe(1044);
      expect(JSON.stringify(body)).not.toContain(email);
    }
  });

  it('does not serve the mailbox page at /dev/mailbox', async () => {
    const res = await get(production, '/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Demo mailbox');
    expect(res.body).not.toContain('prod-user@example.com');
  });
});

describe('demo mode', () => {
  it('lists outbox mail as JSON, filtered by email (any case), newest first', async () => {
    const a = 'mailbox-a@example.com';
    const b = 'mailbox-b@example.com';
    expectOk(await demo.call('user/sendCaptchaByEmail', { email: a, purpose: 'register' }));
    demo.clock.advance(1_000);
    expectOk(await demo.call('user/sendCaptchaByEmail', { email: b, purpose: 'register' }));

    const all = await get(demo, '/api/dev/outbox?lang=en');
    const everything = expectOk({ status: all.statusCode, body: all.json() }) as Array<{ to: string; sentAt: number }>;
    expect(everything.map((m) => m.to).slice(0, 2)).toEqual([b, a]);

    const only = await get(demo, `/api/dev/outbox?lang=en&email=${encodeURIComponent(a.toUpperCase())}`);
    const mails = expectOk({ status: only.statusCode, body: only.json() }) as Array<{ to: string; subject: string; text: string; sentAt: number }>;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toEqual({ to: a, subject: localeText('en', 'mail.captcha.subject'), text: expect.stringMatching(/\b\d{6}\b/), sentAt: demo.clock.now() - 1_000 });
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

describe('production mode without an identity key', () => {
  it('refuses to start', async () => {
    await expect(startTestServer({ NIVESH_MODE: 'production' })).rejects.toThrow(/IDENTITY_KEY is required/);
  });
});
