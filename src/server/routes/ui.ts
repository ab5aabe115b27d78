/**
 * `GET /api/ui/screens/:id`: a screen's layout and schemas with an ETag. The browser
 * revalidates on every load (`no-cache`), so an edited file shows on the next load.
 * `GET /api/ui/validators/:name.js`: the form validator of `screens/<name>.schema.json`,
 * compiled on the server as an ES module, with an ETag; `?v=<root key>` of a studio draft's
 * schema (compiled by `studio/screens/preview`) answers that draft's validator.
 * `GET /api/ui/messages/:lang`: a locale's texts — the built-in files with the
 * studio's published texts on top — as a flat `{id: text}` object with an ETag (`no-cache`:
 * the device keeps it and revalidates, so a published label shows on the next load).
 * `?format=ast` answers `{id: ICU AST}` instead: the browser ships without the ICU parser
 * (the build precompiles the bundled locale files the same way, vite.config.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../domain/deps.js';
import type { SchemaStore } from '../screens/store.js';
import { createHash } from 'node:crypto';
import { parse } from '@formatjs/icu-messageformat-parser';
import { ok, requestLocale } from '../http/envelope.js';
import { LOCALES, type Locale } from '../../shared/lang.js';
import { AppError } from '../domain/errors.js';

export function uiRoutes(app: FastifyInstance, deps: Deps, store: SchemaStore): void {
  app.get<{ Params: { id: string } }>('/api/ui/screens/:id', async (request, reply) => {
    const { payload, etag } = store.screen(request.params.id);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return ok(deps.messages, requestLocale(request), payload);
  });
  // ETags by catalogue object: a catalogue is replaced (never mutated) when texts change.
  const etags = { text: new WeakMap<object, { etag: string; body: string }>(), ast: new WeakMap<object, { etag: string; body: string }>() };
  app.get<{ Params: { lang: string }; Querystring: { format?: string } }>('/api/ui/messages/:lang', async (request, reply) => {
    const lang = request.params.lang.toLowerCase().replace(/\.json$/, '');
    if (!(LOCALES as readonly string[]).includes(lang)) throw new AppError('badRequest');
    const format = request.query.format === 'ast' ? 'ast' : 'text';
    const catalog = deps.messages.catalog(lang as Locale);
    let entry = etags[format].get(catalog);
    if (!entry) {
      const value = format === 'ast' ? Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, parse(text)])) : catalog;
      const body = JSON.stringify(value);
      entry = { body, etag: `"m${format === 'ast' ? 'a' : 't'}-${createHash('sha1').update(body).digest('base64url')}"` };
      etags[format].set(catalog, entry);
    }
    reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  });
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>('/api/ui/validators/:file', async (request, reply) => {
    const name = request.params.file.replace(/\.js$/, '');
    const { code, etag } = store.validatorFor(name, typeof request.query.v === 'string' ? request.query.v : undefined);
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('text/javascript; charset=utf-8').send(code);
  });
}
