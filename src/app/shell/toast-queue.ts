/**
 * The order toasts are shown in: one at a time, each for its full time, the rest waiting in
 * arrival order (a snackbar queue). A toast that says what the shown or a waiting one already
 * says is dropped — four blocks refused with the same reason make one toast, not four. Without
 * the queue a background refusal replaced the toast the investor's own tap had just raised.
 */
import type { ToastRequest } from '../toast-bus';

/** How long one toast stays, in milliseconds. */
export const TOAST_SHOWN_MS = 2600;
/** How long an error toast stays unless dismissed, in milliseconds: long enough to read a refusal. */
export const ERROR_TOAST_SHOWN_MS = 6000;

/** How long `toast` stays on screen, in milliseconds (errors longer, see {@link ERROR_TOAST_SHOWN_MS}). */
export const shownMsOf = (toast: ToastRequest): number => (toast.tone === 'error' ? ERROR_TOAST_SHOWN_MS : TOAST_SHOWN_MS);
/** At most this many toasts wait behind the shown one; later ones are dropped. */
export const TOASTS_WAITING = 3;

/** What a toast says, for telling repeats apart (literal text or message id, and tone). */
function sayingOf(toast: ToastRequest): string {
  return `${toast.tone ?? 'info'}\u0000${toast.text ?? ''}\u0000${toast.messageId ?? ''}`;
}

/**
 * The waiting line after `next` arrives while `shown` is on screen (`null`: none).
 * @returns the same array when `next` repeats the shown or a waiting toast or the line is full,
 * else a new array with `next` at its end.
 */
export function enqueueToast(shown: ToastRequest | null, waiting: readonly ToastRequest[], next: ToastRequest): readonly ToastRequest[] {
  const saying = sayingOf(next);
  if (shown && sayingOf(shown) === saying) return waiting;
  if (waiting.some((toast) => sayingOf(toast) === saying)) return waiting;
  if (waiting.length >= TOASTS_WAITING) return waiting;
  return [...waiting, next];
}
