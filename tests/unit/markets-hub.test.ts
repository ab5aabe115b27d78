/**
 * SSE fan-out: one serialization per symbol set, resumption by Last-Event-ID, a
 * snapshot for unknown or foreign ids, slow clients dropped.
 */
import { describe, expect, it } from 'vitest';
import { QuoteHub, type HubClient } from '../../src/server/market/hub';
import type { QuoteState } from '../../src/server/market/feed';

const quote = (symbol: string, last: number, seq: number): QuoteState => ({ symbol, last, open: last, high: last, low: last, prevClose: last, volume: 0, time: seq * 1000, seq });

function client(buffered = 0) {
  const chunks: string[] = [];
  let ended = false;
  const c: HubClient & { chunks: string[]; ended: () => boolean } = {
    chunks,
    write: (chunk) => (chunks.push(chunk.toString()), true),
    buffered: () => buffered,
    end: () => void (ended = true),
    ended: () => ended,
  };
  return c;
}

const events = (chunks: string[]) =>
  chunks.join('').split('\n\n').filter((e) => e.includes('event: quote')).map((e) => ({ id: /id: (.*)/.exec(e)?.[1], data: JSON.parse(/data: (.*)/.exec(e)![1]!) as { symbol: string; last: number } }));

function hub(current: Map<string, QuoteState>) {
  let serialized = 0;
  const h = new QuoteHub('b00t', (q) => (serialized++, JSON.stringify({ symbol: q.symbol, last: q.last })), (symbols) => symbols.map((s) => current.get(s)!).filter(Boolean), () => '{}');
  return { h, serialized: () => serialized };
}

describe('quote hub', () => {
  it('sends a snapshot on connect and then only the subscribed symbols', () => {
    const current = new Map([['TCS', quote('TCS', 100, 0)], ['INFY', quote('INFY', 200, 0)]]);
    const { h } = hub(current);
    const a = client();
    h.connect(a, ['TCS'], null, 0);
    expect(a.chunks[0]).toContain('retry: 2000');
    expect(events(a.chunks)).toEqual([{ id: 'b00t-0', data: { symbol: 'TCS', last: 100 } }]);
    h.publish({ seq: 1, time: 1000, quotes: [quote('TCS', 101, 1), quote('INFY', 201, 1)] });
    expect(events(a.chunks).at(-1)).toEqual({ id: 'b00t-1', data: { symbol: 'TCS', last: 101 } });
    expect(events(a.chunks)).toHaveLength(2);
  });

  it('serializes each quote once however many clients share a symbol set', () => {
    const { h, serialized } = hub(new Map());
    const clients = Array.from({ length: 100 }, () => client());
    clients.forEach((c) => h.connect(c, ['TCS', 'INFY'], null, 0));
    const before = serialized();
    h.publish({ seq: 1, time: 1000, quotes: [quote('TCS', 1, 1), quote('INFY', 2, 1)] });
    expect(serialized() - before).toBe(2);
    expect(h.delivered).toBe(200);
    expect(h.size).toBe(100);
  });

  it('resumes from Last-Event-ID with the newest value of each changed symbol', () => {
    const current = new Map([['TCS', quote('TCS', 103, 3)], ['INFY', quote('INFY', 200, 0)]]);
    const { h } = hub(current);
    for (let seq = 1; seq <= 3; seq++) h.publish({ seq, time: seq * 1000, quotes: [quote('TCS', 100 + seq, seq)] });
    const resumed = client();
    h.connect(resumed, ['TCS', 'INFY'], 'b00t-1', 3);
    expect(events(resumed.chunks).map((e) => e.data)).toEqual([{ symbol: 'TCS', last: 103 }]);

    const foreign = client();
    h.connect(foreign, ['TCS', 'INFY'], 'other-1', 3); // another boot: full snapshot
    expect(events(foreign.chunks).map((e) => e.data.symbol).sort()).toEqual(['INFY', 'TCS']);
  });

  it('drops clients that cannot keep up, and ends every stream on close', () => {
    const { h } = hub(new Map());
    const slow = client(5_000_000);
    const fast = client();
    h.connect(slow, ['TCS'], null, 0);
    const disconnect = h.connect(fast, ['TCS'], null, 0);
    h.publish({ seq: 1, time: 1000, quotes: [quote('TCS', 1, 1)] });
    expect(slow.ended()).toBe(true);
    expect(fast.ended()).toBe(false);
    disconnect();
    disconnect(); // twice is harmless
    h.closeAll();
    expect(h.size).toBe(0);
  });
});
