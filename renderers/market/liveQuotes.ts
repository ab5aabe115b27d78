/**
 * The browser's live-quote subscription: one EventSource to
 * `/api/markets/stream?symbols=…` for the symbols mounted blocks show, reopened (debounced)
 * when that set grows. Closed while the page is hidden, reopened on return with the last
 * event id; after an error it reconnects with exponential backoff (1 s … 30 s, jittered) and
 * a watchdog reconnects when neither quotes nor heartbeats arrive for 45 s. The first stream
 * of a page load opens once the page has loaded and the main thread is idle (at most
 * {@link FIRST_OPEN_IDLE_MS} later): the screen's calls just answered with current quotes, and
 * the stream's opening snapshot re-rendering every row would compete with the first screen.
 */
import type { QuoteView } from '../../src/shared/market';

type Listener = (quote: QuoteView) => void;
/** Connection state, for the live dot and tests. */
export type StreamState = 'idle' | 'connecting' | 'open' | 'paused' | 'retrying';

const listeners = new Map<string, Set<Listener>>();
const latest = new Map<string, QuoteView>();
const stateListeners = new Set<(state: StreamState) => void>();
let source: EventSource | null = null;
let connectedSymbols = new Set<string>();
let lastEventId: string | null = null;
/** The symbol set of the last opened stream (sorted, comma-joined). */
let lastSymbols = '';
let state: StreamState = 'idle';
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let debounceTimer: ReturnType<typeof setTimeout> | null = null;
let watchdog: ReturnType<typeof setTimeout> | null = null;
let visibilityHooked = false;

/** Symbols with a quote not yet handed to their listeners (see {@link deliverSoon}). */
const undelivered = new Set<string>();
let deliveryScheduled = false;

/**
 * Hands new quotes to their listeners once per animation frame: a batch of quotes
 * arrives as one event per quote, and re-rendering a row per event would make a long task of
 * every batch on a phone. All quotes of a frame update their blocks in one render; the newest quote per symbol wins.
 */
function deliverSoon(symbol: string): void {
  undelivered.add(symbol);
  if (deliveryScheduled) return;
  deliveryScheduled = true;
  const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 16);
  schedule(() => {
    deliveryScheduled = false;
    const symbols = [...undelivered];
    undelivered.clear();
    for (const item of symbols) {
      const quote = latest.get(item);
      if (quote) for (const listener of listeners.get(item) ?? []) listener(quote);
    }
  });
}

const WATCHDOG_MS = 45_000;
const MAX_BACKOFF_MS = 30_000;

function setState(next: StreamState): void {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener(next);
}

function wanted(): Set<string> {
  return new Set([...listeners.keys()].filter((symbol) => listeners.get(symbol)!.size > 0));
}

function close(): void {
  source?.close();
  source = null;
  connectedSymbols = new Set();
  if (watchdog) clearTimeout(watchdog);
  watchdog = null;
}

function armWatchdog(): void {
  if (watchdog) clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    close();
    scheduleRetry();
  }, WATCHDOG_MS);
}

function scheduleRetry(): void {
  if (retryTimer) return;
  setState('retrying');
  const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
  attempt++;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    open();
  }, delay);
}

/**
 * Opens the stream for the wanted symbols. `resume` sends the last event id, so the server
 * answers with what changed since; a changed symbol set asks for a fresh snapshot instead.
 */
function open(resume = true): void {
  const symbols = wanted();
  const sameSet = symbols.size === connectedSymbols.size && [...symbols].every((s) => connectedSymbols.has(s));
  const resumable = resume && (sameSet || lastSymbols === [...symbols].sort().join(','));
  close();
  if (!symbols.size) return setState('idle');
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return setState('paused');
  const key = [...symbols].sort().join(',');
  const params = new URLSearchParams({ symbols: key });
  if (lastEventId && resumable) params.set('lastEventId', lastEventId);
  lastSymbols = key;
  const es = new EventSource(`/api/markets/stream?${params.toString()}`);
  source = es;
  connectedSymbols = symbols;
  setState('connecting');
  armWatchdog();
  es.addEventListener('open', () => {
    if (source !== es) return;
    attempt = 0;
    setState('open');
  });
  es.addEventListener('quote', (event) => {
    if (source !== es) return;
    const message = event as MessageEvent<string>;
    if (message.lastEventId) lastEventId = message.lastEventId;
    armWatchdog();
    try {
      const quote = JSON.parse(message.data) as QuoteView;
      latest.set(quote.symbol, quote);
      deliverSoon(quote.symbol);
    } catch {
      /* a malformed event is skipped */
    }
  });
  es.addEventListener('heartbeat', (event) => {
    if (source !== es) return;
    const message = event as MessageEvent<string>;
    if (message.lastEventId) lastEventId = message.lastEventId;
    armWatchdog();
  });
  es.addEventListener('error', () => {
    if (source !== es) return;
    // The browser retries by itself while CONNECTING; we take over with backoff either way,
    // so a server that answers with an error page is retried too.
    close();
    scheduleRetry();
  });
}

function hookVisibility(): void {
  if (visibilityHooked || typeof document === 'undefined') return;
  visibilityHooked = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      close();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      setState(wanted().size ? 'paused' : 'idle');
    } else if (wanted().size) {
      attempt = 0;
      open();
    }
  });
}

/** Longest wait (ms) for an idle main thread before the page's first stream opens anyway. */
const FIRST_OPEN_IDLE_MS = 1500;
/** Resolves once the page has loaded and the main thread is idle (the first stream waits for it). */
let pageSettled: Promise<void> | null = null;
let settled = false;

function whenPageSettled(): Promise<void> {
  pageSettled ??= new Promise<void>((done) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => done(), { timeout: FIRST_OPEN_IDLE_MS });
      else setTimeout(done, 0);
    };
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }).then(() => {
    settled = true;
  });
  return pageSettled;
}

function reconcile(): void {
  if (!settled) {
    void whenPageSettled().then(reconcile);
    return;
  }
  if (debounceTimer) clearTimeout(debounceTimer);
  debounceTimer = setTimeout(() => {
    debounceTimer = null;
    const symbols = wanted();
    if (!symbols.size) {
      close();
      return setState('idle');
    }
    const covered = [...symbols].every((s) => connectedSymbols.has(s));
    // Keep a connection that already covers the symbols (extra ones are harmless for a while),
    // unless it carries more than twice what is needed.
    if (source && covered && connectedSymbols.size <= symbols.size * 2 + 4) return;
    if (retryTimer) return; // the pending retry opens with the current set
    open(false);
  }, 80);
}

/**
 * Receives live quotes for a symbol until the returned function is called.
 * Only available in a browser with EventSource; elsewhere it does nothing.
 */
export function subscribeQuote(symbol: string, listener: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  hookVisibility();
  let set = listeners.get(symbol);
  if (!set) {
    set = new Set();
    listeners.set(symbol, set);
  }
  set.add(listener);
  reconcile();
  return () => {
    set!.delete(listener);
    if (!set!.size) listeners.delete(symbol);
    reconcile();
  };
}

/** The newest streamed quote of a symbol, if any arrived. */
export function latestQuote(symbol: string): QuoteView | undefined {
  return latest.get(symbol);
}

/** Follows the connection state. */
export function subscribeState(listener: (state: StreamState) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** The connection state now. */
export function streamState(): StreamState {
  return state;
}
