// @vitest-environment jsdom
/**
 * First paint: the calls a screen's first render makes are known from its layout and
 * started with the entry screen. `firstLoads` lists them from the real layouts; a block that
 * mounts afterwards takes the prefetched answer instead of calling again; a held toast reaches
 * the toast host once it subscribes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { callKey, firstLoads, forgetPrefetched, freshFromPrefetch, PREFETCH_FRESH_MS, prefetchInto, prefetchScreenData } from '../../renderers/data/prefetch';
import { BLOCK_DATA, preloadBlockKinds, REGISTRY } from '../../renderers/registry';
import { Block } from '../../renderers/Screen';
import type { Layout } from '../../renderers/types';
import { fakeHost, plain, renderWithHost } from './helpers/renderer';

afterEach(cleanup);

const layout = (id: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../schemas/screens/${id}.layout.json`), 'utf8')) as Layout;

describe('first loads of a screen', () => {
  it('are the top-level blocks\' own loads and first conditions, bound to the query, once each', () => {
    // quote, the Buy button's condition and stats all load markets/getMarket for the symbol;
    // the chart, the status line (silent) and the trade tabs' nested blocks load themselves.
    expect(firstLoads(layout('marketDetails'), { symbol: 'RELIANCE' }, BLOCK_DATA)).toEqual([
      { call: 'markets/getMarket', params: { symbol: 'RELIANCE' } },
    ]);
  });

  it('include a plain list\'s load: /bindBank\'s accounts start with the screen', () => {
    // The add-account form loads nothing at its first render; its validator comes with its code.
    expect(firstLoads(layout('bindBank'), {}, BLOCK_DATA)).toEqual([{ call: 'bank/get', params: {} }]);
  });

  it('leave out a load whose query value is missing', () => {
    expect(firstLoads(layout('marketDetails'), {}, BLOCK_DATA)).toEqual([]);
  });

  it('include every kind that names its data (summary: identity and figure)', () => {
    const loads = firstLoads({ screen: 'x', blocks: [
      { kind: 'summary', identity: { call: 'user/getUserInfo', field: 'phone' }, figure: { call: 'wallet/balance', label: 'x', format: 'money' } },
      { kind: 'list', load: { call: 'news/list' }, paged: { pageSize: 20 } },
      { kind: 'list', load: { call: 'bank/get' } },
      { kind: 'notice', text: 'x', when: [{ call: 'order/tradingConfig', field: 'a', in: [true] }, { call: 'other/call', field: 'b', in: [true] }] },
    ] }, {}, BLOCK_DATA);
    // A paged list pages its own calls (other keys); a plain one loads its call once;
    // only a condition's first call is certain to be made.
    expect(loads).toEqual([
      { call: 'user/getUserInfo', params: {} },
      { call: 'wallet/balance', params: {} },
      { call: 'bank/get', params: {} },
      { call: 'order/tradingConfig', params: {} },
    ]);
  });
});

describe('a prefetched answer', () => {
  it('is taken by the block that asks for it, without a second call', async () => {
    const spec = { kind: 'stats', id: 'stats', load: { call: 'markets/getMarket', params: { symbol: '{query.symbol}' } }, live: false, items: [{ field: 'open', label: 'market.openPrice', format: 'price' }] };
    const prefetched: unknown[] = [];
    prefetchScreenData({ screen: 'x', blocks: [spec] }, { symbol: 'PREFETCH1' }, BLOCK_DATA, async (name, params) => {
      prefetched.push({ name, params });
      return { symbol: 'PREFETCH1', open: 1234.5 };
    });
    expect(prefetched).toEqual([{ name: 'markets/getMarket', params: { symbol: 'PREFETCH1' } }]);
    window.history.replaceState(null, '', '/marketDetails?symbol=PREFETCH1');
    const { host, callsOf } = fakeHost({ 'markets/getMarket': () => ({ symbol: 'PREFETCH1', open: 1 }) });
    // The app's cache, which the prefetch fills; the block's code loads after the answer arrived.
    renderWithHost(<Block spec={spec} schemas={{}} />, host, undefined, { appCache: true });
    await waitFor(() => expect(plain(screen.getByTestId('stats').textContent)).toContain('1.234,50'));
    expect(callsOf('markets/getMarket')).toHaveLength(0);
  });
});

describe('an answer that arrived before the first render', () => {
  // The stats block's code loaded first: what the first render shows depends on the data alone.
  beforeAll(() => preloadBlockKinds(REGISTRY, ['stats']));

  it('is rendered by that first render — no skeleton painted first — and not called again', async () => {
    const spec = { kind: 'stats', id: 'stats', load: { call: 'markets/getMarket', params: { symbol: '{query.symbol}' } }, live: false, items: [{ field: 'open', label: 'market.openPrice', format: 'price' }] };
    await prefetchInto(callKey('markets/getMarket', { symbol: 'PREFETCH2' }), async () => ({ symbol: 'PREFETCH2', open: 4321 }));
    window.history.replaceState(null, '', '/marketDetails?symbol=PREFETCH2');
    const { host, callsOf } = fakeHost({ 'markets/getMarket': () => ({ symbol: 'PREFETCH2', open: 1 }) });
    renderWithHost(<Block spec={spec} schemas={{}} />, host, undefined, { appCache: true });
    // Read at once, before any task ran: the first render already shows the figure.
    expect(plain(screen.getByTestId('stats').textContent)).toContain('4.321,00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsOf('markets/getMarket')).toHaveLength(0);
    expect(plain(screen.getByTestId('stats').textContent)).toContain('4.321,00');
  });
});

describe('a prefetched answer and blocks that mount late', () => {
  beforeAll(() => preloadBlockKinds(REGISTRY, ['stats']));

  it('is taken by every block with its key until the screen is left, past SWR\'s own deduplication', async () => {
    const spec = { kind: 'stats', id: 'stats', load: { call: 'markets/getMarket', params: { symbol: '{query.symbol}' } }, live: false, items: [{ field: 'open', label: 'market.openPrice', format: 'price' }] };
    const key = callKey('markets/getMarket', { symbol: 'PREFETCH3' });
    await prefetchInto(key, async () => ({ symbol: 'PREFETCH3', open: 777 }));
    window.history.replaceState(null, '', '/marketDetails?symbol=PREFETCH3');
    const { host, callsOf } = fakeHost({ 'markets/getMarket': () => ({ symbol: 'PREFETCH3', open: 1 }) });
    // The test cache deduplicates for 0 ms: every block below mounts after SWR's deduplication ended.
    renderWithHost(<Block spec={spec} schemas={{}} />, host, undefined, { appCache: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    renderWithHost(<Block spec={spec} schemas={{}} />, host, undefined, { appCache: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsOf('markets/getMarket')).toHaveLength(0);
    // Left (or reloaded): a block mounting then asks the server again.
    forgetPrefetched();
    renderWithHost(<Block spec={spec} schemas={{}} />, host, undefined, { appCache: true });
    await waitFor(() => expect(callsOf('markets/getMarket')).toHaveLength(1));
  });

  it('is waited for by a block that mounts while it is under way', async () => {
    const spec = { kind: 'stats', id: 'stats', load: { call: 'markets/getMarket', params: { symbol: '{query.symbol}' } }, live: false, items: [{ field: 'open', label: 'market.openPrice', format: 'price' }] };
    let answer: (data: unknown) => void = () => undefined;
    const prefetch = prefetchInto(callKey('markets/getMarket', { symbol: 'PREFETCH5' }), () => new Promise((resolve) => (answer = resolve)));
    window.history.replaceState(null, '', '/marketDetails?symbol=PREFETCH5');
    const { host, callsOf } = fakeHost({ 'markets/getMarket': () => ({ symbol: 'PREFETCH5', open: 1 }) });
    renderWithHost(<Block spec={spec} schemas={{}} />, host, undefined, { appCache: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer({ symbol: 'PREFETCH5', open: 5555 });
    await prefetch;
    await waitFor(() => expect(plain(screen.getByTestId('stats').textContent)).toContain('5.555,00'));
    expect(callsOf('markets/getMarket')).toHaveLength(0);
  });

  it('is fresh for PREFETCH_FRESH_MS after it arrived', async () => {
    const key = callKey('markets/getMarket', { symbol: 'PREFETCH4' });
    await prefetchInto(key, async () => ({ symbol: 'PREFETCH4', open: 1 }));
    expect(freshFromPrefetch(key)).toBe(true);
    expect(freshFromPrefetch(key, Date.now() + PREFETCH_FRESH_MS)).toBe(false);
    expect(freshFromPrefetch(callKey('markets/getMarket', { symbol: 'OTHER' }))).toBe(false);
    expect(freshFromPrefetch(null)).toBe(false);
  });
});

describe('the toast bus', () => {
  it('holds a toast raised before the toast host subscribed and delivers it once', async () => {
    const { showToast, onToast } = await import('../../src/app/toast-bus');
    showToast({ text: 'early failure', tone: 'error' });
    const seen: string[] = [];
    const stop = onToast((toast) => void seen.push(String(toast.text)));
    showToast({ text: 'later', tone: 'error' });
    stop();
    const again: string[] = [];
    onToast((toast) => void again.push(String(toast.text)))();
    expect(seen).toEqual(['early failure', 'later']);
    expect(again).toEqual([]);
  });
});
