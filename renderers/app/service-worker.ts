/**
 * The service worker's registration (`/sw.js`, written by the build: precache of the shell,
 * stale-while-revalidate screens). Installing the worker starts a process and fetches and
 * caches every chunk of the shell, so it waits until the entry screen has settled: its first
 * render painted, {@link REGISTER_DELAY_MS} for the calls, blocks and live quotes that follow
 * it, and then a long idle period, one with no frame to draw and nothing queued (the browser
 * grants an idle callback up to 50 ms then). The page's `load` event is far earlier: it comes
 * before the entry screen's data has arrived, and blocks then still render one per frame.
 * Nothing needs the worker sooner: it serves the app offline and from cache on a later visit.
 */
import { afterFirstRender } from './first-render';

/** How long after the first render (ms) the page may still be loading its first screen. */
export const REGISTER_DELAY_MS = 3000;
/** An idle period at least this long (ms) means the page has settled. */
export const SETTLED_IDLE_MS = 45;
/** The longest wait for a long idle period (ms); the worker is registered then even on a busy page. */
export const REGISTER_TIMEOUT_MS = 10_000;

/**
 * Calls `run` once the page has a long idle period ({@link SETTLED_IDLE_MS}) or `timeoutMs` has
 * passed, whichever comes first. Without `requestIdleCallback` (Safari) it runs after a task.
 */
export function whenSettled(run: () => void, timeoutMs = REGISTER_TIMEOUT_MS): void {
  if (typeof requestIdleCallback !== 'function') {
    setTimeout(run, 0);
    return;
  }
  const until = performance.now() + timeoutMs;
  const check = (deadline: IdleDeadline) => {
    // A timeout of 0 would mean none at all: once the time is up, run at this callback.
    const left = until - performance.now();
    if (deadline.didTimeout || left <= 0 || deadline.timeRemaining() >= SETTLED_IDLE_MS) run();
    else requestIdleCallback(check, { timeout: left });
  };
  requestIdleCallback(check, { timeout: timeoutMs });
}

/**
 * Registers `/sw.js` for scope `/` {@link REGISTER_DELAY_MS} after the first render, once the
 * page is idle (see {@link whenSettled}).
 * Does nothing where the browser has no service workers; a failed registration leaves the app
 * working without one (online only).
 */
export function registerServiceWorkerWhenSettled(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  afterFirstRender(() => setTimeout(() => whenSettled(register), REGISTER_DELAY_MS));
}
