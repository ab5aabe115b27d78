// @vitest-environment jsdom
/**
 * The service worker is registered once the entry screen has settled: after the first render
 * has been painted, the delay for what follows it, and a long idle period — never at start-up,
 * where installing it (a process, every chunk of the shell fetched and cached) would compete
 * with the first screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type IdleCallback = (deadline: IdleDeadline) => void;
let idleQueue: Array<{ run: IdleCallback; timeout?: number }> = [];
const register = vi.fn(() => Promise.resolve({}));

/** Runs the idle callbacks waiting now, each with `remainingMs` of idle time. */
function runIdle(remainingMs: number, didTimeout = false) {
  const waiting = idleQueue;
  idleQueue = [];
  for (const item of waiting) item.run({ didTimeout, timeRemaining: () => remainingMs });
  return waiting.length;
}

/** Fresh modules (the first-render flag is module state) with the registration started. */
async function start() {
  vi.resetModules();
  const firstRender = await import('../../renderers/app/first-render');
  const worker = await import('../../renderers/app/service-worker');
  worker.registerServiceWorkerWhenSettled();
  return { ...firstRender, ...worker };
}

beforeEach(() => {
  vi.useFakeTimers();
  idleQueue = [];
  register.mockClear();
  vi.stubGlobal('requestIdleCallback', (run: IdleCallback, options?: { timeout?: number }) => idleQueue.push({ run, timeout: options?.timeout }));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('service worker registration', () => {
  it('waits for the first render, then the delay, then a long idle period', async () => {
    const { markFirstRender, REGISTER_DELAY_MS, SETTLED_IDLE_MS } = await start();
    vi.advanceTimersByTime(60_000);
    expect(idleQueue).toHaveLength(0);
    expect(register).not.toHaveBeenCalled();

    markFirstRender();
    vi.advanceTimersByTime(REGISTER_DELAY_MS - 1);
    expect(idleQueue).toHaveLength(0);
    vi.advanceTimersByTime(1);
    // Short idle periods (frames still being drawn) wait for the next one.
    expect(runIdle(12)).toBe(1);
    expect(runIdle(SETTLED_IDLE_MS - 1)).toBe(1);
    expect(register).not.toHaveBeenCalled();
    expect(runIdle(SETTLED_IDLE_MS)).toBe(1);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(idleQueue).toHaveLength(0);
  });

  it('registers anyway when the idle wait times out on a page that stays busy', async () => {
    const { markFirstRender, REGISTER_DELAY_MS, REGISTER_TIMEOUT_MS } = await start();
    markFirstRender();
    vi.advanceTimersByTime(REGISTER_DELAY_MS);
    expect(idleQueue[0]!.timeout).toBe(REGISTER_TIMEOUT_MS);
    runIdle(3);
    expect(register).not.toHaveBeenCalled();
    runIdle(0, true);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers at the first idle callback after the time is up, even one that did not time out', async () => {
    const { markFirstRender, REGISTER_DELAY_MS, REGISTER_TIMEOUT_MS } = await start();
    markFirstRender();
    vi.advanceTimersByTime(REGISTER_DELAY_MS);
    runIdle(3);
    expect(register).not.toHaveBeenCalled();
    expect(idleQueue[0]!.timeout).toBeGreaterThan(0);
    vi.advanceTimersByTime(REGISTER_TIMEOUT_MS);
    runIdle(3);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const { markFirstRender, REGISTER_DELAY_MS } = await start();
    markFirstRender();
    vi.advanceTimersByTime(REGISTER_DELAY_MS);
    expect(idleQueue).toHaveLength(0);
  });
});
