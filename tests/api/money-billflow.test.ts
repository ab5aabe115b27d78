/**
 * Bill flow (`billflow/myBillflow`): one line per business event on the user's accounts with
 * time, event and kind (localized), the signed change of total assets or what was reserved or
 * released, the fee, and the balance after it; filters by kind and by India-time month; paging;
 * the amounts add up to the balances; several contracts settled in one batch (one net journal
 * entry) are one line per contract, each with its own amount and the balance after it.
 */
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { indiaTime } from '../../src/shared/india-time.js';
import { assets, credit, investor, useMoneyServer } from '../support/money.js';
import { buyContract, recordTick, trader } from '../support/trading.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';

const ctx = useMoneyServer();

interface BillRow {
  id: string;
  time: number;
  event: string;
  eventLabel: string;
  kind: string;
  kindLabel: string;
  amount: number | null;
  reserved: number | null;
  released: number | null;
  fee: number | null;
  balanceAfter: number;
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

const cents = (rows: BillRow[]) => rows.reduce((sum, r) => sum + Math.round((r.amount ?? 0) * 100), 0) / 100;

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
  it('lists one line per business event, newest first: holds as reserved, a payout with its fee, the balance after each line', async () => {
    const user = await history();
    const page = expectOk(await bill(user.token));
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 100 });
    expect(page.items.map((r) => [r.event, r.amount, r.reserved, r.released, r.fee, r.balanceAfter, r.availableAfter])).toEqual([
      ['withdrawal_requested', null, 300, null, null, 899.01, 599.01],
      ['withdrawal_rejected', null, null, 200, null, 899.01, 899.01],
      ['withdrawal_requested', null, 200, null, null, 899.01, 699.01],
      ['withdrawal_paid', -100.99, null, null, 3.02, 899.01, 899.01],
      ['withdrawal_requested', null, 100.99, null, null, 1000, 899.01],
      ['deposit_approved', 1000, null, null, null, 1000, 1000],
    ]);
    const balances = await assets(ctx.server, user.token);
    expect(balances).toEqual({ available: 599.01, held: 300, total: 899.01 });
    // The amounts add up to total assets; the newest line's balances are the account's.
    expect(cents(page.items)).toBe(balances.total);
    expect(page.items[0]!.balanceAfter).toBe(balances.total);
    expect(page.items[0]!.availableAfter).toBe(balances.available);
    expect(page.items[0]!.heldAfter).toBe(balances.held);
    // Each line's balance is the sum of the amounts up to it.
    const oldestFirst = [...page.items].reverse();
    let running = 0;
    for (const row of oldestFirst) {
      running = Math.round((running + (row.amount ?? 0)) * 100) / 100;
      expect(row.balanceAfter).toBe(running);
    }
    expect(page.items.at(-1)!.time).toBeLessThan(page.items[0]!.time);
    expect(new Set(page.items.map((r) => r.reference)).size).toBe(4);
  });

  it('localizes kinds', async () => {
    const user = await history();
    const en = expectOk(await bill(user.token));
    expect(en.items.map((r) => r.eventLabel)).toContain(localeText('en', 'bill.event.withdrawal_paid'));
    const de = expectOk(await bill(user.token, {}, 'de'));
    expect(new Set(de.items.map((r) => r.eventLabel))).toEqual(
      new Set(['withdrawal_requested', 'withdrawal_rejected', 'withdrawal_paid', 'deposit_approved'].map((k) => localeText('de', `bill.event.${k}`))),
    );
    expect(new Set(de.items.map((r) => r.kindLabel))).toEqual(
      new Set(['withdrawal_hold', 'withdrawal_release', 'withdrawal_paid', 'deposit'].map((k) => localeText('de', `bill.kind.${k}`))),
    );
  });

  it('pages through the same rows', async () => {
    const user = await history();
    const all = expectOk(await bill(user.token)).items.map((r) => r.id);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = expectOk(await bill(user.token, { page, pageSize: 2 }));
      expect(res.total).toBe(6);
      paged.push(...res.items.map((r) => r.id));
    }
    expect(paged).toEqual(all);
    expect(expectOk(await bill(user.token, { page: 4, pageSize: 2 })).items).toEqual([]);
  });

  it('filters by kind: the events with a leg of that kind', async () => {
    const user = await history();
    const fees = expectOk(await bill(user.token, { kind: 'withdrawal_fee' }));
    expect(fees.total).toBe(1);
    expect(fees.items.map((r) => [r.event, r.amount, r.fee])).toEqual([['withdrawal_paid', -100.99, 3.02]]);
    const holds = expectOk(await bill(user.token, { kind: 'withdrawal_hold' }));
    expect(holds.total).toBe(3);
    expect(holds.items.every((r) => r.event === 'withdrawal_requested')).toBe(true);
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
    expect(expectOk(await bill(a.token)).total).toBe(6);
    expectCall(await ctx.server.call('billflow/myBillflow', {}), 401, 501);
    expectCall(await bill(b.token, { userId: 'x' }), 400, 1001);
  });

  it('several contracts settled in one batch: one line per contract settled, its own amount, the balance after each', async () => {
    const user = await trader(ctx.server, ctx.operator, 1000);
    const { db } = ctx.server.deps;
    // Won (TCS up, the price 0.05 higher at expiry), lost (INFY up, 0.05 lower), void (ITC: no price after the buy).
    const won = await buyContract(ctx.server, user.token, { symbol: 'TCS', direction: 1, amount: 100, duration: 60 });
    await recordTick(db, 'TCS', won.expiresAt, won.buyPrice + 0.05);
    ctx.server.clock.advance(5_000);
    const lost = await buyContract(ctx.server, user.token, { symbol: 'INFY', direction: 1, amount: 40, duration: 60 });
    await recordTick(db, 'INFY', lost.expiresAt, lost.buyPrice - 0.05);
    ctx.server.clock.advance(5_000);
    const voided = await buyContract(ctx.server, user.token, { symbol: 'ITC', direction: 2, amount: 25, duration: 60 });
    ctx.server.clock.advance(70_000);
    // One settler run, one batch: one net entry for the three contracts.
    expect((await settleDue(db, ctx.server.clock.now())).settled).toBe(3);
    const entries = await db.selectFrom('journal_entries').select(['id', 'reference']).where('kind', '=', 'contract_settled').where('reference', 'like', 'net:%')
      .where('id', 'in', (eb) => eb.selectFrom('postings').select('entry_id').where('user_id', '=', user.userId)).execute();
    expect(entries).toHaveLength(1);

    const page = expectOk(await bill(user.token));
    const settled = page.items.filter((r) => r.event === 'contract_settled');
    // Newest expiry first, one line each, referencing its contract; won: the profit (100 × 0.85), lost: the stake, void: the stake released.
    expect(settled.map((r) => [r.reference, r.kind, r.amount, r.reserved, r.released])).toEqual([
      [voided.id, 'contract_void', null, null, 25],
      [lost.id, 'contract_loss', -40, null, null],
      [won.id, 'contract_payout', 85, null, null],
    ]);
    expect(settled.map((r) => r.id)).toEqual([voided.id, lost.id, won.id].map((id) => `${entries[0]!.id}:${id}`));
    expect(page.total).toBe(page.items.length);
    // The balances run line by line to the account's.
    const balances = await assets(ctx.server, user.token);
    expect(balances).toEqual({ available: 1045, held: 0, total: 1045 });
    expect(page.items[0]).toMatchObject({ balanceAfter: 1045, availableAfter: 1045, heldAfter: 0 });
    expect(settled.map((r) => [r.balanceAfter, r.availableAfter, r.heldAfter])).toEqual([[1045, 1045, 0], [1045, 1020, 25], [1085, 1020, 65]]);
    const oldestFirst = [...page.items].reverse();
    let running = 0;
    for (const row of oldestFirst) {
      running = Math.round((running + (row.amount ?? 0)) * 100) / 100;
      expect(row.balanceAfter).toBe(running);
    }
    // Pages split the lines, not the entries; a kind shows only the contracts with a leg of that kind.
    const paged: string[] = [];
    for (let n = 1; n <= Math.ceil(page.total / 2); n++) paged.push(...expectOk(await bill(user.token, { page: n, pageSize: 2 })).items.map((r) => r.id));
    expect(paged).toEqual(page.items.map((r) => r.id));
    const losses = expectOk(await bill(user.token, { kind: 'contract_loss' }));
    expect(losses.items.map((r) => r.reference)).toEqual([lost.id]);
    expect(losses.total).toBe(1);
    expect(expectOk(await bill(user.token, { kind: 'contract_profit' })).items.map((r) => r.reference)).toEqual([won.id]);
  });
});
