/**
 * `GET /api/ui/screens/:id`: a screen's layout and schemas with an ETag. The browser
 * revalidates on every load (`no-cache`), so an edited file shows on the next load.
 * `GET /api/ui/validators/:name.js`: the form validator of `screens/<name>.schema.json`,
 * compiled on the server as an ES module (issue 13), with an ETag.
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
  app.get<{ Params: { file: string } }>('/api/ui/validators/:file', async (request, reply) => {
    const name = request.params.file.replace(/\.js$/, '');
    const { code, etag } = store.validatorModule(name);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('text/javascript; charset=utf-8').send(code);
  });
}
