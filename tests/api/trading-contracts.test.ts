/**
 * Up/down contracts over the API, on SQLite and `TEST_DB=pg`: terms, risk
 * acknowledgement, refusals (insufficient balance, unknown symbol, duration not offered, amount
 * out of bounds, product switched off, risk not acknowledged, market closed), idempotent
 * purchase by Idempotency-Key, settlement amounts for win / loss / equal / void in the ledger,
 * the price at the expiry instant rather than when the settler runs, the owner-only detail,
 * open contracts and history. Ledger invariants after every test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectCall, expectOk } from '../support/envelope.js';
import { assets, credit, investor, operatorToken, startMoneyServer, useMoneyServer } from '../support/money.js';
import { assertLedgerInvariants } from '../support/invariants.js';
import { buyContract, entriesOf, lastPrice, recordTick, trader } from '../support/trading.js';
import { settleDue } from '../../src/server/domain/trading/settle.js';

const money = useMoneyServer({ resetClock: false });

type Detail = { id: string; status: string; settlePrice: number | null; profit: number | null; settledAt: number | null; amount: number; buyPrice: number; direction: number; expiresAt: number };

describe('terms and risk acknowledgement', () => {
  it('order/tradingConfig answers the configured terms and the stored acknowledgement', async () => {
    const user = await investor(money.server);
    const terms = expectOk(await money.server.call<Record<string, unknown>>('order/tradingConfig', {}, { token: user.token }));
    expect(terms).toEqual({
      updownEnabled: true,
      riskAcknowledged: false,
      amountMin: 10,
      amountMax: 100_000,
      quickAmounts: [100, 500, 1000, 5000],
      durations: [{ seconds: 60, rate: 0.85 }, { seconds: 180, rate: 0.9 }, { seconds: 300, rate: 0.95 }],
      commissionRate: 0.001,
    });
    expect(expectOk(await money.server.call('order/acknowledgeRisk', {}, { token: user.token }))).toEqual({ riskAcknowledged: true });
    expect(expectOk(await money.server.call('order/acknowledgeRisk', {}, { token: user.token }))).toEqual({ riskAcknowledged: true });
    expect(expectOk(await money.server.call<{ riskAcknowledged: boolean }>('order/tradingConfig', {}, { token: user.token })).riskAcknowledged).toBe(true);
    expect(expectOk(await money.server.call('order/getCommissionRate', {}, { token: user.token }))).toEqual({ rate: 0.001, basisPoints: 10 });
    const config = expectOk(await money.server.call<{ trading: { durations: unknown[]; updownEnabled: boolean } }>('config/getSystemConfig', { keys: ['trading'] }));
    expect(config.trading.updownEnabled).toBe(true);
    expect(config.trading.durations).toHaveLength(3);
    expectCall(await money.server.call('order/tradingConfig', {}), 401, 501);
  });
});

describe('order/purchase refusals', () => {
  it('refuses without balance, for unknown symbols, durations not offered, amounts out of bounds and without acknowledgement', async () => {
    const user = await trader(money.server, money.operator, 50);
    const buy = (body: Record<string, unknown>) => money.server.call('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 20, duration: 60, ...body }, { token: user.token });
    expectCall(await buy({ amount: 60 }), 409, 1210);
    expectCall(await buy({ symbol: 'NOPE' }), 404, 1300);
    expectCall(await buy({ duration: 45 }), 400, 1402);
    expectCall(await buy({ amount: 9 }), 400, 1403);
    expectCall(await buy({ amount: 100_001 }), 400, 1403);
    expectCall(await buy({ amount: 20.5 }), 400, 1403);
    expectCall(await buy({ amount: undefined }), 400, 1403);
    expectCall(await buy({ kind: 'other' }), 400, 1000);
    expectCall(await buy({ price: 1 }), 400, 1001);
    // The server validates with the up/down form's own schema: its symbol bound holds.
    const form = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'schemas/screens/updown.schema.json'), 'utf8')) as { properties: { symbol: { maxLength: number } } };
    const long = expectCall(await buy({ symbol: 'R'.repeat(form.properties.symbol.maxLength + 1) }), 400, 1000);
    expect((long.data as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('symbol');
    const fresh = await investor(money.server);
    await credit(money.server, fresh.token, money.operator, 100);
    const refused = expectCall(await money.server.call('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 20, duration: 60 }, { token: fresh.token }), 403, 1401);
    expect(refused.message).toMatch(/risk/i);
    expect(await assets(money.server, user.token)).toEqual({ available: 50, held: 0, total: 50 });
  });

  it('refuses when the product is switched off, and when the market is closed', async () => {
    const off = await startMoneyServer({ TRADING_UPDOWN: 'off' });
    try {
      const op = await operatorToken(off);
      const user = await trader(off, op, 100);
      expectCall(await off.call('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 20, duration: 60 }, { token: user.token }), 403, 1400);
      expect(expectOk(await off.call<{ updownEnabled: boolean }>('order/tradingConfig', {}, { token: user.token })).updownEnabled).toBe(false);
      await assertLedgerInvariants(off.deps.db);
    } finally {
      await off.stop();
    }
    const session = await startMoneyServer({ MARKET_HOURS: 'session' });
    try {
      const op = await operatorToken(session);
      const user = await trader(session, op, 100);
      session.clock.advance(9 * 3600_000); // 20:30 India time
      expectCall(await session.call('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 20, duration: 60 }, { token: user.token }), 409, 1404);
    } finally {
      await session.stop();
    }
  });
});

describe('purchase', () => {
  it('takes the feed price, holds the stake in one entry and records the buy tick', async () => {
    const user = await trader(money.server, money.operator, 1000);
    const price = await lastPrice(money.server, 'RELIANCE');
    const receipt = await buyContract(money.server, user.token, { direction: 'up?', amount: 100, duration: 180 });
    expect(receipt).toMatchObject({ symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', direction: 2, amount: 100, buyPrice: price, rate: 0.9, duration: 180 });
    expect(receipt.expiresAt - receipt.boughtAt).toBe(180_000);
    expect(await assets(money.server, user.token)).toEqual({ available: 900, held: 100, total: 1000 });
    expect(await entriesOf(money.server.deps.db, 'contract_placed', receipt.id)).toBe(1);
    const tick = await money.server.deps.db.selectFrom('price_ticks').selectAll().where('symbol', '=', 'RELIANCE').where('at', '=', receipt.boughtAt).executeTakeFirstOrThrow();
    expect(Number(tick.price_minor)).toBe(Math.round(price * 100));
    const detail = expectOk(await money.server.call<Detail>('order/contractDetail', { id: receipt.id }, { token: user.token }));
    expect(detail).toMatchObject({ id: receipt.id, status: 'open', settlePrice: null, profit: null, settledAt: null });
    const other = await trader(money.server, money.operator, 0);
    expectCall(await money.server.call('order/contractDetail', { id: receipt.id }, { token: other.token }), 404, 1405);
    const open = expectOk(await money.server.call<{ items: Array<Detail & { currentPrice: number; remainingSeconds: number }>; total: number }>('order/purchaseDetails', { type: 'contracts' }, { token: user.token }));
    expect(open.total).toBe(1);
    expect(open.items[0]).toMatchObject({ id: receipt.id, remainingSeconds: Math.ceil((receipt.expiresAt - money.server.clock.now()) / 1000) });
    expect(open.items[0]!.remainingSeconds).toBeLessThan(180);
    expect(open.items[0]!.currentPrice).toBeGreaterThan(0);
    // Settle it so later tests start clean.
    money.server.clock.advance(181_000);
    await money.server.trading.settle();
  });

  it('is idempotent by Idempotency-Key: a retry answers the first receipt and holds once', async () => {
    const user = await trader(money.server, money.operator, 1000);
    const headers = { 'idempotency-key': 'buy-1' };
    const first = await buyContract(money.server, user.token, { amount: 100 }, headers);
    const again = await buyContract(money.server, user.token, { amount: 100 }, headers);
    expect(again).toEqual(first);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => buyContract(money.server, user.token, { amount: 100 }, { 'idempotency-key': 'buy-2' })));
    expect(new Set(parallel.map((r) => r.id)).size).toBe(1);
    expectCall(await money.server.call('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 200, duration: 60 }, { token: user.token, headers }), 409, 1201);
    expect(await assets(money.server, user.token)).toEqual({ available: 800, held: 200, total: 1000 });
    money.server.clock.advance(61_000);
    await money.server.trading.settle();
  });
});

describe('settlement', () => {
  /** Buys at a known instant, then fixes the settle price with a recorded tick at the expiry. */
  async function settleAt(direction: 1 | 2, amount: number, duration: number, move: number | null) {
    const user = await trader(money.server, money.operator, 1000);
    const receipt = await buyContract(money.server, user.token, { symbol: 'TCS', direction, amount, duration });
    if (move !== null) await recordTick(money.server.deps.db, 'TCS', receipt.expiresAt, receipt.buyPrice + move);
    money.server.clock.advance(duration * 1000 + 5_000);
    // Straight to the settler, without a feed read: only the fixture tick exists after the buy.
    const report = await settleDue(money.server.deps.db, money.server.clock.now());
    expect(report.settled).toBe(1);
    const detail = expectOk(await money.server.call<Detail>('order/contractDetail', { id: receipt.id }, { token: user.token }));
    expect(await entriesOf(money.server.deps.db, 'contract_settled', receipt.id)).toBe(1);
    return { user, receipt, detail, assets: await assets(money.server, user.token) };
  }

  it('a win credits stake + round(amount × rate) (15 × 0.90 = 13.5 → 14)', async () => {
    const up = await settleAt(1, 15, 180, 0.05);
    expect(up.detail).toMatchObject({ status: 'won', settlePrice: (Math.round(up.receipt.buyPrice * 100) + 5) / 100, profit: 14 });
    expect(up.assets).toEqual({ available: 1014, held: 0, total: 1014 });
    const down = await settleAt(2, 15, 180, -0.05);
    expect(down.detail).toMatchObject({ status: 'won', profit: 14 });
    expect(down.assets).toEqual({ available: 1014, held: 0, total: 1014 });
  });

  it('a loss takes the amount; an equal price loses in both directions', async () => {
    const up = await settleAt(1, 100, 60, -0.05);
    expect(up.detail).toMatchObject({ status: 'lost', profit: -100 });
    expect(up.assets).toEqual({ available: 900, held: 0, total: 900 });
    for (const direction of [1, 2] as const) {
      const equal = await settleAt(direction, 100, 60, 0);
      expect(equal.detail).toMatchObject({ status: 'lost', settlePrice: equal.receipt.buyPrice, profit: -100 });
      expect(equal.assets).toEqual({ available: 900, held: 0, total: 900 });
    }
  });

  it('without a recorded price in (buy, expiry] the contract is voided and the stake returned', async () => {
    const voided = await settleAt(1, 100, 60, null);
    expect(voided.detail).toMatchObject({ status: 'void', settlePrice: null, profit: 0 });
    expect(voided.assets).toEqual({ available: 1000, held: 0, total: 1000 });
  });

  it('settles at the price in effect at the expiry instant, not at the price when the settler runs', async () => {
    const user = await trader(money.server, money.operator, 1000);
    const receipt = await buyContract(money.server, user.token, { symbol: 'INFY', amount: 100, duration: 60 });
    money.server.clock.advance(60_000);
    const atExpiry = await lastPrice(money.server, 'INFY');
    money.server.clock.advance(240_000);
    const later = await lastPrice(money.server, 'INFY');
    const report = await money.server.trading.settle();
    expect(report.settled).toBeGreaterThanOrEqual(1);
    const detail = expectOk(await money.server.call<Detail>('order/contractDetail', { id: receipt.id }, { token: user.token }));
    expect(detail.settlePrice).toBe(atExpiry);
    expect(detail.status).toBe(atExpiry > receipt.buyPrice ? 'won' : 'lost');
    // The path moved on after the expiry (the assertion above is not trivially the current price).
    const ticks = await money.server.deps.db.selectFrom('price_ticks').select(['at', 'price_minor']).where('symbol', '=', 'INFY').where('at', '>', receipt.expiresAt).execute();
    expect(ticks.length).toBeGreaterThan(100);
    expect(ticks.some((t) => Number(t.price_minor) !== Math.round(atExpiry * 100)) || later === atExpiry).toBe(true);
  });

  it('a second settlement pass changes nothing; the history lists settled contracts newest first', async () => {
    const user = await trader(money.server, money.operator, 1000);
    const a = await buyContract(money.server, user.token, { symbol: 'ITC', amount: 50, duration: 60 });
    money.server.clock.advance(10_000);
    const b = await buyContract(money.server, user.token, { symbol: 'ITC', direction: 2, amount: 50, duration: 60 });
    money.server.clock.advance(61_000);
    await money.server.trading.settle();
    const again = await money.server.trading.settle();
    expect(again.settled).toBe(0);
    const history = expectOk(await money.server.call<{ items: Array<{ id: string; type: string; outcome: string; pnl: number; direction: number }>; total: number }>('order/historicalDetails', {}, { token: user.token }));
    expect(history.total).toBe(2);
    expect(history.items.map((i) => i.type)).toEqual(['contract', 'contract']);
    expect(new Set(history.items.map((i) => i.id))).toEqual(new Set([a.id, b.id]));
    const total = history.items.reduce((sum, i) => sum + i.pnl, 0);
    expect((await assets(money.server, user.token)).available).toBe(1000 + total);
  });
});
