/** Shows toasts raised anywhere (API errors, success actions); one at a time, 2.6 s each. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { onToast, type ToastRequest } from '../toast-bus';

export function ToastHost() {
  const intl = useIntl();
  const [toast, setToast] = useState<(ToastRequest & { key: number }) | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onToast((next) => {
      clearTimeout(timer);
      setToast({ ...next, key: Date.now() });
      timer = setTimeout(() => setToast(null), 2600);
    });
    return () => {
      off();
      clearTimeout(timer);
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
