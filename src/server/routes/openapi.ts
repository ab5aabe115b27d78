/**
 * `GET /api/openapi.json` — the OpenAPI 3.1 document, built once per process after
 * every call is declared — and `GET /api/docs` — its reference rendered by Swagger UI
 * (`swagger-ui-dist`, served from this origin: no CDN).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../http/calls.js';
import type { SchemaStore } from '../screens/store.js';
import { buildOpenApi } from '../ops/openapi.js';
import { ROOT_DIR } from '../config.js';
import { AppError } from '../domain/errors.js';

const require = createRequire(import.meta.url);
const UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/** The Swagger UI files the page loads. */
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nivesh API reference</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'BaseLayout' });`;

export function openApiRoutes(app: FastifyInstance, calls: CallRegistry, store: SchemaStore): void {
  const version = (JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  let document: string | null = null;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi(calls, store, version));
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });
  app.get('/api/docs', async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(PAGE));
  app.get('/api/docs/init.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(INIT));
  app.get<{ Params: { file: string } }>('/api/docs/:file', async (request, reply) => {
    const type = UI_FILES[request.params.file];
    if (!type) throw new AppError('notFound');
    return reply.header('Cache-Control', 'public, max-age=86400').type(type).send(fs.createReadStream(path.join(UI_DIR, request.params.file)));
  });
}
