/**
 * Gather plans over the API, on SQLite and `TEST_DB=pg`: the
 * operator's plan rules; joining holds the amount; 3 tranches run 3 fills at the feed price,
 * each exactly once (also with two passes at once and after a restart on another server),
 * moving held → shares, and release the remainder; cancel releases the rest at once; every
 * bad input refused with its own code and nothing changed. Ledger invariants after every test.
 */
import { indiaTime } from '../../src/shared/india-time.js';
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { lastPrice, trader } from '../support/trading.js';
import { balances, deliveryBuyCharges, inUnits, minor, sharesOf, type Breakdown, useOfferingsServer } from '../support/offerings.js';
import { buildServer } from '../../src/server/app.js';
import { affordableQuantity } from '../../src/server/domain/holdings/index.js';
import { NSE_DELIVERY_RATES } from '../../src/server/domain/trading/charges.js';

// The offerings' arithmetic on an INR account (no conversion); tests/api/currency.test.ts converts
// offering buys to the EUR account at the feed's EUR/INR rate.
const ctx = useOfferingsServer({ ACCOUNT_CURRENCY: 'INR' });

interface Plan { id: string; name: string; symbol: string; tranches: number; intervalSeconds: number; minAmount: number; status: string; participants: number }
interface Participation { id: string; planId: string; symbol: string; amount: number; invested: number; remainingHeld: number; fills: Array<{ at: number; price: number; quantity: number; commission: number; charges: Breakdown }>; averagePrice: number | null; status: string; tranchesDone: number }

const planBody = (extra: Record<string, unknown> = {}) => ({
  name: 'TCS in 3 steps', symbol: 'TCS', tranches: 3, intervalSeconds: 5, minAmount: 1000, opensAt: ctx.server.clock.now() - 1000, closesAt: ctx.server.clock.now() + 86_400_000, ...extra,
});
const savePlan = async (extra: Record<string, unknown> = {}) => expectOk(await ctx.server.call<Plan>('admin/gather/save', planBody(extra), { token: ctx.operator }));
const mine = async (token: string, id: string) => expectOk(await ctx.server.call<{ items: Participation[] }>('gather/myRecord', {}, { token })).items.find((p) => p.id === id)!;

describe('operator desk', () => {
  it('saves plans within the rules, refuses the rest, lists and audits them', async () => {
    const plan = await savePlan();
    expect(plan).toMatchObject({ name: 'TCS in 3 steps', symbol: 'TCS', tranches: 3, intervalSeconds: 5, minAmount: 1000, status: 'open', participants: 0 });
    const t = { token: ctx.operator };
    expectCall(await ctx.server.call('admin/gather/save', planBody({ tranches: 1 }), t), 400, 1765);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ tranches: 31 }), t), 400, 1765);
    expect(expectCall(await ctx.server.call('admin/gather/save', planBody({ intervalSeconds: 4 }), t), 400, 1766).message).toBe('The interval must be at least 5 seconds.');
    // Too large is told "at most", with the limit.
    const tooLong = expectCall(await ctx.server.call('admin/gather/save', planBody({ intervalSeconds: 366 * 86_400 + 1 }), t), 400, 1767);
    expect(tooLong.message).toBe('The interval must be at most 31622400 seconds (366 days).');
    expect((await ctx.server.call('admin/gather/save', planBody({ intervalSeconds: 40_000_000 }), { ...t, lang: 'de' })).body.message).toContain('höchstens');
    expectCall(await ctx.server.call('admin/gather/save', planBody({ minAmount: 0 }), t), 400, 1203);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ closesAt: ctx.server.clock.now() - 2000 }), t), 400, 1758);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ symbol: 'SENSEX' }), t), 400, 1408);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ id: 'missing' }), t), 404, 1760);
    expectCall(await ctx.server.call('admin/gather/save', { name: 'x' }, t), 400, 1765); // the first missing field's own code (the form's schema)
    const investor = await trader(ctx.server, ctx.operator, 0);
    expectCall(await ctx.server.call('admin/gather/save', planBody(), { token: investor.token }), 403, 1040);
    // The form sends India-time strings (one schema with the call); same instants as epoch ms.
    const fromForm = expectOk(await ctx.server.call<Plan & { opensAt: number; closesAt: number }>('admin/gather/save', planBody({ opensAt: '2026-11-23T09:15', closesAt: '2026-11-30T15:30' }), t));
    expect([fromForm.opensAt, fromForm.closesAt]).toEqual([indiaTime(2026, 11, 23, 9, 15), indiaTime(2026, 11, 30, 15, 30)]);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ opensAt: 'soon' }), t), 400, 1768);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ opensAt: '2026-02-30T09:15' }), t), 400, 1768);
    expectCall(await ctx.server.call('admin/gather/save', planBody({ note: 'x' }), t), 400, 1001);
    const edited = expectOk(await ctx.server.call<Plan>('admin/gather/save', planBody({ id: plan.id, name: 'Renamed' }), t));
    expect(edited.name).toBe('Renamed');
    const list = expectOk(await ctx.server.call<{ items: Plan[] }>('admin/gather/list', {}, t));
    expect(list.items.map((p) => p.id)).toContain(plan.id);
    const audit = await ctx.server.deps.db.selectFrom('audit_log').select('action').where('entity_id', '=', plan.id).orderBy('created_at').execute();
    expect(audit.map((a) => a.action)).toEqual(['gatherPlan.create', 'gatherPlan.update']);
  });
});

describe('investor plans', () => {
  it('3 tranches: holds the amount, runs 3 fills exactly once each, moves held → shares and releases the rest', async () => {
    const user = await trader(ctx.server, ctx.operator, 50_000);
    const plan = await savePlan({ symbol: 'INFY' });
    const start = await balances(ctx.server, user.token);
    // The ticket: the held amount, each tranche's budget and what it buys at today's price.
    const today = minor(await lastPrice(ctx.server, 'INFY'));
    const quote = expectOk(await ctx.server.call<{ price: number; rate: number; amount: number; amountQuote: number; tranches: number; trancheAmount: number; sharesPerTranche: number; charges: Breakdown }>('gather/quote', { id: plan.id, amount: 7000.5 }, { token: user.token }));
    // A tranche buys the most whole shares its budget covers with brokerage and every statutory charge.
    const perTranche = affordableQuantity(Math.floor(700_050 / 3), today, NSE_DELIVERY_RATES, minor(quote.rate));
    expect(today * perTranche + deliveryBuyCharges(today * perTranche).total).toBeLessThanOrEqual(Math.floor(700_050 / 3));
    expect(today * (perTranche + 1) + deliveryBuyCharges(today * (perTranche + 1)).total).toBeGreaterThan(Math.floor(700_050 / 3));
    expect(quote).toMatchObject({ price: today / 100, amount: 7000.5, tranches: 3, trancheAmount: Math.floor(700_050 / 3) / 100, sharesPerTranche: perTranche, charges: inUnits(deliveryBuyCharges(today * perTranche)), chargesPerTranche: inUnits(deliveryBuyCharges(today * perTranche)).total });
    expect(quote.amountQuote).toBeGreaterThanOrEqual(7000.5);
    const { id } = expectOk(await ctx.server.call<{ id: string }>('gather/purchase', { id: plan.id, amount: 7000.5 }, { token: user.token }));
    const amount = 700_050;
    expect(await balances(ctx.server, user.token)).toEqual({ available: start.available - amount, held: start.held + amount });
    expect(expectOk(await ctx.server.call<{ items: Plan[] }>('gather/getList', {}, { token: user.token })).items.find((p) => p.id === plan.id)!.participants).toBe(1);
    expect(await mine(user.token, id)).toMatchObject({ status: 'running', amount: 7000.5, invested: 0, remainingHeld: 7000.5, fills: [], averagePrice: null });

    // Not due yet.
    expect((await ctx.server.offerings.runGather()).executed).toBe(0);
    let held = amount;
    let invested = 0;
    const base = Math.floor(amount / 3);
    for (let tranche = 0; tranche < 3; tranche++) {
      ctx.server.clock.advance(5_000);
      const price = minor(await lastPrice(ctx.server, 'INFY'));
      // Two passes at once (as two ctx.server processes would): the tranche runs once.
      const [a, b] = await Promise.all([ctx.server.offerings.runGather(), ctx.server.offerings.runGather()]);
      expect(a.executed + b.executed).toBe(1);
      expect((await ctx.server.offerings.runGather()).executed).toBe(0);
      const budget = tranche === 2 ? held : held - (2 - tranche) * base;
      const quantity = affordableQuantity(budget, price, NSE_DELIVERY_RATES);
      expect(quantity).toBeGreaterThan(0);
      // Gross + brokerage + STT, exchange charge, SEBI fee, stamp duty and GST, to the paisa.
      const charges = deliveryBuyCharges(price * quantity);
      const cost = price * quantity + charges.total;
      invested += cost;
      held = tranche === 2 ? 0 : held - cost;
      const record = await mine(user.token, id);
      expect(record.fills).toHaveLength(tranche + 1);
      expect(record.fills[tranche]).toMatchObject({ price: price / 100, quantity, at: ctx.server.clock.now(), commission: charges.brokerage / 100, charges: inUnits(charges) });
      expect(minor(record.invested)).toBe(invested);
      expect(minor(record.remainingHeld)).toBe(held);
      const now = await balances(ctx.server, user.token);
      expect(now.held).toBe(start.held + held);
      expect(now.available).toBe(start.available - (tranche === 2 ? invested : amount));
    }
    const done = await mine(user.token, id);
    expect(done.status).toBe('completed');
    const shares = done.fills.reduce((s, f) => s + f.quantity, 0);
    expect(await sharesOf(ctx.server, user.token, 'INFY')).toBe(shares);
    expect(done.averagePrice).toBe(Math.round(done.fills.reduce((s, f) => s + minor(f.price) * f.quantity, 0) / shares) / 100);
    ctx.server.clock.advance(60_000);
    expect((await ctx.server.offerings.runGather()).executed).toBe(0);
    const records = expectOk(await ctx.server.call<{ items: Array<Participation & { email: string }> }>('admin/gather/records', { id: plan.id }, { token: ctx.operator }));
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({ id, email: user.email, status: 'completed' });
  });

  it('cancel stops future tranches and releases what is still held at once', async () => {
    const user = await trader(ctx.server, ctx.operator, 20_000);
    const plan = await savePlan({ symbol: 'ITC', tranches: 4 });
    const start = await balances(ctx.server, user.token);
    const { id } = expectOk(await ctx.server.call<{ id: string }>('gather/purchase', { id: plan.id, amount: 8000 }, { token: user.token }));
    ctx.server.clock.advance(5_000);
    expect((await ctx.server.offerings.runGather()).executed).toBe(1);
    const afterOne = await mine(user.token, id);
    const cancelled = expectOk(await ctx.server.call<Participation>('gather/cancel', { id }, { token: user.token }));
    expect(cancelled).toMatchObject({ status: 'cancelled', remainingHeld: 0, invested: afterOne.invested });
    expect(await balances(ctx.server, user.token)).toEqual({ available: start.available - minor(afterOne.invested), held: start.held });
    ctx.server.clock.advance(30_000);
    expect((await ctx.server.offerings.runGather()).executed).toBe(0);
    expect((await mine(user.token, id)).fills).toHaveLength(1);
    expectCall(await ctx.server.call('gather/cancel', { id }, { token: user.token }), 409, 1764);
    const other = await trader(ctx.server, ctx.operator, 0);
    expectCall(await ctx.server.call('gather/cancel', { id }, { token: other.token }), 404, 1763);
  });

  it('a tranche missed while the server was down runs once when a server starts again', async () => {
    const user = await trader(ctx.server, ctx.operator, 20_000);
    const plan = await savePlan({ symbol: 'WIPRO', tranches: 2 });
    const { id } = expectOk(await ctx.server.call<{ id: string }>('gather/purchase', { id: plan.id, amount: 5000 }, { token: user.token }));
    ctx.server.clock.advance(12_000); // both tranches' times pass without a pass
    const second = await buildServer(ctx.server.config, { clock: ctx.server.clock, db: ctx.server.deps.db, logger: false });
    try {
      await second.jobs.started;
      expect((await mine(user.token, id)).tranchesDone).toBe(1);
      // The next one follows one interval later, on whichever ctx.server passes first.
      expect((await ctx.server.offerings.runGather()).executed).toBe(0);
      ctx.server.clock.advance(5_000);
      const [a, b] = await Promise.all([ctx.server.offerings.runGather(), second.offerings.runGather()]);
      expect(a.executed + b.executed).toBe(1);
    } finally {
      await second.close();
    }
    const record = await mine(user.token, id);
    expect(record).toMatchObject({ status: 'completed', tranchesDone: 2, remainingHeld: 0 });
  });

  it('refuses every bad join with its own code and changes nothing', async () => {
    const user = await trader(ctx.server, ctx.operator, 2_000);
    const plan = await savePlan({ minAmount: 1500 });
    const upcoming = await savePlan({ opensAt: ctx.server.clock.now() + 3_600_000 });
    const before = await balances(ctx.server, user.token);
    const t = { token: user.token };
    // The minimum is money, formatted in the request's language.
    expect(expectCall(await ctx.server.call('gather/purchase', { id: plan.id, amount: 1000 }, t), 400, 1762).message).toBe('The minimum amount is ₹1,500.00.');
    expect((await ctx.server.call('gather/purchase', { id: plan.id, amount: 1000 }, { ...t, lang: 'de' })).body.message).toBe('Mindestbetrag: 1.500,00 ₹.');
    expectCall(await ctx.server.call('gather/purchase', { id: plan.id, amount: 1500.001 }, t), 400, 1203);
    expectCall(await ctx.server.call('gather/quote', { id: plan.id, amount: 1000 }, t), 400, 1762);
    expectCall(await ctx.server.call('gather/quote', { id: plan.id, amount: -5 }, t), 400, 1203);
    expectCall(await ctx.server.call('gather/quote', { id: upcoming.id, amount: 1500 }, t), 409, 1761);
    expectCall(await ctx.server.call('gather/purchase', { id: plan.id, amount: -5 }, t), 400, 1203);
    expectCall(await ctx.server.call('gather/purchase', { id: 'missing', amount: 1500 }, t), 404, 1760);
    expectCall(await ctx.server.call('gather/purchase', { id: upcoming.id, amount: 1500 }, t), 409, 1761);
    expectCall(await ctx.server.call('gather/purchase', { id: plan.id, amount: 2500 }, t), 409, 1210);
    // The join form's schema on both sides: a missing amount is 1203 too.
    expectCall(await ctx.server.call('gather/purchase', { id: plan.id }, t), 400, 1203);
    expectCall(await ctx.server.call('gather/purchase', { amount: 1500 }, t), 400, 1000);
    expectCall(await ctx.server.call('gather/purchase', { id: plan.id, amount: 1500 }), 401, 501);
    expect(await balances(ctx.server, user.token)).toEqual(before);
    expect(expectOk(await ctx.server.call<{ items: Participation[] }>('gather/myRecord', {}, t)).items).toHaveLength(0);
    const headers = { 'idempotency-key': 'gather-join-1' };
    const first = expectOk(await ctx.server.call('gather/purchase', { id: plan.id, amount: 1500 }, { ...t, headers }));
    expect(expectOk(await ctx.server.call('gather/purchase', { id: plan.id, amount: 1500 }, { ...t, headers }))).toEqual(first);
    expect((await balances(ctx.server, user.token)).held).toBe(before.held + 150_000);
    expectOk(await ctx.server.call('gather/cancel', first as { id: string }, t));
  });
});
