/**
 * The rupee side of a deposit (docs/product.md, Deposits), on SQLite and `TEST_DB=pg`: the
 * deposit goes to the Indian beneficiary in rupees while the account is credited in euros.
 * `pay/quote` answers the rupees to transfer for an amount at the feed's EUR/INR rate (rounded
 * up to the paisa), `pay/recharge` keeps that rupee amount and the rate with the deposit, and the
 * investor's record and the operator's review show them — unchanged when the rate moves on.
 * An INR deployment converts nothing. Ledger invariants after every test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toQuoteMinor } from '../../src/shared/currency.js';
import { expectCall, expectOk } from '../support/envelope.js';
import { investor, rechargeBody, startMoneyServer, useMoneyServer } from '../support/money.js';
import type { TestServer } from '../support/server.js';
import { lastPrice } from '../support/trading.js';

const ctx = useMoneyServer();
const minor = (units: number) => Math.round(units * 100);

interface DepositQuote {
  amount: number;
  amountQuote: number;
  rate: number;
  currency: string;
  accountCurrency: string;
}

describe('EUR account: the rupees to transfer', () => {
  it('pay/quote answers amount × the feed rate in rupees, rounded up to the paisa; refuses a bad amount with 1203', async () => {
    const user = await investor(ctx.server);
    const rate = await lastPrice(ctx.server, 'EURINR');
    const quote = expectOk(await ctx.server.call<DepositQuote>('pay/quote', { amount: 123.45 }, { token: user.token }));
    expect(quote).toEqual({ amount: 123.45, amountQuote: toQuoteMinor(12_345, minor(rate)) / 100, rate, currency: 'INR', accountCurrency: 'EUR' });
    // Enough rupees arrive for the credit: never less than the exact product.
    expect(minor(quote.amountQuote) * 100).toBeGreaterThanOrEqual(12_345 * minor(rate));
    expect(minor(quote.amountQuote) * 100 - 12_345 * minor(rate)).toBeLessThan(100);
    expect(toQuoteMinor(1, 10_415)).toBe(105);
    expect(toQuoteMinor(5_000, 10_420)).toBe(521_000);
    for (const amount of [0, -5, 1.234]) expectCall(await ctx.server.call('pay/quote', { amount }, { token: user.token }), 400, 1203);
    expectCall(await ctx.server.call('pay/quote', { amount: 10 }), 401, 501);
  });

  it('pay/recharge keeps the rupee amount and rate with the deposit; the record and the operator review show them after the rate moved', async () => {
    const user = await investor(ctx.server);
    const quote = expectOk(await ctx.server.call<DepositQuote>('pay/quote', { amount: 2500 }, { token: user.token }));
    const { id } = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody(user, 2500, { channel: 'institution' }), { token: user.token }));
    const row = await ctx.server.deps.db.selectFrom('deposits').select(['amount_minor', 'amount_quote_minor', 'rate_minor']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ amount: Number(row.amount_minor), rupees: Number(row.amount_quote_minor), rate: Number(row.rate_minor) }).toEqual({
      amount: 250_000,
      rupees: minor(quote.amountQuote),
      rate: minor(quote.rate),
    });

    // The rate moves on; the deposit keeps what the investor was asked to transfer.
    ctx.server.clock.advance(15 * 60_000);
    expect(await lastPrice(ctx.server, 'EURINR')).not.toBe(quote.rate);
    const detail = expectOk(await ctx.server.call<{ amount: number; amountQuote: number; rate: number }>('pay/rechargeDetail', { id }, { token: user.token }));
    expect(detail).toMatchObject({ amount: 2500, amountQuote: quote.amountQuote, rate: quote.rate });
    const list = expectOk(await ctx.server.call<{ items: Array<{ id: string; amountQuote: number; rate: number }> }>('pay/rechargeRecord', {}, { token: user.token }));
    expect(list.items.find((d) => d.id === id)).toMatchObject({ amountQuote: quote.amountQuote, rate: quote.rate });
    const review = expectOk(await ctx.server.call<{ amount: number; amountQuote: number; rate: number }>('admin/recharge/detail', { id }, { token: ctx.operator }));
    expect(review).toMatchObject({ amount: 2500, amountQuote: quote.amountQuote, rate: quote.rate });

    // Approval credits the euro amount, not the rupees.
    expectOk(await ctx.server.call('admin/recharge/approve', { id }, { token: ctx.operator }));
    expect(expectOk(await ctx.server.call<{ available: number }>('purse/getAssets', {}, { token: user.token })).available).toBe(2500);
  });

  it('a deposit from before rupee amounts were kept shows none (null)', async () => {
    const user = await investor(ctx.server);
    const { id } = expectOk(await ctx.server.call<{ id: string }>('pay/recharge', rechargeBody(user, 100), { token: user.token }));
    await ctx.server.deps.db.updateTable('deposits').set({ amount_quote_minor: null, rate_minor: null }).where('id', '=', id).execute();
    expect(expectOk(await ctx.server.call('pay/rechargeDetail', { id }, { token: user.token }))).toMatchObject({ amountQuote: null, rate: null });
  });
});

describe('INR deployment (ACCOUNT_CURRENCY=INR)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startMoneyServer({ ACCOUNT_CURRENCY: 'INR' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the rupees are the amount at rate 1, and the deposit keeps them', async () => {
    const user = await investor(server);
    expect(expectOk(await server.call<DepositQuote>('pay/quote', { amount: 99.99 }, { token: user.token }))).toEqual({ amount: 99.99, amountQuote: 99.99, rate: 1, currency: 'INR', accountCurrency: 'INR' });
    const { id } = expectOk(await server.call<{ id: string }>('pay/recharge', rechargeBody(user, 99.99), { token: user.token }));
    expect(expectOk(await server.call('pay/rechargeDetail', { id }, { token: user.token }))).toMatchObject({ amount: 99.99, amountQuote: 99.99, rate: 1 });
  });
});
