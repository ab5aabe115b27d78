/**
 * Four eyes: an operator never approves, pays or rejects their own deposit,
 * withdrawal or identity submission; above DUAL_APPROVAL_AMOUNT (here 1,000) a deposit
 * approval or a payout needs two different operators; both audited. An operator's own such
 * decisions for one investor within 24 hours count together against the amount. Concurrent
 * approvals of one deposit answer its true state (completed, waiting, or 1604), never 500.
 * Ledger invariants are checked after every test.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { AADHAAR_VALID } from '../support/images.js';
import { assets, credit, entryCount, investor, operatorToken, reportDeposit, uploadPhoto, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer({ env: { DUAL_APPROVAL_AMOUNT: '1000' } });

/** A second operator, as an investor would see them: a token plus their bank account. */
async function operatorWithBank() {
  const token = await operatorToken(ctx.server);
  const bank = expectOk(
    await ctx.server.call<{ id: string }>('bank/addBank', { holderName: 'Op Erator', bankName: 'HDFC Bank', accountNumber: '123456789012', ifsc: 'HDFC0001234', phone: '9876543210' }, { token }),
  );
  return { token, bankId: bank.id };
}

const audit = (entityId: string) =>
  ctx.server.deps.db.selectFrom('audit_log').select(['action', 'actor_user_id', 'after_json']).where('entity_id', '=', entityId).orderBy('created_at').execute();

describe('own items', () => {
  it('an operator cannot approve or reject their own deposit; another operator can', async () => {
    const self = await operatorWithBank();
    const id = await reportDeposit(ctx.server, self.token, 500);
    const before = await entryCount(ctx.server);
    for (const [call, body] of [['admin/recharge/approve', { id }], ['admin/recharge/reject', { id, reason: 'mine' }]] as const) {
      const res = expectCall(await ctx.server.call(call, body, { token: self.token }), 403, 1603);
      expect(res.message).toBe(localeText('en', 'error.ownItem'));
    }
    expect(await entryCount(ctx.server)).toBe(before);
    expect((await assets(ctx.server, self.token)).available).toBe(0);
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/recharge/approve', { id }, { token: ctx.operator })).status).toBe('approved');
    expect((await assets(ctx.server, self.token)).available).toBe(500);
  });

  it('an operator cannot pay or reject their own withdrawal', async () => {
    const self = await operatorWithBank();
    await credit(ctx.server, self.token, ctx.operator, 800);
    const w = expectOk(await ctx.server.call<{ id: string }>('withdrawal', { amount: 200, bankId: self.bankId }, { token: self.token }));
    const before = await entryCount(ctx.server);
    expectCall(await ctx.server.call('admin/withdrawal/pay', { id: w.id }, { token: self.token }), 403, 1603);
    expectCall(await ctx.server.call('admin/withdrawal/reject', { id: w.id, reason: 'mine' }, { token: self.token }), 403, 1603);
    expect(await entryCount(ctx.server)).toBe(before);
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/withdrawal/pay', { id: w.id }, { token: ctx.operator })).status).toBe('paid');
  });

  it('an operator cannot approve or reject their own identity submission', async () => {
    const self = await operatorWithBank();
    const front = await uploadPhoto(ctx.server, self.token);
    const back = await uploadPhoto(ctx.server, self.token);
    expectOk(await ctx.server.call('authentication/save', { name: 'Op Erator', idType: 'aadhaar', idNumber: AADHAAR_VALID, frontPhotoId: front, backPhotoId: back }, { token: self.token }));
    const row = await ctx.server.deps.db.selectFrom('identity_submissions as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.id').where('u.role', '=', 'operator').orderBy('s.submitted_at', 'desc').executeTakeFirstOrThrow();
    expectCall(await ctx.server.call('admin/authentication/approve', { id: row.id }, { token: self.token }), 403, 1603);
    expectCall(await ctx.server.call('admin/authentication/reject', { id: row.id, reason: 'mine' }, { token: self.token }), 403, 1603);
    expect(expectOk(await ctx.server.call('authentication/get', {}, { token: self.token }))).toMatchObject({ status: 'pending' });
    expectOk(await ctx.server.call('admin/authentication/approve', { id: row.id }, { token: ctx.operator }));
    expect(expectOk(await ctx.server.call('authentication/get', {}, { token: self.token }))).toMatchObject({ status: 'approved' });
  });
});

describe('two operators above DUAL_APPROVAL_AMOUNT', () => {
  it('a deposit above the amount needs a second, different operator; both approvals audited', async () => {
    const user = await investor(ctx.server);
    const second = await operatorToken(ctx.server);
    const id = await reportDeposit(ctx.server, user.token, 5000);
    const entries = await entryCount(ctx.server);
    const first = expectOk(await ctx.server.call<Record<string, unknown>>('admin/recharge/approve', { id }, { token: ctx.operator }));
    expect(first).toEqual({ id, status: 'pending', approvals: 1, approvalsRequired: 2 });
    expect(await entryCount(ctx.server)).toBe(entries);
    expect((await assets(ctx.server, user.token)).available).toBe(0);
    const again = expectCall(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }), 409, 1604);
    expect(again.message).toContain('1,000');
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/recharge/detail', { id }, { token: ctx.operator })).status).toBe('pending');
    const done = expectOk(await ctx.server.call<Record<string, unknown>>('admin/recharge/approve', { id }, { token: second }));
    expect(done).toEqual({ id, status: 'approved', approvals: 2, approvalsRequired: 2 });
    expect((await assets(ctx.server, user.token)).available).toBe(5000);
    expect(await entryCount(ctx.server)).toBe(entries + 1);
    const rows = await audit(id);
    expect(rows.map((r) => r.action)).toEqual(['deposit.approve.first', 'deposit.approve']);
    expect(rows[0]!.actor_user_id).not.toBe(rows[1]!.actor_user_id);
    expect(JSON.parse(rows[1]!.after_json!).approvedBy).toHaveLength(2);
    expectCall(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }), 409, 1209);
  });

  it('at or below the amount one operator suffices; a rejection needs one', async () => {
    const user = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, user.token, 1000);
    expect(expectOk(await ctx.server.call<Record<string, unknown>>('admin/recharge/approve', { id }, { token: ctx.operator }))).toEqual({ id, status: 'approved' });
    const big = await reportDeposit(ctx.server, user.token, 2000);
    expectOk(await ctx.server.call('admin/recharge/approve', { id: big }, { token: ctx.operator }));
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/recharge/reject', { id: big, reason: 'no transfer' }, { token: await operatorToken(ctx.server) })).status).toBe('rejected');
    expect((await assets(ctx.server, user.token)).available).toBe(1000);
  });

  it('a payout above the amount needs two operators; the hold stays until then', async () => {
    const user = await investor(ctx.server);
    const second = await operatorToken(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const id2 = await reportDeposit(ctx.server, user.token, 1000);
    expectOk(await ctx.server.call('admin/recharge/approve', { id: id2 }, { token: second }));
    const w = expectOk(await ctx.server.call<{ id: string }>('withdrawal', { amount: 1500, bankId: user.bankId }, { token: user.token }));
    const held = await assets(ctx.server, user.token);
    expect(held.held).toBe(1500);
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/withdrawal/pay', { id: w.id }, { token: second })).status).toBe('pending');
    expect(await assets(ctx.server, user.token)).toEqual(held);
    expectCall(await ctx.server.call('admin/withdrawal/pay', { id: w.id }, { token: second }), 409, 1604);
    expect(expectOk(await ctx.server.call<{ status: string }>('admin/withdrawal/pay', { id: w.id }, { token: ctx.operator })).status).toBe('paid');
    expect((await assets(ctx.server, user.token)).held).toBe(0);
    expect((await audit(w.id)).map((r) => r.action)).toEqual(['withdrawal.pay.first', 'withdrawal.pay']);
  });

  it('an Idempotency-Key replays the first approval instead of counting it twice', async () => {
    const user = await investor(ctx.server);
    const id = await reportDeposit(ctx.server, user.token, 3000);
    const headers = { 'Idempotency-Key': `dual-${id}` };
    const a = expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator, headers }));
    const b = expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator, headers }));
    expect(b).toEqual(a);
    expect((await audit(id)).map((r) => r.action)).toEqual(['deposit.approve.first']);
  });
});

describe('four eyes by aggregate (one operator, one investor, 24 hours)', () => {
  it('three deposits each under the amount cannot all be approved by one operator alone', async () => {
    const user = await investor(ctx.server);
    const second = await operatorToken(ctx.server);
    const ids = [await reportDeposit(ctx.server, user.token, 999), await reportDeposit(ctx.server, user.token, 999), await reportDeposit(ctx.server, user.token, 999)];
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: ids[0] }, { token: ctx.operator }))).toEqual({ id: ids[0], status: 'approved' });
    ctx.server.clock.advance(3_600_000);
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: ids[1] }, { token: ctx.operator }))).toEqual({ id: ids[1], status: 'pending', approvals: 1, approvalsRequired: 2 });
    expect(expectCall(await ctx.server.call('admin/recharge/approve', { id: ids[1] }, { token: ctx.operator }), 409, 1604).message).toContain('1,000');
    expect((await assets(ctx.server, user.token)).available).toBe(999);
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: ids[1] }, { token: second }))).toEqual({ id: ids[1], status: 'approved', approvals: 2, approvalsRequired: 2 });
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: ids[2] }, { token: ctx.operator }))).toMatchObject({ status: 'pending', approvals: 1 });
    expect((await assets(ctx.server, user.token)).available).toBe(1998);
    // Another investor's deposit is not counted with these.
    const other = await investor(ctx.server);
    const otherId = await reportDeposit(ctx.server, other.token, 999);
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: otherId }, { token: ctx.operator }))).toEqual({ id: otherId, status: 'approved' });
  });

  it('decisions older than 24 hours no longer count; payouts count apart from deposits', async () => {
    const user = await investor(ctx.server);
    const a = await reportDeposit(ctx.server, user.token, 800);
    const b = await reportDeposit(ctx.server, user.token, 800);
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: a }, { token: ctx.operator }))).toEqual({ id: a, status: 'approved' });
    ctx.server.clock.advance(23 * 3_600_000);
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: b }, { token: ctx.operator }))).toMatchObject({ status: 'pending' });
    ctx.server.clock.advance(3_600_000 + 1);
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id: b }, { token: ctx.operator }))).toEqual({ id: b, status: 'approved' });
    const w = expectOk(await ctx.server.call<{ id: string }>('withdrawal', { amount: 600, bankId: user.bankId }, { token: user.token }));
    expect(expectOk(await ctx.server.call('admin/withdrawal/pay', { id: w.id }, { token: ctx.operator }))).toEqual({ id: w.id, status: 'paid' });
    const w2 = expectOk(await ctx.server.call<{ id: string }>('withdrawal', { amount: 600, bankId: user.bankId }, { token: user.token }));
    expect(expectOk(await ctx.server.call('admin/withdrawal/pay', { id: w2.id }, { token: ctx.operator }))).toMatchObject({ status: 'pending', approvals: 1 });
  });
});

describe('concurrent approvals of one large deposit', () => {
  it('two operators at once: one waits for the second, the other completes it — never 500', async () => {
    const second = await operatorToken(ctx.server);
    const user = await investor(ctx.server);
    for (let round = 0; round < 12; round++) {
      const id = await reportDeposit(ctx.server, user.token, 5000);
      const answers = await Promise.all([ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }), ctx.server.call('admin/recharge/approve', { id }, { token: second })]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const states = answers.map((a) => a.body.data).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
      expect(states).toEqual([{ id, status: 'approved', approvals: 2, approvalsRequired: 2 }, { id, status: 'pending', approvals: 1, approvalsRequired: 2 }]);
    }
    expect((await assets(ctx.server, user.token)).available).toBe(12 * 5000);
  });

  it('one operator twice at once: one first approval, the other is told 1604', async () => {
    const user = await investor(ctx.server);
    for (let round = 0; round < 12; round++) {
      const id = await reportDeposit(ctx.server, user.token, 5000);
      const answers = await Promise.all([0, 1].map(() => ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator })));
      expect(answers.map((a) => a.body.code).sort((x, y) => x - y)).toEqual([200, 1604]);
      expect(answers.find((a) => a.body.code === 200)!.body.data).toEqual({ id, status: 'pending', approvals: 1, approvalsRequired: 2 });
    }
    expect((await assets(ctx.server, user.token)).available).toBe(0);
  });
});
