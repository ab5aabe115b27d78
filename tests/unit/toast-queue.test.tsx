// @vitest-environment jsdom
/**
 * Toasts wait their turn (the shell's toast host): a refusal raised in the background while the
 * investor's own toast is shown no longer replaces it; repeats are dropped.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../src/app/shell/ToastHost';
import { enqueueToast, ERROR_TOAST_SHOWN_MS, TOAST_SHOWN_MS, TOASTS_WAITING } from '../../src/app/shell/toast-queue';
import { showToast } from '../../src/app/toast-bus';

describe('enqueueToast', () => {
  const mine = { messageId: 'gallery.toast' };
  const refused = { text: 'Not allowed', tone: 'error' as const };

  it('puts a new toast at the end of the line', () => {
    expect(enqueueToast(mine, [], refused)).toEqual([refused]);
  });

  it('drops a toast that repeats the shown or a waiting one', () => {
    const waiting = [refused];
    expect(enqueueToast(mine, waiting, { ...refused })).toBe(waiting);
    expect(enqueueToast(mine, [], { messageId: 'gallery.toast' })).toEqual([]);
  });

  it('tells tones apart and drops beyond the waiting limit', () => {
    expect(enqueueToast({ text: 'x', tone: 'error' }, [], { text: 'x', tone: 'success' })).toHaveLength(1);
    const full = Array.from({ length: TOASTS_WAITING }, (_, i) => ({ text: `t${i}` }));
    expect(enqueueToast(mine, full, { text: 'late' })).toBe(full);
  });
});

describe('ToastHost', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows each toast for its full time, in arrival order, once', () => {
    vi.useFakeTimers();
    render(
      <IntlProvider locale="en" messages={{ 'gallery.toast': 'This is a toast.' }}>
        <ToastHost />
      </IntlProvider>,
    );
    act(() => {
      showToast({ messageId: 'gallery.toast' });
      showToast({ text: 'Not allowed', tone: 'error' });
      showToast({ text: 'Not allowed', tone: 'error' });
    });
    expect(screen.getByTestId('toast').textContent).toBe('This is a toast.');
    act(() => void vi.advanceTimersByTime(TOAST_SHOWN_MS - 1));
    expect(screen.getByTestId('toast').textContent).toBe('This is a toast.');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('toast').textContent).toBe('Not allowed');
    // An error stays at least 5 s.
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('toast').textContent).toBe('Not allowed');
    act(() => void vi.advanceTimersByTime(ERROR_TOAST_SHOWN_MS - 5000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('closes an error toast on its close button and shows the next at once', () => {
    vi.useFakeTimers();
    render(
      <IntlProvider locale="en" messages={{ 'gallery.toast': 'This is a toast.', 'common.close': 'Close' }}>
        <ToastHost />
      </IntlProvider>,
    );
    act(() => {
      showToast({ text: 'Not allowed', tone: 'error' });
      showToast({ messageId: 'gallery.toast' });
    });
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.getByTestId('toast').textContent).toBe('This is a toast.');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => void vi.advanceTimersByTime(TOAST_SHOWN_MS));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
