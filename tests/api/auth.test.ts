/**
 * Accounts (docs/product.md, Accounts): register validation and result, login, user info,
 * logout, session idle timeout and absolute lifetime, password change with an emailed code,
 * and how credentials are stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { DEFAULT_SCRYPT_N, loadConfig, productionRefusals } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/domain/passwords.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { sha256 } from '../../src/server/domain/ids.js';

let server: TestServer;
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${++seq}@example.com`;

interface UserInfo {
  uid: string;
  email: string;
  role: string;
  createdAt: number;
}
interface Grant {
  token: string;
  userinfo: UserInfo;
}
interface FieldErrors {
  errors: Array<{ field: string; message: string }>;
}

beforeAll(async () => {
  // This file makes far more than 50 login/register/changePassword calls from one IP; the
  // per-IP login limit has its own test at the end with a small limit.
  server = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '1000' });
});
afterAll(async () => {
  await server?.stop();
});

async function userCount(): Promise<number> {
  const row = await server.deps.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sessionCount(): Promise<number> {
  const row = await server.deps.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sends a register code and returns a valid register body for a new address. */
async function registerBody(tag: string, password = 'a good password') {
  const email = freshEmail(tag);
  expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'register' }));
  const captcha = await server.lastCode(email);
  server.clock.advance(61_000);
  return { email, password, confirmPassword: password, captcha };
}

const register = (body: unknown) => server.call<Grant>('user/register', body);
const login = (email: string, password: string) => server.call<Grant>('user/login', { email, password });
const userInfo = (token: string) => server.call<UserInfo>('user/getUserInfo', {}, { token });

/** Asserts a refused register: 1000/400, message contains `text`, and no user or session was created. */
async function expectRegisterRefused(body: unknown, text: string, field?: string) {
  const users = await userCount();
  const sessions = await sessionCount();
  const res = await server.call<FieldErrors>('user/register', body);
  expectCall(res, 400, 1000);
  expect(res.body.message).toContain(text);
  if (field) expect(res.body.data.errors).toContainEqual({ field, message: expect.stringContaining(text) as unknown as string });
  expect(await userCount()).toBe(users);
  expect(await sessionCount()).toBe(sessions);
  return res;
}

describe('register validation', () => {
  const required = localeText('en', 'validation.required');

  it("says 'Cannot be Empty' for each missing field and lists all of them", async () => {
    expect(required).toBe('Cannot be Empty');
    const res = await expectRegisterRefused({}, required);
    const fields = res.body.data.errors.map((e) => e.field).sort();
    expect(fields).toEqual(['captcha', 'confirmPassword', 'email', 'password']);
    for (const error of res.body.data.errors) expect(error.message).toContain(required);

    const full = await registerBody('missing');
    for (const field of Object.keys(full)) {
      const body: Record<string, string> = { ...full };
      delete body[field];
      await expectRegisterRefused(body, required, field);
    }
  });

  it("says 'Cannot be Empty' for each empty-string field", async () => {
    const full = await registerBody('empty');
    for (const field of Object.keys(full)) {
      const res = await expectRegisterRefused({ ...full, [field]: '' }, required, field);
      // One error per field, not a pile of follow-up format errors.
      expect(res.body.data.errors.filter((e) => e.field === field)).toHaveLength(1);
    }
    const all = await expectRegisterRefused({ email: '', password: '', confirmPassword: '', captcha: '' }, required);
    expect(all.body.data.errors.map((e) => e.field).sort()).toEqual(['captcha', 'confirmPassword', 'email', 'password']);
    for (const error of all.body.data.errors) expect(error.message).toContain(required);
  });

  it("says 'Email Format Error' for a malformed email", async () => {
    const full = await registerBody('format');
    const text = localeText('en', 'validation.email');
    expect(text).toBe('Email Format Error');
    for (const email of ['plainaddress', 'a@', '@example.com', 'two@@example.com']) {
      await expectRegisterRefused({ ...full, email }, text, 'email');
    }
  });

  it("says 'New Password and Confirm Password Do Not Match' when they differ", async () => {
    const full = await registerBody('mismatch');
    const text = localeText('en', 'validation.passwordMismatch');
    expect(text).toBe('New Password and Confirm Password Do Not Match');
    await expectRegisterRefused({ ...full, confirmPassword: `${full.password}!` }, text, 'confirmPassword');
    // The refused attempts did not use up the code.
    expectOk(await register(full));
  });

  it('refuses a password shorter than 8 or longer than 128 characters', async () => {
    const full = await registerBody('short');
    const text = localeText('en', 'validation.passwordLength');
    for (const password of ['1234567', 'x'.repeat(129)]) {
      await expectRegisterRefused({ ...full, password, confirmPassword: password }, text, 'password');
    }
  });

  it('accepts an 8, a 64 and a 128 character password, which then log in', async () => {
    for (const length of [8, 64, 128]) {
      // Not guessable (the password rule refuses repeats like 'pppppppp'): a varied 8-character start, padded with a phrase.
      const password = `kX9#mQ2v${'monsoon river tulip '.repeat(7)}`.slice(0, length);
      const body = await registerBody(`len${length}`, password);
      const grant = expectOk(await register(body));
      expect(grant.userinfo.email).toBe(body.email);
      expectOk(await login(body.email, password));
      expectCall(await login(body.email, password.slice(0, -1)), 401, 1010);
    }
  });

  it('refuses a captcha that is not 6 digits', async () => {
    const full = await registerBody('captcha-format');
    await expectRegisterRefused({ ...full, captcha: '12345' }, localeText('en', 'validation.captchaFormat'), 'captcha');
    await expectRegisterRefused({ ...full, captcha: 'abcdef' }, localeText('en', 'validation.captchaFormat'), 'captcha');
  });

  it('refuses a non-string field with 1000', async () => {
    const full = await registerBody('types');
    await expectRegisterRefused({ ...full, password: 12345678, confirmPassword: 12345678 }, 'Expected text', 'password');
  });
});

describe('register', () => {
  it('returns {token, userinfo{uid, email, role, createdAt}} and the token works', async () => {
    const body = await registerBody('ok');
    const grant = expectOk(await register({ ...body, email: body.email.toUpperCase() }));
    expect(Object.keys(grant).sort()).toEqual(['token', 'userinfo']);
    expect(typeof grant.token).toBe('string');
    expect(grant.token.length).toBeGreaterThanOrEqual(32);
    expect(Object.keys(grant.userinfo).sort()).toEqual(['createdAt', 'email', 'role', 'uid']);
    expect(grant.userinfo).toEqual({ uid: expect.stringMatching(/^N\d{7}$/), email: body.email, role: 'investor', createdAt: server.clock.now() });
    expect(expectOk(await userInfo(grant.token))).toEqual(grant.userinfo);
  });

  it('refuses a second account for the same email without a second user row, and without telling a code-less caller that it exists', async () => {
    const { email } = await server.registerUser(freshEmail('dup'));
    const users = await userCount();
    const res = await register({ email, password: 'another password', confirmPassword: 'another password', captcha: '123456' });
    expectCall(res, 400, 1020);
    expect(await userCount()).toBe(users);
  });

  it('refuses registering without having requested a code (1020)', async () => {
    const email = freshEmail('nocode');
    const users = await userCount();
    expectCall(await register({ email, password: 'a good password', confirmPassword: 'a good password', captcha: '123456' }), 400, 1020);
    expect(await userCount()).toBe(users);
  });
});

describe('login', () => {
  it('logs in with the right password, any email case', async () => {
    const { email, password } = await server.registerUser(freshEmail('login'));
    const grant = expectOk(await login(email.toUpperCase(), password));
    expect(grant.userinfo.email).toBe(email);
    expect(expectOk(await userInfo(grant.token)).email).toBe(email);
  });

  it('answers a wrong password and an unknown email the same: 1010, HTTP 401, same message, no session', async () => {
    const { email } = await server.registerUser(freshEmail('wrongpw'));
    const sessions = await sessionCount();
    const wrongPassword = await login(email, 'not the password');
    const unknownEmail = await login(freshEmail('nobody'), 'not the password');
    expectCall(wrongPassword, 401, 1010);
    expectCall(unknownEmail, 401, 1010);
    expect(wrongPassword.body.message).toBe(localeText('en', 'error.invalidCredentials'));
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(await sessionCount()).toBe(sessions);
  });
});

describe('sessions', () => {
  it('getUserInfo returns the caller', async () => {
    const { email, token } = await server.registerUser(freshEmail('info'));
    const info = expectOk(await userInfo(token));
    expect(info).toMatchObject({ email, role: 'investor' });
    expect(info.uid).toMatch(/^N\d{7}$/);
  });

  it('logout ends only that session; its token then gets 501', async () => {
    const { email, password, token } = await server.registerUser(freshEmail('logout'));
    const other = expectOk(await login(email, password)).token;
    expect(expectOk(await server.call('user/logout', {}, { token }))).toBeNull();
    expectCall(await userInfo(token), 401, 501);
    expectCall(await server.call('user/logout', {}, { token }), 401, 501);
    expectOk(await userInfo(other));
  });

  it('a session revoked by another process is refused once the sessions topic arrives (501)', async () => {
    const { email, password } = await server.registerUser(freshEmail('elsewhere'));
    const { token } = expectOk(await login(email, password));
    expectOk(await userInfo(token)); // resolved once: kept in memory
    // Another process revokes it: the row changes, and that process announces the topic.
    await server.deps.db.updateTable('sessions').set({ revoked_at: server.clock.now() }).where('revoked_at', 'is', null).where('token_hash', '=', sha256(token)).execute();
    await server.deps.announce!('sessions');
    expectCall(await userInfo(token), 401, 501);
  });

  it('ends a session idle for config.session.idleMs (501)', async () => {
    const idle = server.config.session.idleMs;
    const { email, password } = await server.registerUser(freshEmail('idle'));
    const { token } = expectOk(await login(email, password));
    server.clock.advance(idle - 1_000);
    expectOk(await userInfo(token)); // activity resets the idle timer
    server.clock.advance(idle - 1_000);
    expectOk(await userInfo(token));
    server.clock.advance(idle);
    expectCall(await userInfo(token), 401, 501);
    // Activity after expiry does not revive it.
    expectCall(await userInfo(token), 401, 501);
  });

  it('ends a session after config.session.absoluteMs even when used every few hours (501)', async () => {
    const { absoluteMs, idleMs } = server.config.session;
    const step = 6 * 3_600_000;
    expect(step).toBeLessThan(idleMs);
    const { email, password } = await server.registerUser(freshEmail('absolute'));
    const grant = expectOk(await login(email, password));
    const start = server.clock.now();
    let used = 0;
    while (server.clock.now() + step < start + absoluteMs) {
      server.clock.advance(step);
      expectOk(await userInfo(grant.token));
      used++;
    }
    expect(used).toBeGreaterThan(10);
    // Never idle for long: only the absolute lifetime can end it.
    server.clock.set(start + absoluteMs - 1);
    expectOk(await userInfo(grant.token));
    server.clock.set(start + absoluteMs);
    expectCall(await userInfo(grant.token), 401, 501);
    // Logging in again gives a fresh session.
    expectOk(await userInfo(expectOk(await login(email, password)).token));
  });
});

describe('changePassword', () => {
  const changeBody = (email: string, captcha: string, newPassword: string) => ({ email, captcha, newPassword, confirmPassword: newPassword });

  it('as a visitor with the emailed code: ends ALL sessions, old password fails, new works', async () => {
    const { email, password, token } = await server.registerUser(freshEmail('visitor'));
    const second = expectOk(await login(email, password)).token;
    expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'changePassword' }));
    const code = await server.lastCode(email);

    expect(expectOk(await server.call('user/changePassword', changeBody(email, code, 'brand new password')))).toBeNull();
    expectCall(await userInfo(token), 401, 501);
    expectCall(await userInfo(second), 401, 501);
    expectCall(await login(email, password), 401, 1010);
    const fresh = expectOk(await login(email, 'brand new password'));
    expectOk(await userInfo(fresh.token));
  });

  it('while logged in: keeps the caller session, ends the others', async () => {
    const { email, password, token } = await server.registerUser(freshEmail('loggedin'));
    const other = expectOk(await login(email, password)).token;
    expectOk(await server.call('user/sendCaptcha', {}, { token }));
    const code = await server.lastCode(email);

    expectOk(await server.call('user/changePassword', changeBody(email, code, 'my next password'), { token }));
    expectOk(await userInfo(token));
    expectCall(await userInfo(other), 401, 501);
    expectCall(await login(email, password), 401, 1010);
    expectOk(await login(email, 'my next password'));
  });

  it("a logged-in user changing another account's password does not keep a session of that account", async () => {
    const a = await server.registerUser(freshEmail('caller'));
    const b = await server.registerUser(freshEmail('target'));
    expectOk(await server.call('user/sendCaptchaByEmail', { email: b.email, purpose: 'changePassword' }));
    const code = await server.lastCode(b.email);
    expectOk(await server.call('user/changePassword', changeBody(b.email, code, 'b next password'), { token: a.token }));
    expectOk(await userInfo(a.token));
    expectCall(await userInfo(b.token), 401, 501);
  });

  it('refuses a wrong code (1020) and changes nothing', async () => {
    const { email, password, token } = await server.registerUser(freshEmail('wrongcode'));
    expectOk(await server.call('user/sendCaptchaByEmail', { email, purpose: 'changePassword' }));
    const code = await server.lastCode(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectCall(await server.call('user/changePassword', changeBody(email, wrongCode, 'never applied pw')), 400, 1020);
    expectOk(await userInfo(token));
    expectOk(await login(email, password));
    expectCall(await login(email, 'never applied pw'), 401, 1010);
  });

  it('refuses an unknown email (1020) and creates no user', async () => {
    const email = freshEmail('unknown-change');
    const users = await userCount();
    expectCall(await server.call('user/changePassword', changeBody(email, '123456', 'whatever password')), 400, 1020);
    expect(await userCount()).toBe(users);
  });

  it('validates the new password: empty, too short, mismatch', async () => {
    const { email, password } = await server.registerUser(freshEmail('cpvalid'));
    const required = localeText('en', 'validation.required');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ email, captcha: '123456', newPassword: '', confirmPassword: '' }, required, 'newPassword'],
      [{ email, captcha: '123456', newPassword: 'short', confirmPassword: 'short' }, localeText('en', 'validation.passwordLength'), 'newPassword'],
      [{ email, captcha: '123456', newPassword: 'long enough one', confirmPassword: 'long enough two' }, localeText('en', 'validation.passwordMismatch'), 'confirmPassword'],
      [{ email, captcha: '123456', newPassword: 'long enough one' }, required, 'confirmPassword'],
    ];
    for (const [body, text, field] of cases) {
      const res = await server.call<FieldErrors>('user/changePassword', body);
      expectCall(res, 400, 1000);
      expect(res.body.message).toContain(text);
      expect(res.body.data.errors.map((e) => e.field)).toContain(field);
    }
    expectOk(await login(email, password));
  });
});

describe('credential storage', () => {
  it('stores only a hash of the token: no sessions column equals it', async () => {
    const { email, password } = await server.registerUser(freshEmail('tokenhash'));
    const grant = expectOk(await login(email, password));
    const rows = await server.deps.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const value of Object.values(row)) {
        expect(String(value)).not.toBe(grant.token);
        expect(String(value)).not.toContain(grant.token);
      }
    }
  });

  it('stores the password as a scrypt hash', async () => {
    const password = 'stored password 123';
    const { email } = await server.registerUser(freshEmail('pwhash'), password);
    const row = await server.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    for (const value of Object.values(row)) expect(String(value)).not.toContain(password);
    // Two users with the same password get different hashes (salted).
    const { email: twin } = await server.registerUser(freshEmail('pwhash-twin'), password);
    const twinRow = await server.deps.db.selectFrom('users').select('password_hash').where('email', '=', twin).executeTakeFirstOrThrow();
    expect(twinRow.password_hash).not.toBe(row.password_hash);
  });

  it('hashes with the configured scrypt cost, and a hash made at another cost still logs in', async () => {
    const password = 'cost password 123';
    const { email } = await server.registerUser(freshEmail('pwcost'), password);
    const row = await server.deps.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash.split('$')[1]).toBe(String(server.config.passwordScryptN));
    // The same password hashed at the production cost: verification reads the cost from the hash.
    await server.deps.db.updateTable('users').set({ password_hash: await hashPassword(password, DEFAULT_SCRYPT_N) }).where('email', '=', email).execute();
    expectOk(await server.call('user/login', { email, password }));
  });

  it('takes PASSWORD_SCRYPT_N as a power of two, and production refuses a cost below the default', () => {
    expect(loadConfig({}).passwordScryptN).toBe(DEFAULT_SCRYPT_N);
    expect(loadConfig({ PASSWORD_SCRYPT_N: '2048' }).passwordScryptN).toBe(2048);
    for (const bad of ['1000', '512', 'abc', '4194304']) expect(() => loadConfig({ PASSWORD_SCRYPT_N: bad })).toThrow(/PASSWORD_SCRYPT_N/);
    const production = { NIVESH_MODE: 'production', SMTP_URL: 'smtp://x', ALLOW_SIMULATED_PRICES: '1' };
    expect(productionRefusals(loadConfig(production))).toEqual([]);
    expect(productionRefusals(loadConfig({ ...production, PASSWORD_SCRYPT_N: '1024' }))).toEqual([expect.stringContaining('PASSWORD_SCRYPT_N')]);
  });
});

describe('login rate limit', () => {
  it('refuses logins past LOGIN_PER_IP_PER_15MIN with 1029 (HTTP 429)', async () => {
    const limited = await startTestServer({ LOGIN_PER_IP_PER_15MIN: '3' });
    try {
      const attempt = async () => {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/user/login?lang=en',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x@example.com', password: 'wrong password' }),
        });
        return { status: res.statusCode, body: res.json() };
      };
      for (let i = 0; i < 3; i++) expectCall(await attempt(), 401, 1010);
      const refused = await attempt();
      expectCall(refused, 429, 1029);
      expect(refused.body.message).toBe(localeText('en', 'error.rateLimited'));
    } finally {
      await limited.stop();
    }
  });
});
