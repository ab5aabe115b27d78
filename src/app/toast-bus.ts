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
/** Toasts raised before the shell's toast host subscribed (a call prefetched at start failed); the first few are kept. */
const early: ToastRequest[] = [];
const EARLY_KEPT = 3;

/** Shows a toast in the shell (held until the toast host has mounted). */
export function showToast(toast: ToastRequest): void {
  if (listeners.size === 0) {
    if (early.length < EARLY_KEPT) early.push(toast);
    return;
  }
  for (const listener of listeners) listener(toast);
}

/** Subscribes the toast host, which first receives the toasts held for it; returns the unsubscribe function. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  for (const toast of early.splice(0)) listener(toast);
  return () => listeners.delete(listener);
}
