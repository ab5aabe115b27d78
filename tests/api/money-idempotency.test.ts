/**
 * `Idempotency-Key` on money-moving calls (docs/product.md, Calls): a retry with the same key and
 * body returns the first answer and moves nothing; the same key with another body or call is
 * refused; keys are per user; 50 parallel retries have one effect. Invariants after every test.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { assets, credit, entryCount, investor, rechargeBody, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer();

const key = (name: string) => ({ 'Idempotency-Key': `${name}-${Math.random().toString(36).slice(2)}` });
const count = async (table: 'deposits' | 'withdrawals') =>
  Number((await ctx.server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

describe('Idempotency-Key', () => {
  it('withdrawal: a retry returns the first answer and holds nothing more', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const headers = key('w');
    const body = { amount: 150, bankId: user.bankId };
    const first = expectOk(await ctx.server.call('withdrawal', body, { token: user.token, headers }));
    const entries = await entryCount(ctx.server);
    for (let i = 0; i < 3; i++) expect(expectOk(await ctx.server.call('withdrawal', body, { token: user.token, headers }))).toEqual(first);
    expect(await entryCount(ctx.server)).toBe(entries);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 850, held: 150, total: 1000 });
  });

  it('the same key with another body or on another call is refused (1201) and changes nothing', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const headers = key('m');
    expectOk(await ctx.server.call('withdrawal', { amount: 150, bankId: user.bankId }, { token: user.token, headers }));
    const before = await assets(ctx.server, user.token);
    const other = await ctx.server.call('withdrawal', { amount: 151, bankId: user.bankId }, { token: user.token, headers });
    expectCall(other, 409, 1201);
    expect(other.body.message).toBe(localeText('en', 'error.idempotencyMismatch'));
    expectCall(await ctx.server.call('pay/recharge', rechargeBody(user, 150), { token: user.token, headers }), 409, 1201);
    expect(await assets(ctx.server, user.token)).toEqual(before);
  });

  it('a body with the same fields in another order is the same request', async () => {
    const user = await investor(ctx.server);
    const headers = key('order');
    const body = rechargeBody(user, 42);
    const first = expectOk(await ctx.server.call('pay/recharge', body, { token: user.token, headers }));
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(expectOk(await ctx.server.call('pay/recharge', reordered, { token: user.token, headers }))).toEqual(first);
  });

  it('keys are per user: two users may use the same key', async () => {
    const a = await investor(ctx.server);
    const b = await investor(ctx.server);
    const headers = { 'Idempotency-Key': 'shared-key-1' };
    const x = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody(a, 10), { token: a.token, headers }));
    const y = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody(b, 10), { token: b.token, headers }));
    expect(x.id).not.toBe(y.id);
  });

  it('a retry after the window closed still gets the first answer', async () => {
    const user = await investor(ctx.server);
    const headers = key('late');
    const body = rechargeBody(user, 10);
    ctx.server.clock.set(indiaTime(2026, 11, 24, 21, 59, 59));
    const first = expectOk(await ctx.server.call('pay/recharge', body, { token: user.token, headers }));
    ctx.server.clock.set(indiaTime(2026, 11, 24, 22, 0, 5));
    expect(expectOk(await ctx.server.call('pay/recharge', body, { token: user.token, headers }))).toEqual(first);
    expectCall(await ctx.server.call('pay/recharge', rechargeBody(user, 10), { token: user.token }), 400, 1200);
  });

  it('a failed attempt is not remembered: the retry runs again', async () => {
    const user = await investor(ctx.server);
    const headers = key('retry');
    const body = { amount: 200, bankId: user.bankId };
    expectCall(await ctx.server.call('withdrawal', body, { token: user.token, headers }), 409, 1210);
    await credit(ctx.server, user.token, ctx.operator, 200);
    expectOk(await ctx.server.call('withdrawal', body, { token: user.token, headers }));
    expect(await assets(ctx.server, user.token)).toEqual({ available: 0, held: 200, total: 200 });
  });

  it('operator decisions: a retried approve answers like the first instead of "already reviewed"', async () => {
    const user = await investor(ctx.server);
    const { id } = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody(user, 75), { token: user.token }));
    const headers = key('approve');
    const first = expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator, headers }));
    expect(expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator, headers }))).toEqual(first);
    expectCall(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }), 409, 1209);
    expect((await assets(ctx.server, user.token)).available).toBe(75);
  });

  it('refuses malformed keys (1202)', async () => {
    const user = await investor(ctx.server);
    const deposits = await count('deposits');
    for (const bad of ['', 'x'.repeat(101), 'has space', 'ключ']) {
      const res = await ctx.server.call('pay/recharge', rechargeBody(user, 10), { token: user.token, headers: { 'Idempotency-Key': bad } });
      expectCall(res, 400, 1202);
    }
    expect(await count('deposits')).toBe(deposits);
  });

  it('50 parallel retries with one key: one effect, every answer the same', async () => {
    const user = await investor(ctx.server);
    await credit(ctx.server, user.token, ctx.operator, 1000);
    const headers = key('parallel');
    const body = { amount: 100, bankId: user.bankId };
    const withdrawals = await count('withdrawals');
    const entries = await entryCount(ctx.server);
    const results = await Promise.all(Array.from({ length: 50 }, () => ctx.server.call<{ id: string }>('withdrawal', body, { token: user.token, headers })));
    const answers = results.map((r) => expectOk(r));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await count('withdrawals')).toBe(withdrawals + 1);
    expect(await entryCount(ctx.server)).toBe(entries + 1);
    expect(await assets(ctx.server, user.token)).toEqual({ available: 900, held: 100, total: 1000 });
  });

  it('50 parallel deposit reports with one key: one deposit', async () => {
    const user = await investor(ctx.server);
    const headers = key('parallel-deposit');
    const body = rechargeBody(user, 10);
    const deposits = await count('deposits');
    const results = await Promise.all(Array.from({ length: 50 }, () => ctx.server.call<{ id: string }>('pay/recharge', body, { token: user.token, headers })));
    expect(new Set(results.map((r) => expectOk(r).id)).size).toBe(1);
    expect(await count('deposits')).toBe(deposits + 1);
  });
});
