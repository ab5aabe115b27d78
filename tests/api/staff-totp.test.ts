/**
 * The staff second factor with `STAFF_TOTP=required`: an operator signs in with the password
 * to a session that may only enrol; enrolment (RFC 6238 code from the secret) gives ten
 * recovery codes; then `user/login` asks for the code (1654, field error on `otp`), refuses a
 * wrong or replayed one (1655), accepts a recovery code once; another operator's reset ends
 * the sessions; every step is audited. Investors are never asked. The demo seed writes the
 * staff secrets beside the passwords.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerWithRoles } from '../support/roles.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { createUser } from '../../src/server/domain/users.js';
import { totpCode } from '../../src/server/domain/staff-totp.js';
import { seedDemo } from '../../src/server/demo/seed.js';

const ctx = useServerWithRoles({ LOGIN_PER_IP_PER_15MIN: '1000', STAFF_TOTP: 'required' });

interface Status {
  state: string;
  required: boolean;
  secret: string | null;
  otpauthUri: string | null;
  qr: string | null;
  recoveryCodesLeft: number;
}

const staff = { email: `staff-${randomUUID().slice(0, 8)}@example.com`, password: 'staff password 1' };
let staffUid: string;
let secret: string;
let recovery: string[];

/** A 6-digit code the authenticator does not show around `now` (the steps before, at and after). */
function wrongCode(base32: string, now: number): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpCode(base32, now + d)));
  let code = 0;
  while (valid.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

const login = (body: Record<string, unknown>) => ctx.server.call<{ token: string; errors?: Array<{ field: string }> }>('user/login', body);
const audits = async (action: string) => (await ctx.server.deps.db.selectFrom('audit_log').select('action').where('action', '=', action).execute()).length;

beforeAll(async () => {
  await createUser(ctx.server.deps, { ...staff, role: 'operator' });
});

describe('staff second factor (STAFF_TOTP=required)', () => {
  it('a staff member who has not enrolled may only enrol; enrolment activates the authenticator', async () => {
    const token = expectOk(await login(staff)).token;
    staffUid = expectOk(await ctx.server.call<{ uid: string }>('user/getUserInfo', {}, { token })).uid;
    expectCall(await ctx.server.call('admin/recharge/list', {}, { token }), 403, 1656);
    expectCall(await ctx.server.call('purse/getAssets', {}, { token }), 403, 1656);
    expect(expectOk(await ctx.server.call<Status>('staff/totp/status', {}, { token }))).toMatchObject({ state: 'none', required: true, secret: null });
    expectCall(await ctx.server.call('staff/totp/confirm', { code: '123456' }, { token }), 409, 1658);

    const started = expectOk(await ctx.server.call<Status>('staff/totp/start', {}, { token }));
    expect(started.state).toBe('pending');
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/Nivesh:.+\?.*secret=/);
    expect(started.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    secret = started.secret!.replace(/\s+/g, '');
    expect(new URL(started.otpauthUri!).searchParams.get('secret')).toBe(secret);

    const now = ctx.server.clock.now();
    const wrong = wrongCode(secret, now);
    expectCall(await ctx.server.call('staff/totp/confirm', { code: wrong }, { token }), 403, 1655);
    expectCall(await ctx.server.call('staff/totp/confirm', { code: 'abc' }, { token }), 400, 1000);
    const enrolled = expectOk(await ctx.server.call<{ recoveryCodes: string[]; recoveryCodesText: string }>('staff/totp/confirm', { code: totpCode(secret, now) }, { token }));
    recovery = enrolled.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // Stored as hashes only.
    const stored = await ctx.server.deps.db.selectFrom('staff_recovery_codes').select('code_hash').execute();
    for (const code of recovery) expect(stored.map((r) => r.code_hash)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!.replace(/-/g, ''));
    // The session that enrolled may now work; the secret is no longer shown.
    expectOk(await ctx.server.call('admin/recharge/list', {}, { token }));
    expect(expectOk(await ctx.server.call<Status>('staff/totp/status', {}, { token }))).toMatchObject({ state: 'active', secret: null, qr: null, recoveryCodesLeft: 10 });
    expectCall(await ctx.server.call('staff/totp/start', {}, { token }), 409, 1657);
    expect(await audits('totp.enrol')).toBe(1);
  });

  it('login then asks for the code, refuses a wrong or replayed one and accepts the current one', async () => {
    ctx.server.clock.advance(60_000);
    const missing = await login(staff);
    expect(expectCall(missing, 403, 1654).data.errors?.[0]?.field).toBe('otp');
    const wrong = await login({ ...staff, otp: wrongCode(secret, ctx.server.clock.now()) });
    expect(expectCall(wrong, 403, 1655).data.errors?.[0]?.field).toBe('otp');
    // A wrong password is still the password's answer, code or not.
    expectCall(await login({ ...staff, password: 'nope nope nope', otp: totpCode(secret, ctx.server.clock.now()) }), 401, 1010);
    const code = totpCode(secret, ctx.server.clock.now());
    const token = expectOk(await login({ ...staff, otp: code })).token;
    expectOk(await ctx.server.call('admin/recharge/list', {}, { token }));
    // The same code again (same time step): refused.
    expectCall(await login({ ...staff, otp: code }), 403, 1655);
    expect(await audits('totp.use')).toBe(1);
  });

  it('a recovery code works once', async () => {
    const token = expectOk(await login({ ...staff, otp: recovery[0]!.toUpperCase() })).token;
    expectOk(await ctx.server.call('admin/recharge/list', {}, { token }));
    expectCall(await login({ ...staff, otp: recovery[0]! }), 403, 1655);
    expect(await audits('totp.recovery')).toBe(1);
    expect(expectOk(await ctx.server.call<Status>('staff/totp/status', {}, { token })).recoveryCodesLeft).toBe(9);
  });

  it('investors are never asked and cannot enrol', async () => {
    const investor = await ctx.server.registerUser();
    expectOk(await login({ email: investor.email, password: investor.password }));
    expectOk(await ctx.server.call('purse/getAssets', {}, { token: investor.token }));
    expectCall(await ctx.server.call('staff/totp/start', {}, { token: investor.token }), 403, 1659);
  });

  it('another operator resets it (audited, sessions end); nobody resets their own', async () => {
    ctx.server.clock.advance(60_000);
    const staffToken = expectOk(await login({ ...staff, otp: totpCode(secret, ctx.server.clock.now()) })).token;
    // ctx.operator has not enrolled: the reset waits for that operator's own enrolment.
    expectCall(await ctx.server.call('admin/staff/resetTotp', { uid: staffUid }, { token: ctx.operator }), 403, 1656);
    expectCall(await ctx.server.call('admin/staff/resetTotp', { uid: staffUid }, { token: staffToken }), 403, 1603);
    const investor = await ctx.server.registerUser();
    const investorUid = expectOk(await ctx.server.call<{ uid: string }>('user/getUserInfo', {}, { token: investor.token })).uid;
    expectCall(await ctx.server.call('admin/staff/resetTotp', { uid: investorUid }, { token: staffToken }), 404, 1660);

    // A second enrolled operator resets the first one's authenticator.
    const other = { email: `staff2-${randomUUID().slice(0, 8)}@example.com`, password: 'staff password 2' };
    await createUser(ctx.server.deps, { ...other, role: 'operator' });
    const otherToken = expectOk(await login(other)).token;
    const otherSecret = expectOk(await ctx.server.call<Status>('staff/totp/start', {}, { token: otherToken })).secret!.replace(/\s+/g, '');
    expectOk(await ctx.server.call('staff/totp/confirm', { code: totpCode(otherSecret, ctx.server.clock.now()) }, { token: otherToken }));
    expect(expectOk(await ctx.server.call<{ state: string }>('admin/staff/resetTotp', { uid: staffUid }, { token: otherToken })).state).toBe('none');
    expectCall(await ctx.server.call('user/getUserInfo', {}, { token: staffToken }), 401, 501);
    expect(await audits('totp.reset')).toBe(1);
    // The next sign-in is by password to an enrol-only session.
    const fresh = expectOk(await login(staff)).token;
    expectCall(await ctx.server.call('admin/recharge/list', {}, { token: fresh }), 403, 1656);
    expect(expectOk(await ctx.server.call<Status>('staff/totp/status', {}, { token: fresh })).state).toBe('none');
  });

  it('the demo seed gives operator and editor an authenticator and writes the secrets beside the passwords', async () => {
    const credentials = await seedDemo(ctx.server.deps);
    const file = JSON.parse(fs.readFileSync(path.join(ctx.server.config.dataDir, 'demo-credentials.json'), 'utf8')) as typeof credentials;
    for (const role of ['operator', 'editor'] as const) {
      const entry = file[role];
      expect(entry.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expectCall(await login({ email: entry.email, password: entry.password }), 403, 1654);
      expectOk(await login({ email: entry.email, password: entry.password, otp: totpCode(entry.totpSecret!, ctx.server.clock.now()) }));
    }
    expect(file.investor).not.toHaveProperty('totpSecret');
    expectOk(await login({ email: file.investor.email, password: file.investor.password }));
  });
});
