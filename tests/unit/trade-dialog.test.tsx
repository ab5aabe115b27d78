// @vitest-environment jsdom
/**
 * The trade-result dialog with Testing Library (docs/product.md, Routes): it opens from a
 * purchase response, counts down whole seconds on the device clock (fake timers here), shows
 * name, direction, buy price, the current price and the amount, says "settling" at zero, asks
 * the server until the contract is settled and then shows the outcome and the profit;
 * "continue trading" closes it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { TradeResultDialog, type PurchasedContract } from '../../renderers/dialogs/TradeResultDialog';
import { de, fakeHost, plain, renderWithHost } from './helpers/renderer';

const T0 = Date.UTC(2026, 10, 23, 5, 0, 0);
const contract: PurchasedContract = { id: 'c1', symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', direction: 1, amount: 100, buyPrice: 1364.05, rate: 0.85, boughtAt: T0, expiresAt: T0 + 10_000 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets timers and the promises they start run. */
const advance = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('trade result dialog', () => {
  it('counts down, waits for settlement, shows the outcome and closes', async () => {
    let settled = false;
    const { host, callsOf } = fakeHost({
      'markets/getMarket': () => ({ symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', last: 1365.1, change: 1, changePct: 0.1, time: T0 }),
      'order/contractDetail': () => (settled ? { status: 'won', settlePrice: 1366.2, profit: 85 } : { status: 'open', settlePrice: null, profit: null }),
    });
    const onClose = vi.fn();
    renderWithHost(<TradeResultDialog data={contract} onClose={onClose} />, host);
    await advance(0);

    const dialog = screen.getByTestId('trade-result');
    const seconds = () => Number(screen.getByTestId('countdown').querySelector('.countdown-value')!.textContent);
    expect(seconds()).toBe(10);
    expect(screen.getByTestId('trade-name').textContent).toBe('Reliance Industries Ltd.');
    expect(screen.getByTestId('trade-direction').textContent).toBe(de['trade.buyUp']);
    expect(plain(screen.getByTestId('trade-buy-price').textContent)).toBe('1.364,05');
    expect(plain(screen.getByTestId('trade-current-price').textContent)).toBe('1.365,10');
    expect(plain(dialog.textContent)).toContain('100,00 €');
    expect(screen.getByTestId('trade-profit').textContent).toBe('–');

    await advance(4_000);
    expect(seconds()).toBe(6);
    expect(callsOf('order/contractDetail')).toHaveLength(0);

    await advance(6_000);
    expect(seconds()).toBe(0);
    expect(screen.getByTestId('trade-profit').textContent).toBe(de['trade.settling']);
    expect(callsOf('order/contractDetail').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByTestId('trade-outcome')).toBeNull();

    settled = true;
    await advance(1_000);
    expect(screen.getByTestId('trade-outcome').textContent).toBe(de['trade.outcome.won']);
    expect(plain(screen.getByTestId('trade-profit').textContent)).toBe('+85,00 €');
    expect(plain(screen.getByTestId('trade-current-price').textContent)).toBe('1.366,20');
    const polls = callsOf('order/contractDetail').length;
    await advance(5_000);
    expect(callsOf('order/contractDetail')).toHaveLength(polls); // settled: no more polling
    expect(seconds()).toBe(0); // stops at zero

    fireEvent.click(screen.getByTestId('continue-trading'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a loss in the loss colour and "buy down" for a down contract', async () => {
    const { host } = fakeHost({
      'markets/getMarket': () => ({ symbol: 'RELIANCE', last: 1360, time: T0 }),
      'order/contractDetail': () => ({ status: 'lost', settlePrice: 1370, profit: -100 }),
    });
    renderWithHost(<TradeResultDialog data={{ ...contract, direction: -1 }} onClose={() => undefined} />, host);
    await advance(0);
    expect(screen.getByTestId('trade-direction').textContent).toBe(de['trade.buyDown']);
    await advance(10_500);
    expect(screen.getByTestId('trade-outcome').textContent).toBe(de['trade.outcome.lost']);
    expect(plain(screen.getByTestId('trade-profit').textContent)).toBe('-100,00 €');
    expect(screen.getByTestId('trade-profit').className).toBe('pnl-down');
  });
});
