/**
 * Shows toasts raised anywhere (API errors, success actions): one at a time for
 * {@link TOAST_SHOWN_MS} each, later ones waiting their turn (`toast-queue.ts`).
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { onToast, type ToastRequest } from '../toast-bus';
import { enqueueToast, TOAST_SHOWN_MS } from './toast-queue';

type Shown = ToastRequest & { key: number };

export function ToastHost() {
  const intl = useIntl();
  const [toast, setToast] = useState<Shown | null>(null);
  // The line lives in a ref: the bus calls back outside React's render, several times per frame.
  const line = useRef<{ shown: Shown | null; waiting: readonly ToastRequest[]; serial: number }>({ shown: null, waiting: [], serial: 0 });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const state = line.current;
    const showNext = () => {
      const [next, ...rest] = state.waiting;
      state.waiting = rest;
      state.shown = next ? { ...next, key: ++state.serial } : null;
      setToast(state.shown);
      if (state.shown) timer = setTimeout(showNext, TOAST_SHOWN_MS);
    };
    const off = onToast((next) => {
      state.waiting = enqueueToast(state.shown, state.waiting, next);
      if (!state.shown) showNext();
    });
    return () => {
      off();
      clearTimeout(timer);
      state.shown = null;
      state.waiting = [];
    };
  }, []);
  if (!toast) return null;
  const text = toast.text ?? (toast.messageId ? intl.formatMessage({ id: toast.messageId }) : '');
  return (
    <div key={toast.key} className={`toast toast-${toast.tone ?? 'info'}`} role="status" aria-live="polite" data-testid="toast">
      {text}
    </div>
  );
}
