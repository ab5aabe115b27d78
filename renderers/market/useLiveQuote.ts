/**
 * React bindings of the live-quote stream: a quote from a loaded list or detail, replaced by
 * newer streamed values for the same symbol while the component is mounted.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { QuoteView } from '../../src/shared/market';
import { latestQuote, streamState, subscribeQuote, subscribeState, type StreamState } from './liveQuotes';

/** Merges a streamed quote over the loaded one when it is newer. */
function newer<T extends QuoteView>(loaded: T, streamed: QuoteView | undefined): T {
  return streamed && streamed.time >= loaded.time ? { ...loaded, ...streamed } : loaded;
}

/**
 * A quote kept live by the stream (null in: null out).
 * @param live false: no subscription, the loaded quote as it is.
 * @param shown false (e.g. a row scrolled out of sight): the symbol stays subscribed — the
 *   stream's symbol set does not change while scrolling — but its ticks do not re-render; when
 *   shown again it takes the newest quote at once.
 */
export function useLiveQuote<T extends QuoteView>(loaded: T | null | undefined, live = true, shown = true): T | null {
  // The stream carries feed instruments only: an ETF's iNAV is priced per read, and
  // subscribing its symbol would make the server refuse the whole stream.
  const symbol = loaded?.kind === 'etf' ? undefined : loaded?.symbol;
  const [streamed, setStreamed] = useState<QuoteView | undefined>(() => (symbol ? latestQuote(symbol) : undefined));
  const shownNow = useRef(shown);
  shownNow.current = shown;
  useEffect(() => {
    if (!symbol || !live) return undefined;
    setStreamed(latestQuote(symbol));
    return subscribeQuote(symbol, (quote) => {
      if (shownNow.current) setStreamed(quote);
    });
  }, [symbol, live]);
  useEffect(() => {
    if (shown && symbol && live) setStreamed(latestQuote(symbol));
  }, [shown, symbol, live]);
  if (!loaded) return null;
  return newer(loaded, streamed?.symbol === symbol ? streamed : undefined);
}

/** The stream's connection state. */
export function useStreamState(): StreamState {
  return useSyncExternalStore(subscribeState, streamState, () => 'idle');
}
