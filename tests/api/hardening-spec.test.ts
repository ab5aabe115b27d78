/**
 * Contract conformance: `order/purchaseDetails` without `type` returns both lists;
 * `config/getSystemConfig` feature flags tell the truth about the running server; the
 * withdrawal refusal on a weekend says withdrawals are for weekdays. Ledger invariants after
 * every test.
 */
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk, localeText } from '../support/envelope.js';
import { useMoneyServer } from '../support/money.js';
import { trader } from '../support/trading.js';
import { indiaTime } from '../../src/shared/india-time.js';

// The clock stays where a test leaves it (the tests set it themselves).
const ctx = useMoneyServer({ resetClock: false });

interface Page {
  items: Array<Record<string, unknown>>;
  total: number;
  page: number;
  pageSize: number;
}

describe('order/purchaseDetails without type', () => {
  it('returns both the open contracts and the holdings', async () => {
    const user = await trader(ctx.server, ctx.operator, 50_000);
    expectOk(await ctx.server.call('order/purchase', { kind: 'stock', symbol: 'HDFCBANK', quantity: 2 }, { token: user.token }));
    expectOk(await ctx.server.call('order/purchase', { kind: 'updown', symbol: 'RELIANCE', direction: 1, amount: 20, duration: 60 }, { token: user.token }));
    const both = expectOk(await ctx.server.call<{ contracts: Page; holdings: Page }>('order/purchaseDetails', {}, { token: user.token }));
    const contracts = expectOk(await ctx.server.call<Page>('order/purchaseDetails', { type: 'contracts' }, { token: user.token }));
    const holdings = expectOk(await ctx.server.call<Page>('order/purchaseDetails', { type: 'holdings' }, { token: user.token }));
    expect(both).toEqual({ contracts, holdings });
    expect(both.contracts.total).toBe(1);
    expect(both.holdings.items.map((h) => h.symbol)).toEqual(['HDFCBANK']);
    expectCall(await ctx.server.call('order/purchaseDetails', { type: 'other' }, { token: user.token }), 400, 1000);
  });
});

describe('truthful feature flags', () => {
  const features = async (s: TestServer) => expectOk(await s.call<{ features: Record<string, boolean> }>('config/getSystemConfig', { keys: ['features'] })).features;

  it('reports trading, up/down and every built product on, the studio included', async () => {
    const flags = await features(ctx.server);
    expect(flags).toMatchObject({ markets: true, news: true, favourites: true, trading: true, updown: true, stocks: true, ipo: true, etf: true, blockTrading: true, aiBlockTrading: true, gather: true, studio: true });
    // The up/down product really is open.
    expect(expectOk(await ctx.server.call<{ trading: { updownEnabled: boolean } }>('config/getSystemConfig', { keys: ['trading'] })).trading.updownEnabled).toBe(true);
  });

  it('follows TRADING_UPDOWN=off and never switches an unbuilt feature on through FEATURES', async () => {
    const other = await startTestServer({ TRADING_UPDOWN: 'off', FEATURES: 'ipo=off,etf=on,gather=off,news=off,studio=off,rockets=on' });
    try {
      const flags = await features(other);
      expect(flags).toMatchObject({ updown: false, stocks: true, trading: true, ipo: false, etf: true, gather: false, news: false, studio: false });
      expect(flags).not.toHaveProperty('rockets');
    } finally {
      await other.stop();
    }
  });
});

describe('weekend withdrawals', () => {
  it('says withdrawals are for weekdays, in every language', async () => {
    const user = await trader(ctx.server, ctx.operator, 1_000);
    ctx.server.clock.set(indiaTime(2026, 11, 28, 12, 0)); // Saturday noon, India time
    try {
      const texts = { en: 'weekdays (Monday to Friday)', de: 'werktags (Montag bis Freitag)', hi: 'सोमवार से शुक्रवार', zh: '周一至周五' } as const;
      for (const [lang, text] of Object.entries(texts)) {
        const res = await ctx.server.call('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token, lang });
        expectCall(res, 400, 1200);
        expect(res.body.message).toContain(text);
        expect(res.body.message).toContain('09:30');
      }
      ctx.server.clock.set(indiaTime(2026, 11, 30, 8, 0)); // Monday before the window: the hours text
      const early = await ctx.server.call('withdrawal', { amount: 100, bankId: user.bankId }, { token: user.token });
      expect(early.body.message).toBe('Please transfer in/out during the specified time 09:30 to 17:30');
      expect(localeText('en', 'error.outsideWindow')).toContain('{weekend, select');
    } finally {
      ctx.server.clock.set(indiaTime(2026, 11, 23, 11, 30));
    }
  });
});
