/**
 * `GET /api/markets/stream?symbols=A,B` (issue 5): live quotes by Server-Sent Events. Each
 * changed quote is an `event: quote` with the quote view as JSON; `event: heartbeat` every
 * 15 s. A reconnect with `Last-Event-ID` (header, or `lastEventId` query for clients that
 * reconnect by hand) resumes: the quotes changed since are sent, or a fresh snapshot. Unknown
 * symbols are refused before the stream starts, with the envelope's code 1300.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../domain/deps.js';
import { AppError } from '../domain/errors.js';
import { MAX_SYMBOLS, instrumentOf, parseSymbols } from '../domain/markets.js';
import type { Market } from '../market/index.js';

export function marketStreamRoutes(app: FastifyInstance, _deps: Deps, market: Market): void {
  app.get('/api/markets/stream', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
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

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    const disconnect = market.hub.connect(
      { write: (chunk) => res.write(chunk), buffered: () => res.writableLength, end: () => res.end() },
      canonical,
      lastEventId,
      market.feed.lastSeq,
    );
    res.on('close', disconnect);
  });

  // Open streams would keep `app.close()` waiting: end them first.
  app.addHook('preClose', async () => market.hub.closeAll());
}
