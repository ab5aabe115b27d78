/**
 * Favourites: `collect/list`, `collect/add`, `collect/del` per user and
 * idempotent — a favourite added twice is one row; removing an absent one succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCall, expectOk } from '../support/envelope.js';
import type { MarketDetailView, QuoteView } from '../../src/shared/market.js';

let server: TestServer;
let token: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.registerUser()).token;
  other = (await server.registerUser()).token;
});
afterAll(async () => {
  await server?.stop();
});

describe('favourites', () => {
  it('start empty and need a login', async () => {
    expect(expectOk(await server.call('collect/list', {}, { token }))).toEqual([]);
    expectCall(await server.call('collect/list'), 401, 501);
    expectCall(await server.call('collect/add', { symbol: 'TCS' }), 401, 501);
  });

  it('adds a symbol once even when added twice, and lists it with a live quote', async () => {
    expect(expectOk(await server.call('collect/add', { symbol: 'TCS' }, { token }))).toEqual({ symbol: 'TCS', favourite: true });
    expect(expectOk(await server.call('collect/add', { symbol: 'tcs' }, { token }))).toEqual({ symbol: 'TCS', favourite: true });
    const rows = await server.deps.db.selectFrom('favourites').selectAll().execute();
    expect(rows).toHaveLength(1);
    server.clock.advance(2_000);
    expectOk(await server.call('collect/add', { symbol: 'M&M' }, { token }));
    const list = expectOk(await server.call<QuoteView[]>('collect/list', {}, { token }));
    expect(list.map((q) => q.symbol)).toEqual(['M&M', 'TCS']); // newest star first
    expect(list[1]!.last).toBeGreaterThan(0);
  });

  it('shows the star on getMarket for its owner only', async () => {
    expect(expectOk(await server.call<MarketDetailView>('markets/getMarket', { symbol: 'TCS' }, { token })).favourite).toBe(true);
    expect(expectOk(await server.call<MarketDetailView>('markets/getMarket', { symbol: 'TCS' }, { token: other })).favourite).toBe(false);
    expect(expectOk(await server.call<QuoteView[]>('collect/list', {}, { token: other }))).toEqual([]);
  });

  it('removes idempotently', async () => {
    expect(expectOk(await server.call('collect/del', { symbol: 'TCS' }, { token }))).toEqual({ symbol: 'TCS', favourite: false });
    expect(expectOk(await server.call('collect/del', { symbol: 'TCS' }, { token }))).toEqual({ symbol: 'TCS', favourite: false });
    expect(expectOk(await server.call<QuoteView[]>('collect/list', {}, { token })).map((q) => q.symbol)).toEqual(['M&M']);
  });

  it('refuses unknown symbols and malformed bodies', async () => {
    expectCall(await server.call('collect/add', { symbol: 'NOPE' }, { token }), 404, 1300);
    expectCall(await server.call('collect/del', { symbol: 'NOPE' }, { token }), 404, 1300);
    expectCall(await server.call('collect/add', {}, { token }), 400, 1000);
    expectCall(await server.call('collect/add', { symbol: 'TCS', extra: 1 }, { token }), 400, 1001);
  });
});
