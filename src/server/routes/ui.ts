/**
 * `GET /api/ui/screens/:id`: a screen's layout and schemas with an ETag. The browser
 * revalidates on every load (`no-cache`), so an edited file shows on the next load.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../domain/deps.js';
import type { SchemaStore } from '../screens/store.js';
import { ok, requestLocale } from '../http/envelope.js';

export function uiRoutes(app: FastifyInstance, deps: Deps, store: SchemaStore): void {
  app.get<{ Params: { id: string } }>('/api/ui/screens/:id', async (request, reply) => {
    const { payload, etag } = store.screen(request.params.id);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return ok(deps.messages, requestLocale(request), payload);
  });
}
