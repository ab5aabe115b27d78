/**
 * Bill flow (`billflow/myBillflow`): every posting on the user's
 * accounts with time, kind (localized), signed amount and the balance after it; filters by
 * kind and by India-time month; paging; the amounts add up to the balances.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { assets, credit, investor, useMoneyServer } from '../support/money.js';

const ctx = useMoneyServer();

interface BillRow {
  id: string;
  time: number;
  kind: string;
  kindLabel: string;
  account: 'available' | 'held';
  amount: number;
  availableAfter: number;
  heldAfter: number;
  reference: string;
}
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const bill = (token: string, body: Record<string, unknown> = {}, lang = 'en') =>
  ctx.server.call<Page<BillRow>>('billflow/myBillflow', { pageSize: 100, ...body }, { token, lang });

const cents = (rows: BillRow[], account?: 'available' | 'held') =>
  rows.filter((r) => !account || r.account === account).reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100;

/** Deposit 1000, withdraw 100.99 (paid), withdraw 200 (rejected), withdraw 300 (pending). */
async function history() {
  const user = await investor(ctx.server);
  await credit(ctx.server, user.token, ctx.operator, 1000);
  ctx.server.clock.advance(60_000);
  const paid = expectOk(await ctx.server.call<{ id: string }>('withdrawal', { amount: 100.99, bankId: user.bankId }, { token: user.token }));
  ctx.server.clock.advance(60_000);
  expectOk(await ctx.server.call('admin/withdrawal/pay', { id: paid.id }, { token: ctx.operator }));
  ctx.server.clock.advance(60_000);
  const rejected = expectOk(await ctx.server.call<{ id: string }>('withdrawal', { amount: 200, bankId: user.bankId }, { token: user.token }));
  ctx.server.clock.advance(60_000);
  expectOk(await ctx.server.call('admin/withdrawal/reject', { id: rejected.id, reason: 'Check' }, { token: ctx.operator }));
  ctx.server.clock.advance(60_000);
  expectOk(await ctx.server.call('withdrawal', { amount: 300, bankId: user.bankId }, { token: user.token }));
  return user;
}

describe('billflow/myBillflow', () => {
  it('lists every posting newest first with kind, signed amount and balances after; sums match the balances', async () => {
    const user = await history();
    const page = expectOk(await bill(user.token));
    expect(page).toMatchObject({ total: 11, page: 1, pageSize: 100 });
    expect(page.items.map((r) => [r.kind, r.account, r.amount, r.availableAfter, r.heldAfter])).toEqual([
      ['withdrawal_hold', 'held', 300, 599.01, 300],
      ['withdrawal_hold', 'available', -300, 599.01, 0],
      ['withdrawal_release', 'available', 200, 899.01, 0],
      ['withdrawal_release', 'held', -200, 699.01, 0],
      ['withdrawal_hold', 'held', 200, 699.01, 200],
      ['withdrawal_hold', 'available', -200, 699.01, 0],
      ['withdrawal_fee', 'held', -3.02, 899.01, 0],
      ['withdrawal_paid', 'held', -97.97, 899.01, 3.02],
      ['withdrawal_hold', 'held', 100.99, 899.01, 100.99],
      ['withdrawal_hold', 'available', -100.99, 899.01, 0],
      ['deposit', 'available', 1000, 1000, 0],
    ]);
    const balances = await assets(ctx.server, user.token);
    expect(balances).toEqual({ available: 599.01, held: 300, total: 899.01 });
    // The list adds up to the balances: all rows to total assets, `available` rows to the available balance.
    expect(cents(page.items)).toBe(balances.total);
    expect(cents(page.items, 'available')).toBe(balances.available);
    expect(cents(page.items, 'held')).toBe(balances.held);
    expect(page.items[0]!.availableAfter).toBe(balances.available);
    // Times are the clock's; references name the deposit or withdrawal.
    expect(page.items.at(-1)!.time).toBeLessThan(page.items[0]!.time);
    expect(new Set(page.items.map((r) => r.reference)).size).toBe(4);
  });

  it('localizes kinds', async () => {
    const user = await history();
    const en = expectOk(await bill(user.token));
    expect(en.items.map((r) => r.kindLabel)).toContain(localeText('en', 'bill.kind.withdrawal_fee'));
    const de = expectOk(await bill(user.token, {}, 'de'));
    expect(new Set(de.items.map((r) => r.kindLabel))).toEqual(
      new Set(['withdrawal_hold', 'withdrawal_release', 'withdrawal_fee', 'withdrawal_paid', 'deposit'].map((k) => localeText('de', `bill.kind.${k}`))),
    );
  });

  it('pages through the same rows', async () => {
    const user = await history();
    const all = expectOk(await bill(user.token)).items.map((r) => r.id);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = expectOk(await bill(user.token, { page, pageSize: 4 }));
      expect(res.total).toBe(11);
      paged.push(...res.items.map((r) => r.id));
    }
    expect(paged).toEqual(all);
    expect(expectOk(await bill(user.token, { page: 4, pageSize: 4 })).items).toEqual([]);
  });

  it('filters by kind', async () => {
    const user = await history();
    const fees = expectOk(await bill(user.token, { kind: 'withdrawal_fee' }));
    expect(fees.total).toBe(1);
    expect(fees.items.map((r) => r.amount)).toEqual([-3.02]);
    const holds = expectOk(await bill(user.token, { kind: 'withdrawal_hold' }));
    expect(holds.total).toBe(6);
    expect(holds.items.every((r) => r.kind === 'withdrawal_hold')).toBe(true);
    expectCall(await bill(user.token, { kind: 'salary' }), 400, 1000);
  });

  it('filters by calendar month in India time', async () => {
    const user = await investor(ctx.server);
    const late = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', { amount: 10, channel: 'bank', utr: '555555555501', screenshotId: user.screenshotId }, { token: user.token }));
    const early = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', { amount: 20, channel: 'bank', utr: '555555555502', screenshotId: user.screenshotId }, { token: user.token }));
    // 23:59:59 on 30 Nov and 00:00 on 1 Dec in India — both still 30 Nov in UTC.
    ctx.server.clock.set(indiaTime(2026, 11, 30, 23, 59, 59));
    expectOk(await ctx.server.call('admin/recharge/approve', { id: late.id }, { token: ctx.operator }));
    ctx.server.clock.set(indiaTime(2026, 12, 1, 0, 0, 0));
    expectOk(await ctx.server.call('admin/recharge/approve', { id: early.id }, { token: ctx.operator }));
    expect(new Date(ctx.server.clock.now()).toISOString()).toBe('2026-11-30T18:30:00.000Z');

    expect(expectOk(await bill(user.token, { month: '2026-11' })).items.map((r) => r.amount)).toEqual([10]);
    expect(expectOk(await bill(user.token, { month: '2026-12' })).items.map((r) => r.amount)).toEqual([20]);
    expect(expectOk(await bill(user.token, { month: '2026-10' })).total).toBe(0);
    expect(expectOk(await bill(user.token, { month: '2026-12', kind: 'deposit' })).total).toBe(1);
    const bad = await bill(user.token, { month: '2026-13' });
    expectCall(bad, 400, 1000);
    expect(bad.body.message).toContain(localeText('en', 'validation.month'));
  });

  it("shows only the caller's postings", async () => {
    const a = await history();
    const b = await investor(ctx.server);
    expect(expectOk(await bill(b.token))).toMatchObject({ items: [], total: 0 });
    expect(expectOk(await bill(a.token)).total).toBe(11);
    expectCall(await ctx.server.call('billflow/myBillflow', {}), 401, 501);
    expectCall(await bill(b.token, { userId: 'x' }), 400, 1001);
  });
});
