/**
 * Shows toasts raised anywhere (API errors, success actions): one at a time for
 * {@link shownMsOf} each (errors stay longer and carry a close button), later ones waiting
 * their turn (`toast-queue.ts`).
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { X } from 'lucide-react';
import { onToast, type ToastRequest } from '../toast-bus';
import { enqueueToast, shownMsOf } from './toast-queue';

type Shown = ToastRequest & { key: number };

export function ToastHost() {
  const intl = useIntl();
  const [toast, setToast] = useState<Shown | null>(null);
  // The line lives in a ref: the bus calls back outside React's render, several times per frame.
  const line = useRef<{ shown: Shown | null; waiting: readonly ToastRequest[]; serial: number }>({ shown: null, waiting: [], serial: 0 });
  const dismiss = useRef<() => void>(() => undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const state = line.current;
    const showNext = () => {
      clearTimeout(timer);
      const [next, ...rest] = state.waiting;
      state.waiting = rest;
      state.shown = next ? { ...next, key: ++state.serial } : null;
      setToast(state.shown);
      if (state.shown) timer = setTimeout(showNext, shownMsOf(state.shown));
    };
    dismiss.current = showNext;
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
      <span className="toast-text">{text}</span>
      {toast.tone === 'error' && (
        <button type="button" className="toast-close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => dismiss.current()} data-testid="toast-close">
          <X size={18} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
