/**
 * Deposit beneficiary: operators enter the account investors transfer to (holder,
 * bank, account number, IFSC, UPI ID), validated and audited; investors read it with a UPI
 * link and QR code from `pay/beneficiary`; investors cannot change it.
 */
import { describe, expect, it } from 'vitest';
import { useServerWithRoles } from '../support/roles.js';
import { expectCall, expectOk } from '../support/envelope.js';

const ctx = useServerWithRoles();

const GOOD = { holderName: 'Nivesh Client Money A/c', bankName: 'ICICI Bank', accountNumber: '000405001234', ifsc: 'icic0000004', upiId: 'Nivesh.Collect@ICICI' };

describe('deposit beneficiary', () => {
  it('answers 1609 until operators enter one', async () => {
    expectCall(await ctx.server.call('pay/beneficiary', {}, { token: ctx.investor }), 409, 1609);
    expect(expectOk(await ctx.server.call('admin/beneficiary/get', {}, { token: ctx.operator }))).toEqual({});
  });

  it('operators save it (normalized, audited); investors read it with a UPI link and QR code', async () => {
    const saved = expectOk(await ctx.server.call<Record<string, string>>('admin/beneficiary/save', GOOD, { token: ctx.operator }));
    expect(saved).toEqual({ ...GOOD, ifsc: 'ICIC0000004', upiId: 'nivesh.collect@icici' });
    const view = expectOk(await ctx.server.call<Record<string, string>>('pay/beneficiary', {}, { token: ctx.investor }));
    expect(view).toMatchObject({ ...saved, upiUri: 'upi://pay?pa=nivesh.collect%40icici&pn=Nivesh+Client+Money+A%2Fc&cu=INR' });
    expect(view.upiQr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(view.upiQr!.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const audit = await ctx.server.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'beneficiary.update').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual(saved);
    expect(audit[0]!.before_json).toBe('null');

    expectOk(await ctx.server.call('admin/beneficiary/save', { ...GOOD, bankName: 'HDFC Bank' }, { token: ctx.operator }));
    const second = await ctx.server.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'beneficiary.update').orderBy('created_at').execute();
    expect(second).toHaveLength(2);
    expect(JSON.parse(second[1]!.before_json!).bankName).toBe('ICICI Bank');
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const before = expectOk(await ctx.server.call('admin/beneficiary/get', {}, { token: ctx.operator }));
    for (const [field, value] of [['accountNumber', '12ab'], ['ifsc', 'HDFC1234567'], ['upiId', 'no-at-sign'], ['holderName', ''], ['upiId', 'a\u0000@bank']] as const) {
      const res = await ctx.server.call<{ errors: Array<{ field: string }> }>('admin/beneficiary/save', { ...GOOD, [field]: value }, { token: ctx.operator });
      expect(expectCall(res, 400, 1000).data.errors[0]!.field).toBe(field);
    }
    expect(expectOk(await ctx.server.call('admin/beneficiary/get', {}, { token: ctx.operator }))).toEqual(before);
  });

  it('only operators may read the raw settings or change them', async () => {
    expectCall(await ctx.server.call('admin/beneficiary/save', GOOD, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('admin/beneficiary/get', {}, { token: ctx.investor }), 403, 1040);
    expectCall(await ctx.server.call('pay/beneficiary', {}), 401, 501);
  });
});
