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
import { callKey, firstLoads, prefetchInto, prefetchScreenData } from '../../renderers/data/prefetch';
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
    renderWithHost(<Block spec={spec} schemas={{}} />, host);
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
