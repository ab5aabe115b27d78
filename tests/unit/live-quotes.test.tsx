// @vitest-environment jsdom
/**
 * The live-quote client with Testing Library (the SSE stream): components showing
 * quotes share one EventSource for the symbols mounted (opened after a short debounce, sorted),
 * a streamed quote replaces the loaded one only when it is newer than the loaded one, an error reconnects with backoff
 * and resumes from the last event id, and unmounting everything closes the stream.
 * EventSource is a recording fake; timers are fake (no real waiting).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { QuoteView } from '../../src/shared/market';

/** A fake EventSource: records what was opened and lets the test send events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '', lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId } as MessageEvent<string>);
  }
  get symbols() {
    return new URL(this.url, 'http://x').searchParams.get('symbols');
  }
  get lastEventId() {
    return new URL(this.url, 'http://x').searchParams.get('lastEventId');
  }
}

const quote = (symbol: string, last: number, time: number): QuoteView =>
  ({ symbol, name: symbol, kind: 'equity', sector: '', last, change: 0, changePct: 0, open: last, high: last, low: last, prevClose: last, volume: 0, time }) as QuoteView;

let live: typeof import('../../renderers/market/useLiveQuote');
let client: typeof import('../../renderers/market/liveQuotes');

beforeEach(async () => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.resetModules(); // a fresh client (module state) per test
  client = await import('../../renderers/market/liveQuotes');
  live = await import('../../renderers/market/useLiveQuote');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Price({ loaded }: { loaded: QuoteView }) {
  const current = live.useLiveQuote(loaded)!;
  return <span data-testid={`price-${loaded.symbol}`}>{current.last}</span>;
}

const advance = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('live-quote client', () => {
  it('opens one stream for the mounted symbols and applies newer quotes only', async () => {
    render(
      <>
        <Price loaded={quote('TCS', 100, 1000)} />
        <Price loaded={quote('INFY', 50, 1000)} />
      </>,
    );
    expect(FakeEventSource.opened).toHaveLength(0); // debounced
    await advance(100);
    expect(FakeEventSource.opened).toHaveLength(1);
    const stream = FakeEventSource.opened[0]!;
    expect(stream.symbols).toBe('INFY,TCS');
    expect(client.streamState()).toBe('connecting');
    act(() => stream.emit('open'));
    expect(client.streamState()).toBe('open');

    act(() => stream.emit('quote', JSON.stringify(quote('TCS', 99, 500)), '6')); // older than the loaded quote
    await advance(20); // quotes reach the blocks once per animation frame
    expect(screen.getByTestId('price-TCS').textContent).toBe('100');
    act(() => stream.emit('quote', JSON.stringify(quote('TCS', 101.5, 2000)), '7'));
    expect(screen.getByTestId('price-TCS').textContent).toBe('100'); // not before the frame
    await advance(20);
    expect(screen.getByTestId('price-TCS').textContent).toBe('101.5');
    expect(screen.getByTestId('price-INFY').textContent).toBe('50');
    expect(client.latestQuote('TCS')?.last).toBe(101.5);
    act(() => stream.emit('quote', 'not json', '9')); // skipped
    await advance(20);
    expect(screen.getByTestId('price-TCS').textContent).toBe('101.5');
  });

  it('hands a frame\'s quotes to the blocks together, the newest per symbol', async () => {
    const renders: string[] = [];
    function Counted({ loaded }: { loaded: QuoteView }) {
      const current = live.useLiveQuote(loaded);
      renders.push(`${current?.symbol}:${current?.last}`);
      return <span>{current?.last}</span>;
    }
    render(<><Counted loaded={quote('TCS', 100, 1000)} /><Counted loaded={quote('INFY', 50, 1000)} /></>);
    await advance(100);
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.emit('open'));
    renders.length = 0;
    act(() => {
      stream.emit('quote', JSON.stringify(quote('TCS', 101, 2000)), '1');
      stream.emit('quote', JSON.stringify(quote('INFY', 51, 2000)), '1');
      stream.emit('quote', JSON.stringify(quote('TCS', 102, 3000)), '2');
    });
    expect(renders).toEqual([]);
    await advance(20);
    expect(renders.sort()).toEqual(['INFY:51', 'TCS:102']);
  });

  it('keeps a hidden quote subscribed without re-rendering it, and shows the newest quote when shown again', async () => {
    const renders: string[] = [];
    function Row({ loaded, shown }: { loaded: QuoteView; shown: boolean }) {
      const current = live.useLiveQuote(loaded, true, shown)!;
      renders.push(`${current.symbol}:${current.last}`);
      return <span data-testid={`row-${loaded.symbol}`}>{current.last}</span>;
    }
    const view = render(<><Row loaded={quote('TCS', 100, 1000)} shown /><Row loaded={quote('INFY', 50, 1000)} shown={false} /></>);
    await advance(100);
    const stream = FakeEventSource.opened[0]!;
    expect(stream.symbols).toBe('INFY,TCS'); // the hidden row's symbol stays in the stream
    act(() => stream.emit('open'));
    renders.length = 0;
    act(() => {
      stream.emit('quote', JSON.stringify(quote('TCS', 101, 2000)), '1');
      stream.emit('quote', JSON.stringify(quote('INFY', 51, 2000)), '1');
    });
    await advance(20);
    expect(renders).toEqual(['TCS:101']);
    expect(screen.getByTestId('row-INFY').textContent).toBe('50');
    view.rerender(<><Row loaded={quote('TCS', 100, 1000)} shown /><Row loaded={quote('INFY', 50, 1000)} shown /></>);
    await advance(20);
    expect(screen.getByTestId('row-INFY').textContent).toBe('51');
    expect(FakeEventSource.opened).toHaveLength(1); // scrolling never reopens the stream
  });

  it('reconnects after an error with backoff, resuming from the last event id', async () => {
    render(<Price loaded={quote('TCS', 100, 1000)} />);
    await advance(100);
    const first = FakeEventSource.opened[0]!;
    act(() => {
      first.emit('open');
      first.emit('quote', JSON.stringify(quote('TCS', 102, 2000)), '42');
      first.emit('error');
    });
    expect(first.closed).toBe(true);
    expect(client.streamState()).toBe('retrying');
    expect(FakeEventSource.opened).toHaveLength(1);
    await advance(1_600); // first backoff: 1 s ± 25 %
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = FakeEventSource.opened[1]!;
    expect(second.symbols).toBe('TCS');
    expect(second.lastEventId).toBe('42');
  });

  it('reconnects when neither quotes nor heartbeats arrive for 45 s', async () => {
    render(<Price loaded={quote('TCS', 100, 1000)} />);
    await advance(100);
    const first = FakeEventSource.opened[0]!;
    act(() => first.emit('open'));
    await advance(40_000);
    act(() => first.emit('heartbeat', '', '5'));
    await advance(40_000);
    expect(first.closed).toBe(false); // the heartbeat re-armed the watchdog
    await advance(6_000);
    expect(first.closed).toBe(true);
    await advance(1_600);
    expect(FakeEventSource.opened.length).toBeGreaterThanOrEqual(2);
  });

  it('closes the stream when the last quote unmounts', async () => {
    const view = render(<Price loaded={quote('TCS', 100, 1000)} />);
    await advance(100);
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.emit('open'));
    view.unmount();
    await advance(100);
    expect(stream.closed).toBe(true);
    expect(client.streamState()).toBe('idle');
  });
});
