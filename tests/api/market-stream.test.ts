/**
 * Live quotes by Server-Sent Events over a real socket: a snapshot on
 * connect, each changed quote as the clock moves, heartbeats, resumption with Last-Event-ID,
 * a clear error for unknown symbols, and streams ended when the server closes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  // The first stream would otherwise pay for the feed's start (the day's bars opened in the
  // database) before its snapshot; that is set-up, timed by the hook's limit, not the test's.
  await server.market.ready();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.stop();
});

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** Opens a stream and collects parsed events. */
function open(path: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  let buffer = '';
  let status = 0;
  let contentType = '';
  let responseHeaders: http.IncomingHttpHeaders = {};
  let ended = false;
  const request = http.get(`${base}${path}`, { headers }, (response) => {
    status = response.statusCode ?? 0;
    contentType = String(response.headers['content-type'] ?? '');
    responseHeaders = response.headers;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          const [key, ...rest] = line.split(': ');
          if (key === 'id' || key === 'event' || key === 'data') event[key] = rest.join(': ');
        }
        if (event.event) events.push(event);
      }
    });
    response.on('end', () => (ended = true));
  });
  request.on('error', () => (ended = true));
  /** Waits until the predicate holds (bounded only by the test's own time limit). */
  const waitFor = (predicate: () => boolean) =>
    vi.waitFor(
      () => {
        if (!predicate()) throw new Error(`not yet; status ${status}, events: ${JSON.stringify(events.slice(-5))}`);
      },
      { timeout: 25_000, interval: 10 },
    );
  return { events, waitFor, status: () => status, contentType: () => contentType, headers: () => responseHeaders, ended: () => ended, close: () => request.destroy() };
}

const quotes = (events: SseEvent[]) => events.filter((e) => e.event === 'quote').map((e) => ({ id: e.id, ...(JSON.parse(e.data!) as { symbol: string; last: number; time: number }) }));

describe('markets/stream', () => {
  it('sends a snapshot, then each changed quote as time passes', async () => {
    const stream = open('/api/markets/stream?symbols=RELIANCE,TCS');
    await stream.waitFor(() => quotes(stream.events).length >= 2);
    expect(stream.status()).toBe(200);
    expect(stream.contentType()).toMatch(/^text\/event-stream/);
    // The security headers of every answer reach the hijacked stream too (http/delivery.ts).
    expect(String(stream.headers()['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(stream.headers()['x-content-type-options']).toBe('nosniff');
    expect(stream.headers()['cache-control']).toBe('no-cache, no-transform');
    expect(quotes(stream.events).map((q) => q.symbol).sort()).toEqual(['RELIANCE', 'TCS']);

    server.clock.advance(3_000);
    server.market.feed.sync();
    await stream.waitFor(() => quotes(stream.events).length > 2);
    const later = quotes(stream.events).slice(2);
    expect(later.every((q) => q.symbol === 'RELIANCE' || q.symbol === 'TCS')).toBe(true);
    expect(later.every((q) => q.time === server.clock.now())).toBe(true);
    expect(later[0]!.id).toMatch(new RegExp(`^${server.market.feed.bootId}-\\d+$`));

    server.market.hub.beat();
    await stream.waitFor(() => stream.events.some((e) => e.event === 'heartbeat'));
    stream.close();
  });

  it('resumes with Last-Event-ID: only quotes changed since are sent', async () => {
    const first = open('/api/markets/stream?symbols=INFY,SENSEX');
    await first.waitFor(() => quotes(first.events).length >= 2);
    const lastId = quotes(first.events).at(-1)!.id!;
    first.close();

    for (let i = 0; i < 3; i++) {
      server.clock.advance(1_000);
      server.market.feed.sync();
    }
    const resumed = open('/api/markets/stream?symbols=INFY,SENSEX', { 'last-event-id': lastId });
    await resumed.waitFor(() => resumed.events.length >= 1);
    const got = quotes(resumed.events);
    expect(got.length).toBeLessThanOrEqual(2);
    expect(got.every((q) => q.time > Number(lastId.split('-')[1]) || q.time >= server.clock.now() - 3_000)).toBe(true);

    // An id from another boot (the server restarted) gets a full snapshot.
    const foreign = open('/api/markets/stream?symbols=INFY,SENSEX&lastEventId=deadbeef-5');
    await foreign.waitFor(() => quotes(foreign.events).length >= 2);
    resumed.close();
    foreign.close();
  });

  it('refuses unknown or missing symbols with an envelope before streaming', async () => {
    for (const [path, code] of [['/api/markets/stream?symbols=NOPE', 1300], ['/api/markets/stream', 1300]] as const) {
      const response = await server.app.inject({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}lang=en` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code });
    }
  });

  it('ends open streams when the server closes', async () => {
    const own = await startTestServer();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const saved = base;
    base = url;
    const stream = open('/api/markets/stream?symbols=TCS');
    base = saved;
    await stream.waitFor(() => quotes(stream.events).length >= 1);
    await own.stop();
    await stream.waitFor(() => stream.ended());
  });
});
