/**
 * Withdrawals (docs/product.md, Withdrawals, Money windows): fee ratio and window, the weekday
 * window at its edges and on the weekend, the hold placed at once, the fee rounded down, the
 * payee bank account (IDOR), the identity switch (through the real upload, identity and
 * operator approval flow), and the operator's pay / reject with the
 * journal entries each posts. Invariants are checked after every test.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { formatMoney } from '../../src/shared/format.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { AADHAAR_VALID } from '../support/images.js';
import { assets, credit, entryCount, investor, operatorToken, startMoneyServer, uploadPhoto, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer();

interface WithdrawalView {
  id: string;
  amount: number;
  fee: number;
  net: number;
  bank: { id: string; bankName: string; accountNumberMasked: string; ifsc: string; holderName: string };
  bankName: string;
  accountNumberMasked: string;
  status: string;
  statusLabel: string;
  rejectReason: string | null;
  createdAt: number;
  resolvedAt: number | null;
}
interface Page<T> {
  items: T[];
  total: number;
}

const withdraw = (token: string, body: unknown, headers?: Record<string, string>) =>
  ctx.server.call<{ id: string; fee: number; net: number }>('withdrawal', body, { token, headers });

/** A funded investor (deposit approved by the operator). */
async function funded(amount: number) {
  const user = await investor(ctx.server);
  await credit(ctx.server, user.token, ctx.operator, amount);
  return user;
}

/** Asserts a refused withdrawal that moved nothing. */
async function expectRefused(token: string, body: unknown, status: number, code: number, text?: string) {
  const before = await assets(ctx.server, token);
  const entries = await entryCount(ctx.server);
  const res = await withdraw(token, body);
  expectCall(res, status, code);
  if (text) expect(res.body.message).toContain(text);
  expect(await assets(ctx.server, token)).toEqual(before);
  expect(await entryCount(ctx.server)).toBe(entries);
  return res;
}

describe('withdrawal/getServiceChargeProportion', () => {
  it('answers the 3 % fee, the minimum and the weekday window', async () => {
    const { token } = await investor(ctx.server);
    expect(expectOk(await ctx.server.call('withdrawal/getServiceChargeProportion', {}, { token }))).toEqual({
      proportion: 0.03, percent: 3, minAmount: 100, start: '09:30', end: '17:30', weekdaysOnly: true, timeZone: 'Asia/Kolkata', open: true, opensAt: null, requiresIdentity: false,
    });
    ctx.server.clock.set(indiaTime(2026, 11, 28, 12, 0));
    // A Saturday: the next opening is Monday 09:30 India time.
    expect(expectOk(await ctx.server.call<{ open: boolean; opensAt: number | null }>('withdrawal/getServiceChargeProportion', {}, { token }))).toMatchObject({ open: false, opensAt: indiaTime(2026, 11, 30, 9, 30) });
  });
});

describe('withdrawal', () => {
  it('holds the amount at once; fee is 3 % rounded down to the cent; net = amount − fee', async () => {
    const user = await funded(1000);
    const entries = await entryCount(ctx.server);
    const receipt = expectOk(await withdraw(user.token, { amount: 100.99, bankId: user.bankId }));
    expect(receipt).toMatchObject({ fee: 3.02, net: 97.97 }); // 3.0297 → 3.02
    expect(await entryCount(ctx.server)).toBe(entries + 1);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 899.01, held: 100.99, total: 1000 });
    expect(expectOk(await ctx.server.call<number>('purse/getBalance', {}, { token: user.token }))).toBe(899.01);

    const detail = expectOk(await ctx.server.call<WithdrawalView>('withdrawal/withdrawalDetails', { id: receipt.id }, { token: user.token }));
    expect(detail).toMatchObject({ id: receipt.id, amount: 100.99, fee: 3.02, net: 97.97, status: 'pending', statusLabel: 'Pending review', rejectReason: null, resolvedAt: null });
    expect(detail.bank).toMatchObject({ id: user.bankId, bankName: 'HDFC Bank', ifsc: 'HDFC0001234', holderName: 'Asha Rao' });
    expect(detail.bank.accountNumberMasked).toMatch(/^•••• \d{4}$/);
    // Flattened for list rows and detail screens (no dot paths).
    expect(detail).toMatchObject({ bankName: 'HDFC Bank', accountNumberMasked: detail.bank.accountNumberMasked });
    const list = expectOk(await ctx.server.call<Page<WithdrawalView>>('withdrawal/withdrawalList', {}, { token: user.token }));
    expect(list.items[0]).toMatchObject({ id: receipt.id, bankName: 'HDFC Bank', accountNumberMasked: detail.bank.accountNumberMasked });
  });

  it.each([
    [100, 3, 97],
    [133.33, 3.99, 129.34], // 3.9999 → 3.99
    [250.5, 7.51, 242.99], // 7.515 → 7.51
    [1000, 30, 970],
  ])('amount %s → fee %s, net %s', async (amount, fee, net) => {
    const user = await funded(1000);
    expect(expectOk(await withdraw(user.token, { amount, bankId: user.bankId }))).toMatchObject({ fee, net });
  });

  it('refuses more than the available balance, below the minimum, and bad amounts — moving nothing', async () => {
    const user = await funded(500);
    await expectRefused(user.token, { amount: 500.01, bankId: user.bankId }, 409, 1210, localeText('en', 'error.insufficientBalance'));
    await expectRefused(user.token, { amount: 99.99, bankId: user.bankId }, 400, 1211, `The minimum withdrawal is ${formatMoney(100)}.`);
    await expectRefused(user.token, { amount: 100.001, bankId: user.bankId }, 400, 1000);
    await expectRefused(user.token, { amount: '', bankId: user.bankId }, 400, 1000, `Withdrawal amount: ${localeText('en', 'validation.required')}`);
    await expectRefused(user.token, { bankId: user.bankId }, 400, 1000);
    expectOk(await withdraw(user.token, { amount: 500, bankId: user.bankId }));
    await expectRefused(user.token, { amount: 100, bankId: user.bankId }, 409, 1210);
  });

  it("pays only to the caller's live bound account (another user's or an unbound one is 'not found')", async () => {
    const a = await funded(1000);
    const b = await investor(ctx.server);
    await expectRefused(a.token, { amount: 100, bankId: b.bankId }, 404, 1030);
    await expectRefused(a.token, { amount: 100, bankId: 'no-such-account' }, 404, 1030);
    expectOk(await ctx.server.call('bank/deleteBank', { id: a.bankId }, { token: a.token }));
    await expectRefused(a.token, { amount: 100, bankId: a.bankId }, 404, 1030);
  });

  const edges: Array<[string, number, boolean]> = [
    ['Tuesday 09:29:59', indiaTime(2026, 11, 24, 9, 29, 59), false],
    ['Tuesday 09:30:00', indiaTime(2026, 11, 24, 9, 30, 0), true],
    ['Tuesday 17:29:59', indiaTime(2026, 11, 24, 17, 29, 59), true],
    ['Tuesday 17:30:00', indiaTime(2026, 11, 24, 17, 30, 0), false],
    ['Friday 17:29:59', indiaTime(2026, 11, 27, 17, 29, 59), true],
    ['Saturday 12:00', indiaTime(2026, 11, 28, 12, 0), false],
    ['Sunday 10:00', indiaTime(2026, 11, 29, 10, 0), false],
    // 23:00 UTC on Sunday is already Monday 04:30 in India: still closed; Monday 09:30 India is open.
    ['Monday 04:30 (Sunday in UTC)', Date.UTC(2026, 10, 29, 23, 0), false],
    ['Monday 09:30 (04:00 UTC)', Date.UTC(2026, 10, 30, 4, 0), true],
  ];
  it.each(edges)('window at %s (epoch ms %s) → accepted: %s', async (_label, instant, open) => {
    const user = await funded(1000);
    ctx.server.clock.set(instant);
    if (open) {
      expectOk(await withdraw(user.token, { amount: 100, bankId: user.bankId }));
    } else {
      const weekend = /^(Saturday|Sunday)/.test(_label);
      // On a weekend the refusal says withdrawals are for weekdays.
      const text = weekend ? 'Withdrawals are only possible on weekdays (Monday to Friday), 09:30 to 17:30.' : 'Please transfer in/out during the specified time 09:30 to 17:30';
      await expectRefused(user.token, { amount: 100, bankId: user.bankId }, 400, 1200, text);
    }
  });

  it('needs approved identity when WITHDRAWAL_REQUIRES_IDENTITY is on (the default): refused before approval, accepted after', async () => {
    const gated = await startMoneyServer({ WITHDRAWAL_REQUIRES_IDENTITY: '1' });
    try {
      const op = await operatorToken(gated);
      const user = await investor(gated);
      await credit(gated, user.token, op, 500);
      const body = { amount: 100, bankId: user.bankId };
      expect(expectOk(await gated.call<{ requiresIdentity: boolean }>('withdrawal/getServiceChargeProportion', {}, { token: user.token })).requiresIdentity).toBe(true);

      // No identity yet: refused, nothing moves.
      const refused = await gated.call('withdrawal', body, { token: user.token, lang: 'de' });
      expectCall(refused, 403, 1212);
      expect(refused.body.message).toBe(localeText('de', 'error.identityRequired'));

      // The real flow: two photos through the upload route, identity saved — still pending, still refused.
      const frontPhotoId = await uploadPhoto(gated, user.token);
      const backPhotoId = await uploadPhoto(gated, user.token);
      const saved = expectOk(
        await gated.call<{ status: string }>('authentication/save', { name: 'Asha Rao', idType: 'aadhaar', idNumber: AADHAAR_VALID, frontPhotoId, backPhotoId }, { token: user.token }),
      );
      expect(saved.status).toBe('pending');
      expectCall(await gated.call('withdrawal', body, { token: user.token }), 403, 1212);
      expect(await assets(gated, user.token)).toEqual({ available: 500, held: 0, total: 500 });

      // An operator approves it; the same withdrawal now goes through.
      const queue = expectOk(await gated.call<{ items: Array<{ id: string; email: string; status: string }> }>('admin/authentication/list', {}, { token: op }));
      const submission = queue.items.find((item) => item.email === user.email)!;
      expect(submission.status).toBe('pending');
      expect(expectOk(await gated.call<{ status: string }>('admin/authentication/approve', { id: submission.id }, { token: op })).status).toBe('approved');
      expect(expectOk(await gated.call('withdrawal', body, { token: user.token }))).toMatchObject({ fee: 3, net: 97 });
      expect(await assets(gated, user.token)).toEqual({ available: 400, held: 100, total: 500 });
      await assertLedgerInvariants(gated.deps.db);
    } finally {
      await gated.stop();
    }
  });

  it('needs no identity when WITHDRAWAL_REQUIRES_IDENTITY is off', async () => {
    const user = await funded(500);
    expect(expectOk(await ctx.server.call('authentication/get', {}, { token: user.token }))).toEqual({ status: 'none' });
    expect(expectOk(await ctx.server.call<{ requiresIdentity: boolean }>('withdrawal/getServiceChargeProportion', {}, { token: user.token })).requiresIdentity).toBe(false);
    expectOk(await withdraw(user.token, { amount: 100, bankId: user.bankId }));
    expect(await assets(ctx.server, user.token)).toEqual({ available: 400, held: 100, total: 500 });
  });
});

describe('withdrawal/withdrawalList and withdrawalDetails', () => {
  it("lists only the caller's withdrawals, newest first, with status labels; another user's id is 'not found'", async () => {
    const a = await funded(1000);
    const b = await funded(1000);
    const first = expectOk(await withdraw(a.token, { amount: 100, bankId: a.bankId }));
    ctx.server.clock.advance(1000);
    const second = expectOk(await withdraw(a.token, { amount: 200, bankId: a.bankId }));
    expectOk(await withdraw(b.token, { amount: 300, bankId: b.bankId }));
    expectOk(await ctx.server.call('admin/withdrawal/pay', { id: first.id }, { token: ctx.operator }));

    const list = expectOk(await ctx.server.call<Page<WithdrawalView>>('withdrawal/withdrawalList', { page: 1, pageSize: 10 }, { token: a.token }));
    expect(list.total).toBe(2);
    expect(list.items.map((w) => [w.id, w.amount, w.status, w.statusLabel])).toEqual([
      [second.id, 200, 'pending', 'Pending review'],
      [first.id, 100, 'paid', 'Paid out'],
    ]);
    expectCall(await ctx.server.call('withdrawal/withdrawalDetails', { id: first.id }, { token: b.token }), 404, 1213);
    expectCall(await ctx.server.call('withdrawal/withdrawalDetails', { id: 'nope' }, { token: a.token }), 404, 1213);
  });
});

describe('operator: admin/withdrawal/*', () => {
  it('pay posts one entry: held → payouts in transit (net) and held → fee revenue (fee); audited', async () => {
    const user = await funded(1000);
    const { id } = expectOk(await withdraw(user.token, { amount: 100.99, bankId: user.bankId }));
    const entries = await entryCount(ctx.server);
    expect(expectOk(await ctx.server.call('admin/withdrawal/pay', { id }, { token: ctx.operator }))).toEqual({ id, status: 'paid' });
    expect(await entryCount(ctx.server)).toBe(entries + 1);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 899.01, held: 0, total: 899.01 });

    const entry = await ctx.server.deps.db.selectFrom('journal_entries').selectAll().where('reference', '=', id).where('kind', '=', 'withdrawal_paid').executeTakeFirstOrThrow();
    const legs = await ctx.server.deps.db.selectFrom('postings').select(['account_id', 'amount_minor', 'kind']).where('entry_id', '=', entry.id).execute();
    const house = Object.fromEntries(legs.filter((l) => l.account_id.startsWith('house:')).map((l) => [l.account_id, [Number(l.amount_minor), l.kind]]));
    expect(house).toEqual({ 'house:payouts_in_transit': [9797, 'withdrawal_paid'], 'house:fee_revenue': [302, 'withdrawal_fee'] });
    expect(legs.filter((l) => !l.account_id.startsWith('house:')).map((l) => Number(l.amount_minor)).sort((x, y) => x - y)).toEqual([-9797, -302]);

    const hold = await ctx.server.deps.db.selectFrom('holds').selectAll().where('reference', '=', id).executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ status: 'settled', resolved_entry_id: entry.id });
    const audit = await ctx.server.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'withdrawal.pay', entity: 'withdrawal' });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ status: 'pending', amount: 100.99, fee: 3.02, net: 97.97 });

    const detail = expectOk(await ctx.server.call<WithdrawalView>('withdrawal/withdrawalDetails', { id }, { token: user.token }));
    expect(detail).toMatchObject({ status: 'paid', statusLabel: 'Paid out', resolvedAt: ctx.server.clock.now() });
  });

  it('reject releases the hold in full (fee included) with the reason; audited', async () => {
    const user = await funded(1000);
    const { id } = expectOk(await withdraw(user.token, { amount: 400, bankId: user.bankId }));
    expect(expectOk(await ctx.server.call('admin/withdrawal/reject', { id, reason: 'Account name mismatch' }, { token: ctx.operator }))).toEqual({ id, status: 'rejected' });
    expect(await assets(ctx.server, user.token)).toEqual({ available: 1000, held: 0, total: 1000 });
    const detail = expectOk(await ctx.server.call<WithdrawalView>('withdrawal/withdrawalDetails', { id }, { token: user.token }));
    expect(detail).toMatchObject({ status: 'rejected', statusLabel: 'Review rejected', rejectReason: 'Account name mismatch' });
    const audit = await ctx.server.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).executeTakeFirstOrThrow();
    expect(audit.action).toBe('withdrawal.reject');
  });

  it('a withdrawal is resolved once: pay twice, pay after reject, reject after pay are refused', async () => {
    const user = await funded(1000);
    const paid = expectOk(await withdraw(user.token, { amount: 100, bankId: user.bankId }));
    const rejected = expectOk(await withdraw(user.token, { amount: 200, bankId: user.bankId }));
    expectOk(await ctx.server.call('admin/withdrawal/pay', { id: paid.id }, { token: ctx.operator }));
    expectOk(await ctx.server.call('admin/withdrawal/reject', { id: rejected.id, reason: 'Fraud check' }, { token: ctx.operator }));
    const entries = await entryCount(ctx.server);
    const before = await assets(ctx.server, user.token);
    expectCall(await ctx.server.call('admin/withdrawal/pay', { id: paid.id }, { token: ctx.operator }), 409, 1214);
    expectCall(await ctx.server.call('admin/withdrawal/pay', { id: rejected.id }, { token: ctx.operator }), 409, 1214);
    expectCall(await ctx.server.call('admin/withdrawal/reject', { id: paid.id, reason: 'late' }, { token: ctx.operator }), 409, 1214);
    expectCall(await ctx.server.call('admin/withdrawal/reject', { id: rejected.id, reason: 'again' }, { token: ctx.operator }), 409, 1214);
    expectCall(await ctx.server.call('admin/withdrawal/pay', { id: 'missing' }, { token: ctx.operator }), 404, 1213);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, user.token)).toEqual(before);
  });

  it('two operators deciding the same withdrawal at once: exactly one wins', async () => {
    const user = await funded(1000);
    const { id } = expectOk(await withdraw(user.token, { amount: 500, bankId: user.bankId }));
    const second = await operatorToken(ctx.server);
    const results = await Promise.all([
      ctx.server.call('admin/withdrawal/pay', { id }, { token: ctx.operator }),
      ctx.server.call('admin/withdrawal/reject', { id, reason: 'race' }, { token: second }),
      ctx.server.call('admin/withdrawal/pay', { id }, { token: second }),
    ]);
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 1214)).toHaveLength(2);
    const { held, total } = await assets(ctx.server, user.token);
    expect(held).toBe(0);
    expect([500, 1000]).toContain(total);
  });

  it('lists the queue with the payee’s full account; operators only', async () => {
    const user = await funded(1000);
    const { id } = expectOk(await withdraw(user.token, { amount: 100, bankId: user.bankId }));
    const list = expectOk(
      await ctx.server.call<Page<WithdrawalView & { user: { email: string }; bank: { accountNumber: string } }>>('admin/withdrawal/list', { status: 'pending', pageSize: 100 }, { token: ctx.operator }),
    );
    const mine = list.items.find((w) => w.id === id)!;
    expect(mine.user.email).toBe(user.email);
    expect(mine.bank.accountNumber).toMatch(/^\d{9}$/);
    expect(mine).toMatchObject({ amount: 100, fee: 3, net: 97, statusLabel: 'Pending review', bankName: 'HDFC Bank', accountNumberMasked: `•••• ${mine.bank.accountNumber.slice(-4)}` });
    expectCall(await ctx.server.call('admin/withdrawal/list', {}, { token: user.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/withdrawal/detail', { id }, { token: user.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/withdrawal/detail', { id }), 401, 501);
    expectCall(await ctx.server.call('admin/withdrawal/pay', { id }, { token: user.token }), 403, 1040);
    expectCall(await ctx.server.call('admin/withdrawal/reject', { id, reason: 'x' }, { token: user.token }), 403, 1040);
  });

  it('admin/withdrawal/detail answers one withdrawal in the queue item shape; unknown ids are not found', async () => {
    const user = await funded(1000);
    const { id } = expectOk(await withdraw(user.token, { amount: 250.5, bankId: user.bankId }));
    type ReviewView = WithdrawalView & { user: { email: string }; bank: { accountNumber: string }; resolvedBy: string | null };
    const detail = expectOk(await ctx.server.call<ReviewView>('admin/withdrawal/detail', { id }, { token: ctx.operator }));
    const list = expectOk(await ctx.server.call<Page<ReviewView>>('admin/withdrawal/list', { status: 'pending', pageSize: 100 }, { token: ctx.operator }));
    expect(detail).toEqual(list.items.find((w) => w.id === id));
    expect(detail).toMatchObject({ id, amount: 250.5, fee: 7.51, net: 242.99, status: 'pending', statusLabel: 'Pending review', resolvedBy: null, user: { email: user.email } });
    expect(detail).toMatchObject({ bankName: 'HDFC Bank', accountNumberMasked: `•••• ${detail.bank.accountNumber.slice(-4)}` });
    expect(detail.bank.accountNumber).toMatch(/^\d{9}$/);

    expectOk(await ctx.server.call('admin/withdrawal/pay', { id }, { token: ctx.operator }));
    const paid = expectOk(await ctx.server.call<ReviewView>('admin/withdrawal/detail', { id }, { token: ctx.operator }));
    expect(paid).toMatchObject({ status: 'paid', statusLabel: 'Paid out', resolvedAt: ctx.server.clock.now() });
    expect(paid.resolvedBy).toMatch(/^N\d{7}$/);

    const missing = expectCall(await ctx.server.call('admin/withdrawal/detail', { id: 'no-such-withdrawal' }, { token: ctx.operator }), 404, 1213);
    expect(missing.message).toBe(localeText('en', 'error.withdrawalNotFound'));
  });
});
