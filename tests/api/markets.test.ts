/**
 * `markets/*` calls on a real server and database with a manual clock: the
 * snapshot, search (prefix first, empty keyword), detail (52-week range, favourite flag),
 * rankings (unknown type), today's 1-minute bars (path and body forms, minute boundaries,
 * stored), longer history ranges (unknown range), the GET calls and unknown symbols.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import type { HistoryView, MarketDetailView, QuoteView } from '../../src/shared/market.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = async (url: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/api/${url}${url.includes('?') ? '&' : '?'}lang=en` });
  return { status: response.statusCode, body: response.json() };
};

describe('markets/getAllMarkets', () => {
  it('lists every instrument, indices first, with last price, change, change % and volume', async () => {
    const all = expectOk(await server.call<QuoteView[]>('markets/getAllMarkets'));
    expect(all).toHaveLength(52);
    expect(all.slice(0, 2).map((q) => q.symbol)).toEqual(['NIFTY50', 'SENSEX']);
    for (const quote of all) {
      expect(Object.keys(quote).sort()).toEqual(['change', 'changePct', 'currency', 'high', 'kind', 'last', 'low', 'name', 'open', 'prevClose', 'sector', 'symbol', 'time', 'volume']);
      expect(quote.last).toBeGreaterThan(0);
      expect(Math.round(quote.last * 100) % 5).toBe(0); // on the 0.05 tick
      expect(quote.change).toBeCloseTo(quote.last - quote.prevClose, 6);
      expect(quote.changePct).toBeCloseTo((quote.change / quote.prevClose) * 100, 1);
    }
  });

  it('moves with the clock: one tick per second', async () => {
    const before = expectOk(await server.call<QuoteView[]>('markets/getAllMarkets'));
    server.clock.advance(5_000);
    const after = expectOk(await server.call<QuoteView[]>('markets/getAllMarkets'));
    expect(after[0]!.time - before[0]!.time).toBe(5_000);
    const moved = after.filter((q, i) => q.last !== before[i]!.last);
    expect(moved.length).toBeGreaterThan(10);
    expect(after.find((q) => q.symbol === 'RELIANCE')!.volume).toBeGreaterThan(before.find((q) => q.symbol === 'RELIANCE')!.volume);
  });
});

describe('markets/getAllMarkets prepared answer', () => {
  const post = (lang: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: `/api/markets/getAllMarkets?lang=${lang}`, headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });

  it('answers the same bytes and ETag within a feed batch, 304 on If-None-Match, a new ETag after the next batch', async () => {
    const first = await post('en');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-\d+-en"$/);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toMatchObject({ code: 200, message: 'Success' });
    const again = await post('en');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const cached = await post('en', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    // Another locale: its own message, its own ETag, the same quotes.
    const german = await post('de');
    expect(german.headers.etag).not.toBe(etag);
    expect(german.json().data).toEqual(first.json().data);
    expect(german.json().message).not.toBe(first.json().message);
    server.clock.advance(2_000);
    const next = await post('en', { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(next.json().data[0].time).toBeGreaterThan(first.json().data[0].time);
  });

  it('sends brotli/gzip bytes made once per answer, each with its own ETag, Vary: Accept-Encoding on all', async () => {
    server.clock.advance(1_000);
    const plain = await post('en');
    const etag = plain.headers.etag as string;
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', zlib.gunzipSync],
      ['*', 'gzip', zlib.gunzipSync],
    ] as const) {
      const first = await post('en', { 'accept-encoding': accept });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(first.headers.etag).toBe(`${etag.slice(0, -1)}-${encoding}"`);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(decode(first.rawPayload).toString()).toBe(plain.body);
      // The same bytes again (made once), 304 for this representation's ETag only.
      const again = await post('en', { 'accept-encoding': accept });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const cached = await post('en', { 'accept-encoding': accept, 'if-none-match': String(first.headers.etag) });
      expect(cached.statusCode).toBe(304);
      expect(cached.headers.vary).toMatch(/accept-encoding/i);
      expect(cached.headers.etag).toBe(first.headers.etag);
      expect((await post('en', { 'accept-encoding': accept, 'if-none-match': etag })).statusCode).toBe(200);
    }
    // No acceptable coding, or x-no-compression: the bytes as they are, with the plain ETag.
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }] as Array<Record<string, string>>) {
      const response = await post('en', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.etag).toBe(etag);
      expect(response.body).toBe(plain.body);
    }
  });

  it('still refuses an unknown field in the body (1001)', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/markets/getAllMarkets?lang=en', headers: { 'content-type': 'application/json' }, payload: '{"x":1}' });
    expect(response.json()).toMatchObject({ code: 1001 });
  });
});

describe('markets/searchMarket', () => {
  it('finds Reliance by "relia", case-insensitive', async () => {
    for (const keyword of ['relia', 'RELIA', 'Reliance Ind']) {
      const found = expectOk(await server.call<QuoteView[]>('markets/searchMarket', { keyword }));
      expect(found[0]!.symbol).toBe('RELIANCE');
    }
  });

  it('puts the exact symbol and symbol prefixes before name matches', async () => {
    const found = expectOk(await server.call<QuoteView[]>('markets/searchMarket', { keyword: 'tata' }));
    expect(found.map((q) => q.symbol)).toEqual(['TATACONSUM', 'TATASTEEL', 'TCS', 'TMPV']); // symbol prefixes, then names
    const bank = expectOk(await server.call<QuoteView[]>('markets/searchMarket', { keyword: 'hdfc' }));
    expect(bank.map((q) => q.symbol)).toEqual(['HDFCBANK', 'HDFCLIFE']);
    const exact = expectOk(await server.call<QuoteView[]>('markets/searchMarket', { keyword: 'm&m' }));
    expect(exact[0]!.symbol).toBe('M&M');
  });

  it('answers an empty or blank keyword with no results, and a miss with an empty list', async () => {
    expect(expectOk(await server.call('markets/searchMarket', { keyword: '' }))).toEqual([]);
    expect(expectOk(await server.call('markets/searchMarket', { keyword: '   ' }))).toEqual([]);
    expect(expectOk(await server.call('markets/searchMarket', { keyword: 'zzzz' }))).toEqual([]);
    expectCall(await server.call('markets/searchMarket', {}), 400, 1000);
  });
});

describe('markets/getMarket', () => {
  it('returns the quote with open, high, low, previous close, 52-week range and details', async () => {
    const detail = expectOk(await server.call<MarketDetailView>('markets/getMarket', { symbol: 'RELIANCE' }));
    expect(detail).toMatchObject({ symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', isin: 'INE002A01018', lotSize: 1, tickSize: 0.05, favourite: null });
    expect(detail.high!).toBeGreaterThanOrEqual(detail.low!);
    expect(detail.yearHigh!).toBeGreaterThanOrEqual(detail.high!);
    expect(detail.yearLow!).toBeLessThanOrEqual(detail.low!);
    expect(detail.status).toMatchObject({ provider: 'simulated', real: false, followsCalendar: false, open: true });
  });

  it('accepts a lower-case symbol and refuses unknown symbols with code 1300', async () => {
    expect(expectOk(await server.call<MarketDetailView>('markets/getMarket', { symbol: 'tcs' })).symbol).toBe('TCS');
    const unknown = expectCall(await server.call('markets/getMarket', { symbol: 'NOPE' }), 404, 1300);
    expect(unknown.message).toBe('Unknown symbol: NOPE');
    expectCall(await server.call('markets/getMarket', { symbol: 'NOPE' }, { lang: 'de' }), 404, 1300);
  });
});

describe('markets/getRankings', () => {
  it('ranks gainers, losers and the most active equities', async () => {
    server.clock.advance(30_000);
    const gainers = expectOk(await server.call<QuoteView[]>('markets/getRankings', { type: 'gainers' }));
    const losers = expectOk(await server.call<QuoteView[]>('markets/getRankings', { type: 'losers', limit: 3 }));
    const active = expectOk(await server.call<QuoteView[]>('markets/getRankings', { type: 'active' }));
    expect(gainers.length).toBeGreaterThan(0);
    expect(losers.length).toBeLessThanOrEqual(3);
    for (const list of [gainers, losers, active]) expect(list.every((q) => q.kind === 'equity')).toBe(true);
    expect(gainers.every((q) => q.changePct > 0)).toBe(true);
    expect(losers.every((q) => q.changePct < 0)).toBe(true);
    expect(gainers.map((q) => q.changePct)).toEqual([...gainers.map((q) => q.changePct)].sort((a, b) => b - a));
    expect(active.map((q) => q.volume)).toEqual([...active.map((q) => q.volume)].sort((a, b) => b - a));
  });

  it('refuses an unknown ranking type with code 1301', async () => {
    const body = expectCall(await server.call('markets/getRankings', { type: 'popular' }), 400, 1301);
    expect(body.message).toContain('popular');
  });
});

describe('markets/historyOneDay', () => {
  it("returns today's 1-minute bars by path and by body, growing at minute boundaries", async () => {
    const byPath = expectOk(await server.call<HistoryView>('markets/historyOneDay/INFY'));
    const byBody = expectOk(await server.call<HistoryView>('markets/historyOneDay', { symbol: 'INFY' }));
    expect(byPath).toEqual(byBody);
    expect(byPath).toMatchObject({ symbol: 'INFY', range: '1D', interval: '1m' });
    const times = byPath.bars.map((b) => b.t);
    expect(times.every((t) => t % 60_000 === 0)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const bar of byPath.bars) expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));

    const now = server.clock.now();
    server.clock.set(now - (now % 60_000) + 60_000 - 1); // last millisecond of the minute
    const before = expectOk(await server.call<HistoryView>('markets/historyOneDay', { symbol: 'INFY' })).bars.length;
    server.clock.advance(1); // the next minute starts
    const after = expectOk(await server.call<HistoryView>('markets/historyOneDay', { symbol: 'INFY' }));
    expect(after.bars.length).toBe(before + 1);
    expect(after.bars.at(-1)!.t).toBe(server.clock.now());
  });

  it('stores closed minute bars in the database', async () => {
    server.clock.advance(120_000);
    await server.call('markets/getAllMarkets');
    await server.market.feed.flush();
    const rows = await server.deps.db.selectFrom('market_bars_1m').select((eb) => eb.fn.countAll<number>().as('n')).where('symbol', '=', 'INFY').executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown symbol', async () => {
    expectCall(await server.call('markets/historyOneDay/NOPE'), 404, 1300);
  });
});

describe('markets/history', () => {
  it('answers 5D with 15-minute bars and 1M, 6M, 1Y with at least a year of daily bars', async () => {
    const fiveDays = expectOk(await server.call<HistoryView>('markets/history', { symbol: 'TCS', range: '5D' }));
    expect(fiveDays).toMatchObject({ interval: '15m', synthetic: true });
    expect(new Set(fiveDays.bars.map((b) => new Date(b.t + 19_800_000).toISOString().slice(0, 10))).size).toBe(5);
    const lengths: Record<string, number> = {};
    for (const range of ['1M', '6M', '1Y']) {
      const history = expectOk(await server.call<HistoryView>('markets/history', { symbol: 'TCS', range }));
      expect(history.interval).toBe('1d');
      lengths[range] = history.bars.length;
    }
    expect(lengths['1M']).toBeGreaterThanOrEqual(20);
    expect(lengths['6M']).toBeGreaterThan(lengths['1M']!);
    expect(lengths['1Y']).toBeGreaterThanOrEqual(250);
  });

  it('refuses an unknown range with code 1302 and an unknown symbol with 1300', async () => {
    expectCall(await server.call('markets/history', { symbol: 'TCS', range: '2Y' }), 400, 1302);
    expectCall(await server.call('markets/history', { symbol: 'NOPE', range: '1M' }), 404, 1300);
  });
});

describe('GET calls and status', () => {
  it('markets/remote returns quotes for the listed symbols in order', async () => {
    const { status, body } = await get('markets/remote?symbols=SENSEX,RELIANCE');
    expect(status).toBe(200);
    expect((body.data as QuoteView[]).map((q) => q.symbol)).toEqual(['SENSEX', 'RELIANCE']);
    expect((await get('markets/remote?symbols=RELIANCE,NOPE')).body).toMatchObject({ code: 1300 });
    const many = Array.from({ length: 61 }, (_, i) => `S${i}`).join(',');
    expect((await get(`markets/remote?symbols=${many}`)).body).toMatchObject({ code: 1303 });
    const posted = expectOk(await server.call<QuoteView[]>('markets/quotes', { symbols: 'NIFTY50,SENSEX' }));
    expect(posted.map((q) => q.symbol)).toEqual(['NIFTY50', 'SENSEX']);
  });

  it('markets/getNIFTY and markets/getSensexData return the indices', async () => {
    const nifty = await get('markets/getNIFTY');
    const sensex = await get('markets/getSensexData');
    expect(nifty.body).toMatchObject({ code: 200, data: { symbol: 'NIFTY50', kind: 'index' } });
    expect(sensex.body).toMatchObject({ code: 200, data: { symbol: 'SENSEX', kind: 'index' } });
    expect(nifty.body.data.yearHigh).toBeGreaterThan(0);
  });

  it('markets/status names the price source', async () => {
    expect(expectOk(await server.call('markets/status'))).toMatchObject({ provider: 'simulated', real: false, open: true });
  });
});

describe('determinism', () => {
  it('gives the same prices for the same seed and clock on another server', async () => {
    const other = await startTestServer();
    try {
      other.clock.set(Date.UTC(2026, 10, 23, 6, 0, 0));
      const a = expectOk(await other.call<QuoteView[]>('markets/getAllMarkets'));
      const third = await startTestServer();
      try {
        const b = expectOk(await third.call<QuoteView[]>('markets/getAllMarkets'));
        expect(b.map((q) => q.last)).toEqual(a.map((q) => q.last));
        other.clock.advance(10_000);
        third.clock.advance(10_000);
        const a2 = expectOk(await other.call<QuoteView[]>('markets/getAllMarkets'));
        const b2 = expectOk(await third.call<QuoteView[]>('markets/getAllMarkets'));
        expect(b2.map((q) => q.last)).toEqual(a2.map((q) => q.last));
      } finally {
        await third.stop();
      }
    } finally {
      await other.stop();
    }
  });
});
