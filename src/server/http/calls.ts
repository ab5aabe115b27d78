/**
 * Declares `/api` calls: POST (or GET) route, who may call it, which schema validates the
 * body, and a handler that returns the envelope's `data`. Keeps the list of registered call
 * names, which the layout linter checks layouts against.
 */
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Locale } from '../../shared/lang.js';
import { isFieldError, toFieldError, type FieldError, type SchemaNode } from '../../shared/validation.js';
import { AppError } from '../domain/errors.js';
import { authenticate, type AuthUser } from '../domain/sessions.js';
import type { Deps } from '../domain/deps.js';
import type { SchemaStore } from '../screens/store.js';
import { ok, requestLocale } from './envelope.js';

/** Who may call: anyone, anyone (user resolved when a token is sent), investors and operators, operators only. */
export type Access = 'public' | 'optional' | 'user' | 'operator';

/** What a handler receives. */
export interface CallContext<B> {
  body: B;
  /** The caller, or null for visitors on `public` / `optional` calls. */
  auth: AuthUser | null;
  locale: Locale;
  ip: string;
  request: FastifyRequest;
}

/** One call's declaration. */
export interface CallSpec<B> {
  /** Path under `/api`, e.g. `bank/addBank`. */
  name: string;
  method?: 'POST' | 'GET';
  access: Access;
  /** Payload schema reference under `schemas/`, e.g. `screens/bindBank`; none means `{}` only. */
  body?: string;
  /** Extra Fastify route options (rate limits). */
  options?: RouteShorthandOptions;
  handle(ctx: CallContext<B>): Promise<unknown> | unknown;
}

/** Reads the bearer token: `Authorization: Bearer <token>` or a bare token. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : header.trim();
  return token || null;
}

/** Registers calls on one Fastify instance and remembers their names. */
export class CallRegistry {
  readonly names = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: Deps,
    private readonly store: SchemaStore,
  ) {}

  /** Declares a call. */
  define<B = Record<string, never>>(spec: CallSpec<B>): void {
    this.names.add(spec.name);
    const { deps, store } = this;
    this.app.route({
      method: spec.method ?? 'POST',
      url: `/api/${spec.name}`,
      ...(spec.options ?? {}),
      handler: async (request) => {
        const locale = requestLocale(request);
        const auth = await resolveAuth(deps, request, spec.access);
        const body = (spec.method === 'GET' ? {} : validateBody(store, spec.body, request.body, deps, locale)) as B;
        const data = await spec.handle({ body, auth, locale, ip: request.ip, request });
        return ok(deps.messages, locale, data ?? null);
      },
    });
  }
}

/** Resolves the caller for an access level; throws `notLoggedIn` or `forbidden`. */
export async function resolveAuth(deps: Deps, request: FastifyRequest, access: Access): Promise<AuthUser | null> {
  const token = bearerToken(request);
  const auth = token ? await authenticate(deps, token) : null;
  if (access === 'public' || access === 'optional') return access === 'optional' ? auth : null;
  if (!auth) throw new AppError('notLoggedIn');
  if (access === 'operator' && auth.role !== 'operator') throw new AppError('forbidden');
  return auth;
}

/**
 * Validates a body with its schema. Every failure answers code 1000 with the first error's
 * localized text as `message` and all field errors as `data.errors`; an unknown field is
 * rejected (code 1001), not ignored.
 */
function validateBody(store: SchemaStore, ref: string | undefined, raw: unknown, deps: Deps, locale: Locale): unknown {
  const body = raw === undefined || raw === null ? {} : raw;
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('badRequest');
  if (!ref) {
    const extra = Object.keys(body);
    if (extra.length) throw new AppError('unknownField', { field: extra[0]! });
    return body;
  }
  const { schema, validate } = store.payloadSchema(ref);
  if (validate(body)) return body;
  const errors = emptyAsMissing((validate.errors ?? []).filter((error) => isFieldError(error.keyword)).map((error) => toFieldError(error, schema)), body as Record<string, unknown>, schema);
  const unknown = errors.find((e) => e.messageId === 'validation.unknownField');
  if (unknown) throw new AppError('unknownField', { field: unknown.field });
  const fields = errors.map((e) => {
    const label = schema.properties?.[e.field]?.title;
    const text = deps.messages.format(locale, e.messageId, e.values);
    return { field: e.field, message: label ? `${deps.messages.format(locale, label)}: ${text}` : text };
  });
  throw new AppError('validation', { detail: fields[0]!.message }, { errors: fields });
}

/**
 * An empty string in a required field counts as missing: one 'Cannot be Empty' error for the
 * field (SPEC.md §5) instead of its length, format or pattern errors — the same text the
 * browser shows, where an emptied input is dropped from the form data.
 */
function emptyAsMissing(errors: FieldError[], body: Record<string, unknown>, schema: SchemaNode): FieldError[] {
  const required = new Set(schema.required ?? []);
  const reported = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    if (!required.has(error.field) || body[error.field] !== '') {
      result.push(error);
    } else if (!reported.has(error.field)) {
      reported.add(error.field);
      result.push({ field: error.field, messageId: 'validation.required' });
    }
  }
  return result;
}
