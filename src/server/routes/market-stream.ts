/**
 * `GET /api/markets/stream?symbols=A,B`: live quotes by Server-Sent Events. Each
 * changed quote is an `event: quote` with the quote view as JSON; `event: heartbeat` every
 * 15 s. A reconnect with `Last-Event-ID` (header, or `lastEventId` query for clients that
 * reconnect by hand) resumes: the quotes changed since are sent, or a fresh snapshot. Unknown
 * symbols are refused before the stream starts, with the envelope's code 1300.
 *
 * At most `SSE_MAX_PER_IP` (default 20) open streams per client IP and
 * `SSE_MAX_PER_TOKEN` (default 5) per session token (`Authorization` header or `token` query),
 * refused with code 1608 (HTTP 429) before the stream starts.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../domain/deps.js';
import { AppError } from '../domain/errors.js';
import { MAX_SYMBOLS, instrumentOf, parseSymbols } from '../domain/markets.js';
import type { Market } from '../market/index.js';
import { bearerToken } from '../http/calls.js';
import { sha256 } from '../domain/ids.js';

/** Open-stream counters by key; a key's count returns to zero when its streams close. */
class StreamCounter {
  private readonly open = new Map<string, number>();
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
  add(key: string): () => void {
    this.open.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.count(key) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}

export function marketStreamRoutes(app: FastifyInstance, deps: Deps, market: Market): void {
  const perIp = new StreamCounter();
  const perToken = new StreamCounter();
  const { maxPerIp, maxPerToken } = deps.config.sse;
  app.get('/api/markets/stream', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const token = bearerToken(request) ?? (typeof query.token === 'string' && query.token ? query.token : null);
    const tokenKey = token ? sha256(token) : null;
    if (perIp.count(request.ip) >= maxPerIp || (tokenKey && perToken.count(tokenKey) >= maxPerToken)) throw new AppError('streamLimit');
    const symbols = parseSymbols(query.symbols);
    if (!symbols.length) throw new AppError('unknownSymbol', { symbol: '' });
    if (symbols.length > MAX_SYMBOLS) throw new AppError('tooManySymbols', { max: MAX_SYMBOLS });
    const canonical = symbols.map((symbol) => instrumentOf(market, symbol).symbol);
    try {
      await market.ready();
    } catch {
      throw new AppError('marketUnavailable');
    }
    const header = request.headers['last-event-id'];
    const lastEventId = (Array.isArray(header) ? header[0] : header) ?? (typeof query.lastEventId === 'string' ? query.lastEventId : null);

    const releases = [perIp.add(request.ip), ...(tokenKey ? [perToken.add(tokenKey)] : [])];
    reply.hijack();
    const res = reply.raw;
    const socket = res.socket!;
    // The body is not chunk-framed — it ends when the connection
    // closes (HTTP/1.1 §9.3), as an event stream only ever does — so events go straight to
    // the socket, one write each, without the response object's per-write framing.
    res.useChunkedEncodingByDefault = false;
    res.shouldKeepAlive = false;
    res.writeHead(200, {
      // The security headers (and the rest) the onRequest hooks put on the reply (delivery.ts).
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'close',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    socket.setNoDelay(true);
    socket.setTimeout(0);
    const disconnect = market.hub.connect(
      { write: (chunk) => socket.write(chunk), buffered: () => socket.writableLength, end: () => res.end() },
      canonical,
      lastEventId,
      market.feed.lastSeq,
    );
    res.on('close', () => {
      disconnect();
      for (const release of releases) release();
    });
  });

  // Open streams would keep `app.close()` waiting: end them first.
  app.addHook('preClose', async () => market.hub.closeAll());
}
