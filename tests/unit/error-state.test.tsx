// @vitest-environment jsdom
/**
 * A block whose load fails, with Testing Library: a refusal that asking again cannot change (an
 * order that is not there or not the user's) shows the server's message and a way back, never a
 * retry; a failure that may pass (no connection) shows the block's text and a retry that asks
 * again (and is retried on its own, where a refusal never is).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { DetailBlock } from '../../renderers/blocks/detail/DetailBlock';
import type { DetailBlockSpec } from '../../renderers/blocks/detail/spec';
import { ApiError } from '../../src/app/envelope';
import { ERRORS, isRefusalCode } from '../../src/shared/codes';
import { de, fakeHost, renderWithHost } from './helpers/renderer';

afterEach(cleanup);

const order: DetailBlockSpec = {
  kind: 'detail',
  id: 'order',
  load: { call: 'order/orderDetail', params: { id: 'o-1' } },
  fields: [{ field: 'symbol', label: 'order.instrument' }],
};

describe('a block whose load fails', () => {
  it('shows a refusal with its message and a way back, without a retry', async () => {
    const { host, log, callsOf } = fakeHost({
      'order/orderDetail': () => {
        throw new ApiError(ERRORS.orderNotFound.code, 'Diesen Auftrag gibt es nicht.');
      },
    });
    renderWithHost(<DetailBlock spec={order} schemas={{}} />, host);
    const state = await screen.findByTestId('refusal-state');
    expect(state.textContent).toContain('Diesen Auftrag gibt es nicht.');
    expect(screen.queryByRole('button', { name: de['common.retry'] })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: de['common.back'] }));
    expect(log).toContain('back');
    expect(callsOf('order/orderDetail')).toHaveLength(1);
  });

  it('says a refusal once when two blocks load the same record', async () => {
    const { host, callsOf } = fakeHost({
      'order/orderDetail': () => {
        throw new ApiError(ERRORS.orderNotFound.code, 'Diesen Auftrag gibt es nicht.');
      },
    });
    renderWithHost(
      <>
        <DetailBlock spec={order} schemas={{}} />
        <DetailBlock spec={{ ...order, id: 'timeline' }} schemas={{}} />
      </>,
      host,
    );
    await screen.findByTestId('refusal-state');
    await waitFor(() => expect(callsOf('order/orderDetail').length).toBeGreaterThan(0));
    expect(screen.getAllByTestId('refusal-state')).toHaveLength(1);
  });

  it('never asks again for a refusal by itself, while a failure that may pass is retried', async () => {
    const { host, callsOf } = fakeHost({
      'order/orderDetail': () => {
        throw new ApiError(ERRORS.orderNotFound.code, 'Diesen Auftrag gibt es nicht.');
      },
      'order/timeline': () => {
        throw new ApiError(0, '');
      },
    });
    // SWR's retry backoff shortened to milliseconds: the failure that may pass is asked again
    // several times while the test waits for it, and the refusal would be too if it were retried.
    renderWithHost(
      <SWRConfig value={{ errorRetryInterval: 5 }}>
        <DetailBlock spec={order} schemas={{}} />
        <DetailBlock spec={{ ...order, id: 'timeline', load: { call: 'order/timeline', params: { id: 'o-1' } } }} schemas={{}} />
      </SWRConfig>,
      host,
    );
    await waitFor(() => expect(callsOf('order/timeline').length).toBeGreaterThanOrEqual(4));
    expect(callsOf('order/orderDetail')).toHaveLength(1);
    expect(screen.getByTestId('refusal-state').textContent).toContain('Diesen Auftrag gibt es nicht.');
  });

  it('offers a retry after a failure that may pass, and asks again', async () => {
    let fail = true;
    const { host, callsOf } = fakeHost({
      'order/orderDetail': () => {
        if (fail) throw new ApiError(0, '');
        return { symbol: 'RELIANCE' };
      },
    });
    renderWithHost(<DetailBlock spec={order} schemas={{}} />, host);
    const retry = await screen.findByRole('button', { name: de['common.retry'] });
    expect(screen.getByText(de['screen.loadError']!)).toBeTruthy();
    expect(screen.queryByTestId('refusal-state')).toBeNull();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByText('RELIANCE')).toBeTruthy());
    expect(callsOf('order/orderDetail')).toHaveLength(2);
  });

  it('counts only 4xx catalogue codes as refusals, not the login, rate or server codes', () => {
    expect(isRefusalCode(ERRORS.orderNotFound.code)).toBe(true);
    expect(isRefusalCode(ERRORS.validation.code)).toBe(true);
    expect(isRefusalCode(ERRORS.notLoggedIn.code)).toBe(false);
    expect(isRefusalCode(ERRORS.rateLimited.code)).toBe(false);
    expect(isRefusalCode(ERRORS.internal.code)).toBe(false);
    expect(isRefusalCode(0)).toBe(false);
    expect(isRefusalCode(502)).toBe(false);
  });
});
