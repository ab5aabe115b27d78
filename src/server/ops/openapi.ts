/**
 * The OpenAPI 3.1 document of `/api`, built from the call registry:
 * every declared call becomes a path with its method, its access (bearer security for
 * `user` / `operator`), its payload schema (the same JSON Schema file the server validates
 * bodies with, under `components.schemas`) and its response: the success envelope with the
 * call's `data` schema (declared, or derived from its handler's type by `npm run gen`). Every answer is the `{code, message, data}`
 * envelope; the error catalogue (codes, HTTP status, message ids) is listed in
 * `x-error-codes` and in the envelope's description.
 */
import { ERRORS, OK_CODE } from '../../shared/codes.js';
import type { CallRegistry } from '../http/calls.js';
import { contractRef } from '../http/calls.js';
import type { SchemaStore } from '../screens/store.js';

type Json = Record<string, unknown>;

/** Schema ref `screens/bindBank` → component name `screens.bindBank`. */
const componentName = (ref: string) => ref.replace(/\//g, '.');

/** Removes draft-specific keys that would clash inside components (`$id`, `$schema`). */
function clean(schema: Json): Json {
  const { $id: _id, $schema: _schema, ...rest } = schema;
  return rest;
}

/**
 * Builds the document.
 * @param version the app version (package.json).
 */
export function buildOpenApi(calls: CallRegistry, store: SchemaStore, version: string): Json {
  const schemas: Record<string, Json> = {
    Envelope: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer', description: `${OK_CODE} on success; otherwise a catalogue code (see x-error-codes)` },
        message: { type: 'string', description: 'Localized text (lang query: de default, en, hi, zh)' },
        data: { description: 'The call’s result; on validation errors `{errors:[{field,message}]}`' },
      },
    },
  };
  const paths: Record<string, Json> = {};
  for (const call of calls.declared) {
    const method = (call.method ?? 'POST').toLowerCase();
    const operation: Json = {
      operationId: call.name.replace(/\/(\w)/g, (_m, c: string) => c.toUpperCase()),
      tags: [call.name.split('/')[0]],
      summary: call.name,
      parameters: [{ name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['de', 'en', 'hi', 'zh'] } }],
      'x-access': call.access,
      // Query (reads only) or command (refused with 1810 when sent with `X-Nivesh-Intent: load`).
      'x-effect': call.effect,
      ...(call.confirm ? { 'x-confirm': call.confirm } : {}),
      responses: {
        ...(call.response
          ? {
              200: {
                description: 'Success: the envelope with code 200 and the call’s data',
                content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data: call.response } }] } } },
              },
            }
          : {}),
        default: { description: 'The envelope (also for refusals, with the HTTP status of the code’s class)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
      },
    };
    if (call.idempotent) {
      (operation.parameters as Json[]).push({ name: 'Idempotency-Key', in: 'header', required: false, description: 'A retry with the same key and body answers the first answer again', schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,100}$' } });
    }
    if (call.access === 'user' || call.access === 'operator' || call.access === 'editor') operation.security = [{ bearer: [] }];
    if (call.access === 'optional') operation.security = [{}, { bearer: [] }];
    if (call.multipart) {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'JPEG, PNG, WebP or HEIC photo' } } } } },
      };
    } else if (method !== 'get') {
      let schema: Json = { type: 'object', additionalProperties: false, properties: {} };
      // A form body is documented by its code-owned contract, not the staff-edited screen schema.
      const component = (ref: string): Json => {
        const body = contractRef(store, ref)!;
        schemas[componentName(body)] = clean(store.payloadSchema(body).schema as Json);
        return { $ref: `#/components/schemas/${componentName(body)}` };
      };
      try {
        if (typeof call.body === 'string') schema = component(call.body);
        else if (call.body) schema = { oneOf: Object.values(call.body.schemas).map(component) };
      } catch {
        // a missing schema file is reported by the layout linter; the call stays listed
      }
      operation.requestBody = { required: false, content: { 'application/json': { schema } } };
    }
    paths[`/api/${call.name}`] = { ...(paths[`/api/${call.name}`] ?? {}), [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nivesh API',
      version,
      description: 'Server-driven investing app. Every call answers the `{code, message, data}` envelope; money-moving calls honour `Idempotency-Key`. Live quotes: `GET /api/markets/stream` (Server-Sent Events).',
    },
    servers: [{ url: '/' }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    'x-error-codes': Object.fromEntries(Object.entries(ERRORS).map(([key, value]) => [value.code, { key, status: value.status, message: value.message }])),
  };
}
