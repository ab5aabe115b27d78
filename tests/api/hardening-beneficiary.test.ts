/**
 * The deposit beneficiary: operators propose the account investors transfer to (holder, bank,
 * account number, IFSC, UPI ID), validated; a change has no effect until a second, different
 * operator approves it (four eyes, every step audited); investors read the live one with a UPI
 * link, QR code and its version from `pay/beneficiary`; each deposit records the version the
 * investor was shown and a stale one is refused; investors cannot change it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerWithRoles } from '../support/roles.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { operatorToken, rechargeBody, uploadScreenshot } from '../support/money.js';

const ctx = useServerWithRoles();
let second: string;

beforeAll(async () => {
  second = await operatorToken(ctx.server);
});

const GOOD = { holderName: 'Nivesh Client Money A/c', bankName: 'ICICI Bank', accountNumber: '000405001234', ifsc: 'icic0000004', upiId: 'Nivesh.Collect@ICICI' };
const NORMALIZED = { ...GOOD, ifsc: 'ICIC0000004', upiId: 'nivesh.collect@icici' };

interface Change extends Record<string, unknown> {
  id: string;
  status: string;
  version: number | null;
}

const audits = (action: string) => ctx.server.deps.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('created_at').execute();

describe('deposit beneficiary under four eyes', () => {
  it('answers 1609 until a change is approved', async () => {
    expectCall(await ctx.server.call('pay/beneficiary', {}, { token: ctx.investor }), 409, 1609);
    expect(expectOk(await ctx.server.call('admin/beneficiary/get', {}, { token: ctx.operator }))).toEqual({});
    expect(expectOk(await ctx.server.call('admin/beneficiary/pending', {}, { token: ctx.operator }))).toEqual({ pending: false, change: null, current: null });
  });

  it("one operator's save has no effect until a second, different operator approves it", async () => {
    const proposed = expectOk(await ctx.server.call<Change>('admin/beneficiary/save', GOOD, { token: ctx.operator }));
    expect(proposed).toMatchObject({ ...NORMALIZED, status: 'pending', version: null });
    // Nothing live yet: investors still get 1609, operators see the waiting change.
    expectCall(await ctx.server.call('pay/beneficiary', {}, { token: ctx.investor }), 409, 1609);
    const pending = expectOk(await ctx.server.call<{ pending: boolean; change: Change }>('admin/beneficiary/pending', {}, { token: second }));
    expect(pending.pending).toBe(true);
    expect(pending.change).toMatchObject({ id: proposed.id, ...NORMALIZED });
    // A second proposal while one waits is refused.
    expectCall(await ctx.server.call('admin/beneficiary/save', { ...GOOD, bankName: 'Other Bank' }, { token: second }), 409, 1650);
    // The proposer cannot approve their own change.
    expectCall(await ctx.server.call('admin/beneficiary/approve', { id: proposed.id }, { token: ctx.operator }), 403, 1603);
    expectCall(await ctx.server.call('pay/beneficiary', {}, { token: ctx.investor }), 409, 1609);

    const approved = expectOk(await ctx.server.call<Change>('admin/beneficiary/approve', { id: proposed.id }, { token: second }));
    expect(approved).toMatchObject({ status: 'approved', version: 1 });
    const view = expectOk(await ctx.server.call<Record<string, string | number>>('pay/beneficiary', {}, { token: ctx.investor }));
    expect(view).toMatchObject({ ...NORMALIZED, beneficiaryVersion: 1, upiUri: 'upi://pay?pa=nivesh.collect%40icici&pn=Nivesh+Client+Money+A%2Fc&cu=INR' });
    expect(String(view.upiQr)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(String(view.upiQr).split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Decided once.
    expectCall(await ctx.server.call('admin/beneficiary/approve', { id: proposed.id }, { token: second }), 409, 1652);
    expectCall(await ctx.server.call('admin/beneficiary/reject', { id: proposed.id, reason: 'late' }, { token: second }), 409, 1652);
    expectCall(await ctx.server.call('admin/beneficiary/approve', { id: 'nope' }, { token: second }), 404, 1651);

    const [propose] = await audits('beneficiary.propose');
    expect(JSON.parse(propose!.after_json!)).toEqual(NORMALIZED);
    const [update] = await audits('beneficiary.update');
    expect(update!.before_json).toBe('null');
    expect(JSON.parse(update!.after_json!)).toMatchObject({ ...NORMALIZED, version: 1, changeId: proposed.id });
  });

  it('a rejected change leaves the live beneficiary as it was (audited)', async () => {
    const proposed = expectOk(await ctx.server.call<Change>('admin/beneficiary/save', { ...GOOD, accountNumber: '999999999999', upiId: 'mallory@evilupi' }, { token: second }));
    expectCall(await ctx.server.call('admin/beneficiary/reject', { id: proposed.id, reason: '' }, { token: ctx.operator }), 400, 1000);
    const rejected = expectOk(await ctx.server.call<Change>('admin/beneficiary/reject', { id: proposed.id, reason: 'Not our account' }, { token: ctx.operator }));
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Not our account', version: null });
    const view = expectOk(await ctx.server.call<Record<string, unknown>>('pay/beneficiary', {}, { token: ctx.investor }));
    expect(view).toMatchObject({ accountNumber: NORMALIZED.accountNumber, beneficiaryVersion: 1 });
    expect(await audits('beneficiary.reject')).toHaveLength(1);
  });

  it('every deposit records the version the investor was shown; a stale version is refused', async () => {
    const screenshotId = await uploadScreenshot(ctx.server, ctx.investor);
    const shown = expectOk(await ctx.server.call<{ beneficiaryVersion: number }>('pay/beneficiary', {}, { token: ctx.investor })).beneficiaryVersion;
    const sent = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId }, 5000, { beneficiaryVersion: shown }), { token: ctx.investor }));
    // Without the field the live version is recorded.
    const screenshot2 = await uploadScreenshot(ctx.server, ctx.investor);
    const plain = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId: screenshot2 }, 6000), { token: ctx.investor }));

    // A second change goes live: what the investor was shown is now stale.
    const next = expectOk(await ctx.server.call<Change>('admin/beneficiary/save', { ...GOOD, bankName: 'HDFC Bank' }, { token: second }));
    expectOk(await ctx.server.call('admin/beneficiary/approve', { id: next.id }, { token: ctx.operator }));
    const screenshot3 = await uploadScreenshot(ctx.server, ctx.investor);
    const before = await ctx.server.deps.db.selectFrom('deposits').select('id').execute();
    expectCall(await ctx.server.call('pay/recharge', rechargeBody({ screenshotId: screenshot3 }, 7000, { beneficiaryVersion: shown }), { token: ctx.investor }), 409, 1653);
    expect(await ctx.server.deps.db.selectFrom('deposits').select('id').execute()).toHaveLength(before.length);
    const fresh = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody({ screenshotId: screenshot3 }, 7000, { beneficiaryVersion: 2 }), { token: ctx.investor }));

    for (const [id, version] of [[sent.id, 1], [plain.id, 1], [fresh.id, 2]] as const) {
      expect(expectOk(await ctx.server.call<{ beneficiaryVersion: number }>('pay/rechargeDetail', { id }, { token: ctx.investor })).beneficiaryVersion).toBe(version);
      expect(expectOk(await ctx.server.call<{ beneficiaryVersion: number }>('admin/recharge/detail', { id }, { token: ctx.operator })).beneficiaryVersion).toBe(version);
    }
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const before = expectOk(await ctx.server.call('admin/beneficiary/pending', {}, { token: ctx.operator }));
    for (const [field, value] of [['accountNumber', '12ab'], ['ifsc', 'HDFC1234567'], ['upiId', 'no-at-sign'], ['holderName', ''], ['upiId', 'a\u0000@bank']] as const) {
      const res = await ctx.server.call<{ errors: Array<{ field: string }> }>('admin/beneficiary/save', { ...GOOD, [field]: value }, { token: ctx.operator });
      expect(expectCall(res, 400, 1000).data.errors[0]!.field).toBe(field);
    }
    expect(expectOk(await ctx.server.call('admin/beneficiary/pending', {}, { token: ctx.operator }))).toEqual(before);
  });

  it('only operators may read the raw settings, propose or decide changes', async () => {
    expectCall(await ctx.server.call('admin/beneficiary/save', GOOD, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('admin/beneficiary/get', {}, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('admin/beneficiary/pending', {}, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('admin/beneficiary/approve', { id: 'x' }, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('admin/beneficiary/reject', { id: 'x', reason: 'x' }, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('pay/beneficiary', {}), 401, 501);
  });
});
