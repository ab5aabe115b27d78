/**
 * Passwords and login: guessable passwords refused on register and changePassword
 * (OWASP ASVS 5.0 §6.2, 1000 naming the field, nothing changed); login throttling per account
 * and per IP with growing delays and no permanent lockout; login, register and
 * changePassword sharing one per-IP budget; no account enumeration through
 * sendCaptchaByEmail{purpose: register}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { delayAfter } from '../../src/server/domain/login-throttle.js';

let server: TestServer;
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${++seq}@example.com`;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '100000' });
});
afterAll(async () => {
  await server?.stop();
});

interface FieldErrors {
  errors: Array<{ field: string; message: string }>;
}

const GUESSABLE = ['12345678', 'password', '        ', 'password1', 'qwertyuiop', 'aaaaaaaaaaaa', 'iloveyou', 'Passw0rd!'];

const loginFrom = (ip: string, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/user/login?lang=en', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password }) }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('guessable passwords (ASVS 6.2)', () => {
  it('register refuses common, repeated and sequence passwords with 1000 naming `password`; nothing is created', async () => {
    for (const password of GUESSABLE) {
      const email = freshEmail('weak');
      expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
      const captcha = await server.lastCode(email);
      const res = await server.call<FieldErrors>('user/register', { email, password, confirmPassword: password, captcha });
      const body = expectCall(res, 400, 1000);
      expect(body.data.errors).toEqual([{ field: 'password', message: `${localeText('en', 'field.password')}: ${localeText('en', 'validation.passwordWeak')}` }]);
      expect(await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
      // The code was not used up: a strong password still registers with it.
      expectOk(await server.call('user/register', { email, password: 'a good password', confirmPassword: 'a good password', captcha }));
      server.clock.advance(61_000);
    }
  });

  it('refuses a password built from the email address', async () => {
    const email = 'rajeshkumar1987@example.com';
    expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
    const captcha = await server.lastCode(email);
    expectCall(await server.call('user/register', { email, password: 'rajeshkumar1987', confirmPassword: 'rajeshkumar1987', captcha }), 400, 1000);
  });

  it('has no composition rules: a long lower-case phrase is fine', async () => {
    const { token } = await server.registerUser(freshEmail('phrase'), 'monsoon chai on the balcony');
    expect(token).toBeTruthy();
  });

  it('changePassword refuses a guessable new password (field newPassword) and keeps the old one', async () => {
    const { email, password } = await server.registerUser(freshEmail('cpweak'));
    expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'changePassword' }));
    const captcha = await server.lastCode(email);
    const res = await server.call<FieldErrors>('user/changePassword', { email, captcha, newPassword: '12345678', confirmPassword: '12345678' }, { lang: 'de' });
    expect(expectCall(res, 400, 1000).data.errors[0]!.field).toBe('newPassword');
    expect(res.body.message).toContain(localeText('de', 'validation.passwordWeak'));
    expectOk(await server.call('user/login', { email, password }));
    expectCall(await server.call('user/login', { email, password: '12345678' }), 401, 1010);
  });
});

describe('login throttling', () => {
  it('delays grow per account after five failures; the right password waits too; a success resets', async () => {
    const { email, password } = await server.registerUser(freshEmail('throttle'));
    for (let i = 0; i < 5; i++) expectCall(await loginFrom(`198.51.100.${i + 1}`, email, 'wrong password'), 401, 1010);
    expectCall(await loginFrom('198.51.100.9', email, 'wrong password'), 401, 1010); // 6th failure: wait 1 s
    const blocked = expectCall(await loginFrom('198.51.100.10', email, password), 429, 1605);
    expect(blocked.message).toBe('Too many failed attempts. Please wait 1 s and try again.');
    server.clock.advance(1_000);
    expectCall(await loginFrom('198.51.100.10', email, 'wrong password'), 401, 1010); // 7th: 2 s
    server.clock.advance(1_000);
    expect(expectCall(await loginFrom('198.51.100.10', email, password), 429, 1605).message).toContain('1 s');
    server.clock.advance(1_000);
    expectOk(await loginFrom('198.51.100.10', email, password));
    // Reset: five free failures again.
    for (let i = 0; i < 5; i++) expectCall(await loginFrom('198.51.100.11', email, 'wrong password'), 401, 1010);
    expectOk(await loginFrom('198.51.100.11', email, password));
  });

  it('never locks an account for good: delays are capped at 5 minutes and forgotten after 15 quiet minutes', async () => {
    expect([5, 6, 7, 8, 14, 40].map((n) => delayAfter(n, 5))).toEqual([0, 1000, 2000, 4000, 256_000, 300_000]);
    const { email, password } = await server.registerUser(freshEmail('cap'));
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(`203.0.113.${i + 1}`, email, 'wrong password');
      expect([1010, 1605]).toContain(res.body.code);
      server.clock.advance(300_000);
    }
    expectOk(await loginFrom('203.0.113.200', email, password));
  }, 90_000);

  it('throttles one IP trying many accounts (per-IP delays after 20 failures)', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) expectCall(await loginFrom(ip, freshEmail('spray'), 'wrong password'), 401, 1010);
    expectCall(await loginFrom(ip, freshEmail('spray'), 'wrong password'), 401, 1010);
    expectCall(await loginFrom(ip, freshEmail('spray'), 'wrong password'), 429, 1605);
    // Another IP is unaffected.
    expectCall(await loginFrom('192.0.2.78', freshEmail('spray'), 'wrong password'), 401, 1010);
    server.clock.advance(16 * 60_000);
    expectCall(await loginFrom(ip, freshEmail('spray'), 'wrong password'), 401, 1010);
  }, 90_000);
});

describe('shared per-IP budget', () => {
  it('login, register and changePassword draw from one LOGIN_PER_IP_PER_15MIN budget', async () => {
    const limited = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '3' });
    try {
      const post = (name: string, body: unknown) =>
        limited.app.inject({ method: 'POST', url: `/api/${name}?lang=en`, remoteAddress: '198.18.0.5', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }).then((r) => ({ status: r.statusCode, body: r.json() }));
      expectCall(await post('user/login', { email: 'a@example.com', password: 'wrong password' }), 401, 1010);
      expectCall(await post('user/register', { email: 'b@example.com', password: 'a good password', confirmPassword: 'a good password', captcha: '123456' }), 400, 1020);
      expectCall(await post('user/changePassword', { email: 'c@example.com', newPassword: 'a good password', confirmPassword: 'a good password', captcha: '123456' }), 400, 1020);
      for (const [name, body] of [
        ['user/login', { email: 'a@example.com', password: 'wrong password' }],
        ['user/register', { email: 'b@example.com', password: 'a good password', confirmPassword: 'a good password', captcha: '123456' }],
        ['user/changePassword', { email: 'c@example.com', newPassword: 'a good password', confirmPassword: 'a good password', captcha: '123456' }],
      ] as const) {
        expectCall(await post(name, body), 429, 1029);
      }
      limited.clock.advance(15 * 60_000);
      expectCall(await post('user/login', { email: 'a@example.com', password: 'wrong password' }), 401, 1010);
    } finally {
      await limited.stop();
    }
  });
});
