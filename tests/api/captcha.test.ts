/**
 * Emailed verification codes: 6 digits, mailed to the outbox, 60 s resend
 * cooldown, 5 attempts, 10 minute validity, single use, hourly limits per email and per IP,
 * and the purpose rules (register on a taken email, changePassword on an unknown one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectEnvelopeShape, expectOk, localeText } from '../support/envelope.js';

let server: TestServer;
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${++seq}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: number;
}

async function outbox(email: string): Promise<OutboxMail[]> {
  const res = await server.app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(email)}&lang=en` });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expectEnvelopeShape(body);
  expect(body.code).toBe(200);
  return body.data as OutboxMail[];
}

async function userExists(email: string): Promise<boolean> {
  return !!(await server.deps.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst());
}

const send = (email: string, purpose: 'register' | 'changePassword' = 'register') =>
  server.call('user/sendCaptchaByEmail', { email, purpose });

const register = (email: string, captcha: string, password = 'a good password') =>
  server.call<{ token: string }>('user/register', { email, password, confirmPassword: password, captcha });

/** A 6-digit code different from `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('sending a code', () => {
  it('mails a 6-digit code, readable at /api/dev/outbox newest first', async () => {
    const email = freshEmail('send');
    expect(await outbox(email)).toEqual([]);
    expect(expectOk(await send(email))).toBeNull();

    const first = await outbox(email);
    expect(first).toHaveLength(1);
    const mail = first[0]!;
    expect(Object.keys(mail).sort()).toEqual(['id', 'sentAt', 'subject', 'text', 'to']);
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe(localeText('en', 'mail.captcha.subject'));
    expect(mail.sentAt).toBe(server.clock.now());
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('10');

    server.clock.advance(60_000);
    expectOk(await send(email));
    const both = await outbox(email);
    expect(both).toHaveLength(2);
    expect(both[0]!.sentAt).toBeGreaterThan(both[1]!.sentAt);
    expect(both[1]!.text).toBe(mail.text);
    // The newest code is the one that works.
    const newest = /\b(\d{6})\b/.exec(both[0]!.text)![1]!;
    expectOk(await register(email, newest));
  });

  it('mails in the language of the request', async () => {
    const email = freshEmail('lang');
    expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'register' }, { lang: 'de' }));
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe(localeText('de', 'mail.captcha.subject'));
  });

  it('stores the code only as a hash', async () => {
    const email = freshEmail('hash');
    expectOk(await send(email));
    const code = await server.lastCode(email);
    const row = await server.deps.db.selectFrom('captchas').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    for (const value of Object.values(row)) expect(String(value)).not.toContain(code);
  });

  it('refuses a resend within 60 s (1023, HTTP 429) and allows it after 60 s', async () => {
    const email = freshEmail('cooldown');
    expectOk(await send(email));
    server.clock.advance(59_000);
    const early = await send(email);
    expectCall(early, 429, 1023);
    expect(early.body.message).toMatch(/\b1\b/); // seconds left
    expect(await outbox(email)).toHaveLength(1);

    server.clock.advance(1_000);
    expectOk(await send(email));
    expect(await outbox(email)).toHaveLength(2);
  });

  it('applies the cooldown to differently cased spellings of one address', async () => {
    const email = freshEmail('case');
    expectOk(await send(email));
    expectCall(await send(email.toUpperCase()), 429, 1023);
    expect(await outbox(email)).toHaveLength(1);
  });

  it('refuses an invalid email and an unknown purpose without mailing', async () => {
    const bad = await send('not-an-email');
    expectCall(bad, 400, 1000);
    expect(bad.body.message).toContain(localeText('en', 'validation.email'));
    const email = freshEmail('purpose');
    expectCall(await server.call('user/sendCaptchaByEmail', { email, purpose: 'login' }), 400, 1000);
    expectCall(await server.call('user/sendCaptchaByEmail', { email }), 400, 1000);
    expect(await outbox(email)).toEqual([]);
  });
});

describe('checking a code', () => {
  it('allows 4 wrong tries (1020), the 5th wrong one uses up the code (1022), then even the right code fails', async () => {
    const email = freshEmail('attempts');
    expectOk(await send(email));
    const code = await server.lastCode(email);
    for (let i = 1; i <= 4; i++) {
      const res = await register(email, wrong(code, i));
      expectCall(res, 400, 1020);
      expect(res.body.message).toBe(localeText('en', 'error.captchaInvalid'));
    }
    const fifth = await register(email, wrong(code, 5));
    expectCall(fifth, 400, 1022);
    expect(fifth.body.message).toBe(localeText('en', 'error.captchaAttempts'));
    expectCall(await register(email, code), 400, 1022);
    expect(await userExists(email)).toBe(false);

    // A new code (after the cooldown) starts over.
    server.clock.advance(60_000);
    expectOk(await send(email));
    expectOk(await register(email, await server.lastCode(email)));
    expect(await userExists(email)).toBe(true);
  });

  it('expires a code after 10 minutes (1021)', async () => {
    const email = freshEmail('expiry');
    expectOk(await send(email));
    const code = await server.lastCode(email);
    server.clock.advance(10 * 60_000);
    const res = await register(email, code);
    expectCall(res, 400, 1021);
    expect(res.body.message).toBe(localeText('en', 'error.captchaExpired'));
    expect(await userExists(email)).toBe(false);
  });

  it('accepts a code just before its 10 minutes are up', async () => {
    const email = freshEmail('almost');
    expectOk(await send(email));
    const code = await server.lastCode(email);
    server.clock.advance(10 * 60_000 - 1_000);
    expectOk(await register(email, code));
  });

  it('accepts a code only once', async () => {
    const { email } = await server.registerUser(freshEmail('once'));
    expectOk(await send(email, 'changePassword'));
    const code = await server.lastCode(email);
    const change = (newPassword: string) =>
      server.call('user/changePassword', { email, captcha: code, newPassword, confirmPassword: newPassword });
    expectOk(await change('first new password'));
    expectCall(await change('second new password'), 400, 1020);
    // The refused second use did not change the password.
    expectOk(await server.call('user/login', { email, password: 'first new password' }));
    expectCall(await server.call('user/login', { email, password: 'second new password' }), 401, 1010);
  });

  it('does not accept a code sent for another purpose', async () => {
    const { email } = await server.registerUser(freshEmail('purpose-mix'));
    // A register code for a new address cannot change someone's password, and vice versa.
    const other = freshEmail('purpose-new');
    expectOk(await send(other, 'register'));
    const registerCode = await server.lastCode(other);
    expectCall(
      await server.call('user/changePassword', { email: other, captcha: registerCode, newPassword: 'whatever river 123', confirmPassword: 'whatever river 123' }),
      400,
      1020,
    );
    expectOk(await send(email, 'changePassword'));
    const changeCode = await server.lastCode(email);
    expectCall(await register(other, changeCode), 400, 1020);
    expect(await userExists(other)).toBe(false);
  });
});

describe('hourly limits', () => {
  it('refuses the 6th code for one email within an hour (1029) even after cooldowns', async () => {
    expect(server.config.captcha.perEmailPerHour).toBe(5);
    const email = freshEmail('per-email');
    for (let i = 0; i < 5; i++) {
      expectOk(await send(email));
      server.clock.advance(61_000);
    }
    const sixth = await send(email);
    expectCall(sixth, 429, 1029);
    expect(sixth.body.message).toBe(localeText('en', 'error.rateLimited'));
    expect(await outbox(email)).toHaveLength(5);

    // The window slides: an hour after the first code, one more is allowed.
    server.clock.advance(60 * 60_000 - 5 * 61_000 + 1);
    expectOk(await send(email));
    expect(await outbox(email)).toHaveLength(6);
  });

  it('limits codes per IP (CAPTCHA_PER_IP_PER_HOUR=2)', async () => {
    const limited = await startTestServer({ CAPTCHA_PER_IP_PER_HOUR: '2' });
    try {
      const sendFrom = (email: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/sendCaptchaByEmail?lang=en',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email, purpose: 'register' }),
        });
      const countMails = async () =>
        Number((await limited.deps.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

      expect((await sendFrom('ip-a@example.com', '203.0.113.7')).json().code).toBe(200);
      expect((await sendFrom('ip-b@example.com', '203.0.113.7')).json().code).toBe(200);
      const third = await sendFrom('ip-c@example.com', '203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 1029, data: null });
      expect(await countMails()).toBe(2);

      // Another IP is not affected.
      const elsewhere = await sendFrom('ip-c@example.com', '198.51.100.1');
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.json().code).toBe(200);
      expect(await countMails()).toBe(3);

      // After an hour the first IP may send again.
      limited.clock.advance(60 * 60_000);
      expect((await sendFrom('ip-d@example.com', '203.0.113.7')).json().code).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('purposes', () => {
  it('answers a register request for a registered email like a new one and mails the owner a notice without a code', async () => {
    const { email } = await server.registerUser(freshEmail('taken'));
    const fresh = await send(freshEmail('not-taken'), 'register');
    const before = (await outbox(email)).length;
    const res = await send(email.toUpperCase(), 'register');
    expectCall(res, 200, 200);
    expect(res.body).toEqual(fresh.body);
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe(localeText('en', 'mail.registerExisting.subject'));
    expect(mails[0]!.text).not.toMatch(/\b\d{6}\b/);
    // The cooldown applies alike, so timing of a second request tells nothing either.
    expectCall(await send(email, 'register'), 429, 1023);
    // Nobody can register the address: the code never left the server.
    const users = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('answers a changePassword code for an unknown email like a sent one but mails nothing', async () => {
    const email = freshEmail('ghost');
    const res = await send(email, 'changePassword');
    expectCall(res, 200, 200);
    expect(res.body.data).toBeNull();
    expect(await outbox(email)).toEqual([]);
    const rows = await server.deps.db.selectFrom('captchas').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
    expect(await userExists(email)).toBe(false);
  });

  it('mails a changePassword code for a known email', async () => {
    const { email } = await server.registerUser(freshEmail('known'));
    const before = (await outbox(email)).length;
    expectOk(await send(email, 'changePassword'));
    expect(await outbox(email)).toHaveLength(before + 1);
  });

  it('user/sendCaptcha mails a code to the logged-in user own email', async () => {
    const { email, token } = await server.registerUser(freshEmail('own'));
    const other = await server.registerUser(freshEmail('bystander'));
    const before = (await outbox(email)).length;
    const otherBefore = (await outbox(other.email)).length;
    expectOk(await server.call('user/sendCaptcha', {}, { token }));
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.text).toMatch(/\b\d{6}\b/);
    expect(await outbox(other.email)).toHaveLength(otherBefore);

    // The code works for a password change of that account.
    const code = await server.lastCode(email);
    expectOk(await server.call('user/changePassword', { email, captcha: code, newPassword: 'own new password', confirmPassword: 'own new password' }, { token }));
    // And the cooldown applies to it.
    expectCall(await server.call('user/sendCaptcha', {}, { token }), 429, 1023);
  });

  it('user/sendCaptcha needs a token (501) and mails nothing', async () => {
    const before = Number((await server.deps.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expectCall(await server.call('user/sendCaptcha', {}), 401, 501);
    const after = Number((await server.deps.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });
});
