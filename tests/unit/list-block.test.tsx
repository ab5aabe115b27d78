// @vitest-environment jsdom
/**
 * The list block with Testing Library: rows from a plain call with formatted
 * bindings and tap-through links, the empty state, filters that go into the call's params,
 * paging with "load more", and an item action behind its confirmation sheet that calls with the
 * item's fields and runs its success actions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ListBlock } from '../../renderers/blocks/list/ListBlock';
import type { ListBlockSpec } from '../../renderers/blocks/list/spec';
import { de, fakeHost, plain, renderWithHost } from './helpers/renderer';

afterEach(cleanup);

const accounts: ListBlockSpec = {
  kind: 'list',
  id: 'accounts',
  load: { call: 'bank/get' },
  item: { icon: 'bank', title: { field: 'bankName' }, subtitle: [{ field: 'accountNumber', format: 'masked' }], trailing: { field: 'balance', format: 'money' }, link: '/bankDetail?id={id}' },
  itemActions: [{ label: 'bindBank.delete', icon: 'trash', call: 'bank/deleteBank', params: { id: '{id}' }, confirm: 'bindBank.deleteConfirm', onSuccess: [{ toast: 'bindBank.deleted' }, { reload: 'accounts' }] }],
  empty: 'bindBank.empty',
};

describe('list block', () => {
  it('shows rows with formatted bindings and opens the item link', async () => {
    const { host, log } = fakeHost({ 'bank/get': () => [{ id: 'a 1', bankName: 'SBI', accountNumber: '50100123456789', balance: 1234.5 }] });
    renderWithHost(<ListBlock spec={accounts} schemas={{}} />, host);
    const row = await screen.findByTestId('list-row');
    expect(row.textContent).toContain('SBI');
    expect(row.textContent).toContain('•••• 6789');
    expect(plain(row.textContent)).toContain('1.234,50 €');
    fireEvent.click(within(row).getByText('SBI'));
    expect(log).toContain('navigate /bankDetail?id=a 1');
  });

  it('shows the empty state when the call returns no rows', async () => {
    const { host } = fakeHost({ 'bank/get': () => [] });
    renderWithHost(<ListBlock spec={accounts} schemas={{}} />, host);
    expect(await screen.findByText(de['bindBank.empty']!)).toBeTruthy();
    expect(screen.queryByTestId('list-row')).toBeNull();
  });

  it('asks before an item action, calls with the item fields and runs the success actions', async () => {
    let rows = [{ id: 'b7', bankName: 'HDFC', accountNumber: '1234', balance: 0 }];
    const { host, log, callsOf } = fakeHost({
      'bank/get': () => rows,
      'bank/deleteBank': () => {
        rows = [];
        return null;
      },
    });
    renderWithHost(<ListBlock spec={accounts} schemas={{}} />, host);
    await screen.findByTestId('list-row');
    fireEvent.click(screen.getByRole('button', { name: de['bindBank.delete'] }));
    const sheet = await screen.findByTestId('confirm-sheet');
    expect(sheet.textContent).toContain(de['bindBank.deleteConfirm']!);
    expect(callsOf('bank/deleteBank')).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole('button', { name: de['bindBank.delete'] }));
    await waitFor(() => expect(callsOf('bank/deleteBank').map((c) => c.body)).toEqual([{ id: 'b7' }]));
    await waitFor(() => expect(log).toContain('toast bindBank.deleted'));
    // `reload: accounts` reloaded this list: the deleted row is gone.
    expect(await screen.findByText(de['bindBank.empty']!)).toBeTruthy();
    expect(callsOf('bank/get').length).toBeGreaterThanOrEqual(2);
  });

  it('puts a chosen filter into the call params and "all" takes it out', async () => {
    const { host, callsOf } = fakeHost({ 'billflow/myBillflow': (body) => [{ id: JSON.stringify(body), title: `rows for ${JSON.stringify(body)}` }] });
    const spec: ListBlockSpec = {
      kind: 'list',
      load: { call: 'billflow/myBillflow', params: { fixed: 1 } },
      filters: [{ param: 'kind', label: 'bill.filterKind', type: 'choice', options: [{ value: 'deposit', label: 'bill.kind.deposit' }] }],
      item: { title: { field: 'title' } },
      empty: 'bill.empty',
    };
    renderWithHost(<ListBlock spec={spec} schemas={{}} />, host);
    await screen.findByText('rows for {"fixed":1}');
    fireEvent.click(screen.getByRole('radio', { name: de['bill.kind.deposit'] }));
    await screen.findByText('rows for {"fixed":1,"kind":"deposit"}');
    expect(screen.getByRole('radio', { name: de['bill.kind.deposit'] }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: de['common.all'] }));
    await screen.findByText('rows for {"fixed":1}');
    expect(callsOf('billflow/myBillflow').map((c) => c.body)).toContainEqual({ fixed: 1, kind: 'deposit' });
  });

  it('pages: the first page, then "load more" asks for the next until all are shown', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, title: `Row ${i}` }));
    const { host, callsOf } = fakeHost({
      'order/page': (body) => {
        const { page, pageSize } = body as { page: number; pageSize: number };
        return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length };
      },
    });
    const spec: ListBlockSpec = { kind: 'list', id: 'orders', load: { call: 'order/page' }, paged: { pageSize: 2 }, item: { title: { field: 'title' } }, empty: 'bill.empty' };
    renderWithHost(<ListBlock spec={spec} schemas={{}} />, host);
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: de['common.loadMore'] }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: de['common.loadMore'] }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: de['common.loadMore'] })).toBeNull();
    expect(callsOf('order/page').map((c) => (c.body as { page: number }).page)).toEqual(expect.arrayContaining([1, 2, 3]));
  });

  it('asks for the first page once on a first visit, and again when the screen is shown with cached pages', async () => {
    const { host, callsOf } = fakeHost({ 'order/page': () => ({ items: [{ id: 'r1', title: 'Row 1' }], total: 1 }) });
    const spec: ListBlockSpec = { kind: 'list', id: 'orders', load: { call: 'order/page' }, paged: { pageSize: 2 }, item: { title: { field: 'title' } }, empty: 'bill.empty' };
    const cache = new Map();
    const first = renderWithHost(<ListBlock spec={spec} schemas={{}} />, host, undefined, { cache });
    await screen.findByText('Row 1');
    await new Promise((done) => setTimeout(done, 50));
    expect(callsOf('order/page')).toHaveLength(1);
    first.unmount();
    renderWithHost(<ListBlock spec={spec} schemas={{}} />, host, undefined, { cache });
    expect(screen.getByText('Row 1')).toBeTruthy(); // the cached page at once
    await waitFor(() => expect(callsOf('order/page')).toHaveLength(2)); // and fresh rows behind it
  });
});

describe('news list block', () => {
  it('pages through the one paged loader and shows a story that moved pages once', async () => {
    const { NewsListBlock } = await import('../../renderers/blocks/newsList/NewsListBlock');
    const story = (n: number) => ({ id: `n${n}`, title: `Story ${n}`, summary: '', imageUrl: null, source: null, symbols: [], publishedAt: 0, demo: false });
    // Page 2 repeats story 2: a newer story pushed it down between the two requests.
    const pages: Record<number, ReturnType<typeof story>[]> = { 1: [story(1), story(2)], 2: [story(2), story(3)] };
    const { host, callsOf } = fakeHost({ 'news/list': (body) => ({ items: pages[(body as { page: number }).page] ?? [], total: 4 }) });
    const spec = { kind: 'newsList' as const, id: 'news', load: { call: 'news/list', params: { pageSize: 2 } }, to: '/newsDetails?id={id}', empty: 'news.empty', paged: true };
    renderWithHost(<NewsListBlock spec={spec} schemas={{}} />, host);
    await screen.findByText('Story 2');
    fireEvent.click(screen.getByRole('button', { name: de['news.loadMore'] }));
    await screen.findByText('Story 3');
    expect(screen.getAllByText('Story 2')).toHaveLength(1);
    expect(callsOf('news/list').map((c) => c.body)).toContainEqual({ pageSize: 2, page: 2 });
  });
});
