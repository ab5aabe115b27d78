/** A tiny event bus so non-React code (the API client) can raise toasts. */
export interface ToastRequest {
  /** Literal text (server messages are already localized). */
  text?: string;
  /** Or a message id to localize. */
  messageId?: string;
  tone?: 'info' | 'success' | 'error';
}

type Listener = (toast: ToastRequest) => void;
const listeners = new Set<Listener>();

/** Shows a toast in the shell. */
export function showToast(toast: ToastRequest): void {
  for (const listener of listeners) listener(toast);
}

/** Subscribes the toast host; returns the unsubscribe function. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
